/**
 * SMS in a clinic of several queues, through a real server and a local fake Twilio: the texts name the
 * number's queue as the LINE and Web Push notices do (decision 066), and a desk patient moved to another
 * queue (decision 067) keeps the mobile the desk saved, so the new queue's turn-near text reaches them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mustCall, staffCookie } from '../support/client.js';
import { startFakeTwilio, type FakeTwilio } from '../fakes/twilio.js';
import { eventually, type NotifyWorld, openReception, outboxSettled, startNotifyWorld } from './support.js';

const SID = `AC${'0123456789abcdef'.repeat(2)}`;
const TOKEN = 'f'.repeat(32);
const fever = { nameJa: '発熱外来', nameEn: 'Fever clinic', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null };
type Slot = { slotId: string; reservationNumber: number };

describe('SMS with several queues', () => {
  let world: NotifyWorld;
  let twilio: FakeTwilio;
  let cookie: string;
  let queues: { id: string; nameJa: string; firstNumber: number }[];
  const url = () => world.server.url;
  const walkIn = (phone?: string, queueId?: string) =>
    mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'ADMIN', ...(phone ? { phone } : {}), ...(queueId ? { queueId } : {}) }, { cookie });
  const feverId = () => queues.find((q) => q.firstNumber === 501)!.id;
  const mainQueue = () => queues.find((q) => q.firstNumber !== 501)!;

  beforeEach(async () => {
    twilio = await startFakeTwilio();
    world = await startNotifyWorld({ SMS_API_BASE_URL: twilio.url });
    cookie = await staffCookie(url(), world.server.store);
    // Made before the session opens: a queue's numbers are made when it does (decision 061).
    await mustCall(url(), 'saveQueue', fever, { cookie });
    await openReception(world.server, cookie);
    await mustCall(url(), 'saveSmsSettings', { on: true, accountSid: SID, authToken: TOKEN, from: '+15005550006' }, { cookie });
    queues = (await mustCall<{ queues: typeof queues }>(url(), 'getQueues', {})).queues;
  });
  afterEach(async () => {
    await world.close();
    await twilio.close();
  });

  it('names the queue in the turn-near text and the recall', async () => {
    const patient = await walkIn('090-1234-5678'); // nobody ahead: near at once
    const near = await eventually(() => twilio.delivered[0], 'the turn-near SMS');
    expect(near.body).toBe(`【さくらクリニック】${mainQueue().nameJa} ${patient.reservationNumber}番の方\u3000順番が近づきました（あと5人以内）。ご来院ください。`);
    await mustCall(url(), 'sendReservationMessageBySlot', { slotId: patient.slotId, kind: 'recall' }, { cookie });
    const recall = await eventually(() => twilio.delivered[1], 'the recall SMS');
    expect(recall.body).toBe(`【さくらクリニック】${mainQueue().nameJa} ${patient.reservationNumber}番の方\u3000順番です。受付までお越しください。`);
  });

  it('keeps a moved desk patient\'s mobile: the new queue\'s turn-near text reaches them', async () => {
    for (let i = 0; i < 6; i++) await walkIn(); // 6 ahead in the first queue: not near yet
    const patient = await walkIn('09012345678');
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(twilio.delivered).toEqual([]);

    const moved = await mustCall<Slot>(url(), 'moveToQueue', { slotId: patient.slotId, queueId: feverId() }, { cookie });
    expect(moved.reservationNumber).toBe(501);
    // Nobody ahead in 発熱外来: near at once, by SMS to the same mobile, naming the new queue and number.
    const near = await eventually(() => twilio.delivered[0], 'the turn-near SMS after the move');
    expect(near.to).toBe('+819012345678');
    expect(near.body).toBe('【さくらクリニック】発熱外来 501番の方\u3000順番が近づきました（あと5人以内）。ご来院ください。');
    // The desk's list shows the number on the new reservation, not the cancelled one.
    const numbers = await world.server.store.db.selectFrom('sms_numbers').select(['slot_id', 'masked']).execute();
    expect(numbers).toEqual([{ slot_id: moved.slotId, masked: '090-****-5678' }]);
  });
});
