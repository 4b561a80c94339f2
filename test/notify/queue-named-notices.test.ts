/**
 * Notices name the number's queue once the clinic has more than one (decision 066): through the real server,
 * worker and deliverer to the fake LINE, a number of a second queue is told 「予防接種 501番」 in Japanese and
 * "Vaccination, No. 502" in English, its turn-is-near notice and its recall alike; the first queue's numbers
 * are named too. A one-queue clinic's words are checked against the literal texts in notices.test.ts,
 * notices-english.test.ts and src/server/notify/notice-text.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mustCall, staffCookie } from '../support/client.js';
import { eventually, lineToken, lineUserId, type NotifyWorld, openReception, outboxSettled, startNotifyWorld } from './support.js';

type Slot = { slotId: string; reservationNumber: number };
const vaccination = { nameJa: '予防接種', nameEn: 'Vaccination', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null };

describe('notices of a clinic with two queues', () => {
  let world: NotifyWorld;
  let cookie: string;
  const url = () => world.server.url;

  beforeEach(async () => {
    world = await startNotifyWorld();
    cookie = await staffCookie(url(), world.server.store);
  });
  afterEach(async () => world.close());

  it("names the queue in the patient's language, in the turn-is-near notice and the recall", async () => {
    // Added before the session opens, so the queue has its numbers in it (decision 061).
    const { id } = await mustCall<{ id: string }>(url(), 'saveQueue', vaccination, { cookie });
    await openReception(world.server, cookie);
    const ja = await lineToken(world.server.dataDir, lineUserId(1));
    const en = await lineToken(world.server.dataDir, lineUserId(2));
    const general = await lineToken(world.server.dataDir, lineUserId(3));
    const first = await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'LINE', queueId: id }, { token: ja });
    expect(first.reservationNumber).toBe(501);
    const ahead = await eventually(() => world.line.delivered.find((d) => d.to === lineUserId(1)), 'the Japanese notice');
    expect(ahead.text).toBe('【さくらクリニック】予防接種 501番の方へ　あなたの前の方が5人になりました。ご来院のうえ、院内でお待ちください。');

    const second = await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'LINE', queueId: id, lang: 'en' }, { token: en });
    const aheadEn = await eventually(() => world.line.delivered.find((d) => d.to === lineUserId(2)), 'the English notice');
    expect(aheadEn.text).toBe('[さくらクリニック] Vaccination, No. 502: 5 people are ahead of you now. Please come to the clinic and wait inside.');
    await mustCall(url(), 'sendReservationMessageBySlot', { slotId: second.slotId, kind: 'recall' }, { cookie });
    const recall = await eventually(() => world.line.delivered.filter((d) => d.to === lineUserId(2))[1], 'the English recall');
    expect(recall.text).toBe('[さくらクリニック] Vaccination, No. 502: it is your turn. Please come to the reception desk.');

    // The first queue is named as well: with two queues, 「1番」 alone would not say which.
    await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'LINE' }, { token: general });
    const main = await eventually(() => world.line.delivered.find((d) => d.to === lineUserId(3)), 'the first queue\'s notice');
    expect(main.text).toBe('【さくらクリニック】一般 1番の方へ　あなたの前の方が5人になりました。ご来院のうえ、院内でお待ちください。');
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(world.line.unexpected).toEqual([]);
  });
});
