/**
 * The move notice (decision 067) from the staff's moveToQueue to the patient, over real HTTP with the fake LINE
 * and push services: told once, by the patient's own channel, in the language the number was taken in, with
 * the new queue and number, and the card names the number moved from; the words themselves without a server.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { eventually, lineToken, lineUserId, type NotifyWorld, openReception, outboxSettled, startNotifyWorld } from './support.js';
import { movedText } from '../../src/server/notify/deliverer.js';
import { movedNoticeBody } from '../../src/server/domain/move-queue/notice-body.js';

type Slot = { slotId: string; reservationNumber: number };
const fever = { nameJa: '発熱外来', nameEn: 'Fever clinic', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null };

describe('the move notice words', () => {
  it('names the number the patient knew, the new queue and the new number, in Japanese or English', () => {
    const body = movedNoticeBody({ from: 12 });
    expect(movedText(body, '発熱外来', 'さくらクリニック', 503)).toBe(
      '【さくらクリニック】受付番号 12番の方へ　受付を「発熱外来」に移しました。新しい受付番号は 503番です。',
    );
    expect(movedText(body, 'Fever clinic', 'さくらクリニック', 503, 'en')).toBe(
      '[さくらクリニック] No. 12: your place has been moved to "Fever clinic". Your new number is 503.',
    );
    // A row without the number it came from (written by hand) still tells the new one.
    expect(movedText('not json', '発熱外来', 'さくらクリニック', 503)).toBe('【さくらクリニック】受付を「発熱外来」に移しました。新しい受付番号は 503番です。');
  });
});

describe('a patient moved to another queue is told once', () => {
  let world: NotifyWorld;
  let cookie: string;
  const url = () => world.server.url;

  beforeEach(async () => {
    world = await startNotifyWorld();
    cookie = await staffCookie(url(), world.server.store);
    // Made before the session opens: a queue's numbers are made when it does (decision 061).
    await mustCall(url(), 'saveQueue', fever, { cookie });
    await openReception(world.server, cookie);
  });
  afterEach(async () => world.close());

  const moves = (texts: string[], mark: string) => texts.filter((text) => text.includes(mark));

  it('by LINE in English and by Web Push in Japanese, with the queue in their language', async () => {
    const { id: feverId } = (await mustCall<{ queues: { id: string; firstNumber: number }[] }>(url(), 'getQueues', {})).queues.find((q) => q.firstNumber === 501)!;
    const token = await lineToken(world.server.dataDir, lineUserId(1));
    const line = await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'LINE', lang: 'en' }, { token });
    const patient = await pwaPatient(url());
    await mustCall(url(), 'saveSafariSubscription', { subscription: world.push.subscribe() }, { token: patient.token });
    const pwa = await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });

    const movedLine = await mustCall<Slot>(url(), 'moveToQueue', { slotId: line.slotId, queueId: feverId }, { cookie });
    const movedPwa = await mustCall<Slot>(url(), 'moveToQueue', { slotId: pwa.slotId, queueId: feverId }, { cookie });
    expect([movedLine.reservationNumber, movedPwa.reservationNumber]).toEqual([501, 502]);
    // The patient's card is the new number, and says which one it moved from.
    const card = await mustCall<{ reservation: Record<string, unknown> }>(url(), 'getMyReservation', {}, { token: patient.token });
    expect(card.reservation).toMatchObject({ slotId: movedPwa.slotId, reservationNumber: 502, queueId: feverId, movedFrom: 2 });

    await eventually(() => moves(world.line.delivered.map((d) => d.text), 'moved to').length > 0 || undefined, 'the LINE move notice');
    await eventually(() => moves(world.push.received.map((p) => p.payload.body), '移しました').length > 0 || undefined, 'the pushed move notice');
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(moves(world.line.delivered.map((d) => d.text), 'moved to')).toEqual([
      '[さくらクリニック] No. 1: your place has been moved to "Fever clinic". Your new number is 501.',
    ]);
    expect(moves(world.push.received.map((p) => p.payload.body), '移しました')).toEqual([
      '【さくらクリニック】受付番号 2番の方へ　受付を「発熱外来」に移しました。新しい受付番号は 502番です。',
    ]);
    expect(world.line.unexpected).toEqual([]);
  });
});
