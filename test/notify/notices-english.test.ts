/**
 * Notices in the patient's language (docs/decisions/023): a number taken on the English screens
 * (allocateNextSlot with lang 'en') is told in English through the fake LINE and the fake push service; one
 * taken without a language, as every caller did before, still in Japanese.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { eventually, lineToken, lineUserId, type NotifyWorld, openReception, outboxSettled, startNotifyWorld } from './support.js';

type Slot = { slotId: string; reservationNumber: number };

describe('notices in the language the number was taken in', () => {
  let world: NotifyWorld;
  let cookie: string;
  const url = () => world.server.url;

  beforeEach(async () => {
    world = await startNotifyWorld();
    cookie = await staffCookie(url(), world.server.store);
    await openReception(world.server, cookie);
  });
  afterEach(async () => world.close());

  it('sends the 5-ahead push and the LINE recall in English to English readers', async () => {
    const patient = await pwaPatient(url());
    await mustCall(url(), 'saveSafariSubscription', { subscription: world.push.subscribe() }, { token: patient.token });
    await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'PWA', lang: 'en' }, { token: patient.token });
    const push = await eventually(() => world.push.received[0], 'a push');
    expect(push.payload.body).toBe('[さくらクリニック] Number 1: 5 people are ahead of you now. Please come to the clinic and wait inside.');

    const token = await lineToken(world.server.dataDir, lineUserId(1));
    const line = await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'LINE', lang: 'en' }, { token });
    const ahead = await eventually(() => world.line.delivered[0], 'a LINE push');
    expect(ahead.text).toBe('[さくらクリニック] Number 2: 5 people are ahead of you now. Please come to the clinic and wait inside.');
    await mustCall(url(), 'sendReservationMessageBySlot', { slotId: line.slotId, kind: 'recall' }, { cookie });
    const recall = await eventually(() => world.line.delivered[1], 'the LINE recall');
    expect(recall.text).toBe('[さくらクリニック] Number 2: it is your turn. Please come to the reception desk.');
    expect(world.line.unexpected).toEqual([]);
  });

  it('keeps Japanese for a number taken without a language, and refuses a language we do not have', async () => {
    const token = await lineToken(world.server.dataDir, lineUserId(2));
    const refused = await callFn(url(), 'allocateNextSlot', { reservedType: 'LINE', lang: 'fr' }, { token });
    expect(refused.status).toBe(400);
    await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'LINE' }, { token });
    const sent = await eventually(() => world.line.delivered[0], 'a LINE push');
    expect(sent.text).toContain('受付番号 1番の方へ');
    await eventually(() => outboxSettled(world.server), 'outbox settled');
  });
});
