/**
 * Moving a waiting patient to another queue over each real store: the new number keeps the patient's place
 * by their first number's time, the old one is cancelled by staff, moving back is the undo, and every refusal
 * changes nothing.
 */
import { expect, it } from 'vitest';
import { saveQueue, saveQueueChoices, removeQueue } from '../queues/apply.js';
import type { Store } from '../../storage/port.js';
import { moveToQueue } from './apply.js';
import { allocateSlot } from '../../../../test/support/allocation.js';
import { outcomeWithKey, slotRow, useTestStore } from '../../../../test/support/domain-store.js';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../test/support/writes.js';
import { markSlot } from '../mark-slot/apply.js';
import { sealer } from '../../auth/sealed.js';
import { saveSmsSettings } from '../sms/settings.js';
import { setSmsNumber } from '../sms/apply.js';
import { smsNumberOf } from '../sms/read.js';

const actor = { id: null, username: 'desk' };
const seal = sealer('a server secret for the test', 'sms');

async function addFever(store: Store): Promise<string> {
  const change = { nameJa: '発熱外来', nameEn: 'Fever', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null };
  return (await saveQueue({ store, change })).id;
}

describeStores('moveToQueue over the store', (kind) => {
  const t = useTestStore(kind, { reception: true });
  const take = (ownerId: string | null, queueId?: string) =>
    allocateSlot({ store: t.store, reservedType: ownerId ? (ownerId.startsWith('U') ? 'LINE' : 'PWA') : 'ADMIN', ownerId, ...(queueId ? { queueId } : {}) });
  const movedRows = () =>
    t.store.db.selectFrom('outbox').select(['slot_id', 'reservation_number', 'channel', 'recipient', 'status', 'body']).where('kind', '=', 'moved').orderBy('created_at').execute();
  const move = (slotId: string, queueId: string) => moveToQueue({ store: t.store, seal, slotId, queueId, actor });

  it('moves the patient onto the target queue by the time of their first number, in one audited write', async () => {
    const fever = await addFever(t.store);
    const a = await take('PWA_a');
    const b = await take('PWA_b', fever);
    const before = await slotRow(t.store, a.slotId);
    const seen = await watchWrites(t.store);

    const moved = await move(a.slotId, fever);
    expect(moved).toEqual({ ok: true, slotId: expect.any(String), reservationNumber: 502 });
    const old = await slotRow(t.store, a.slotId);
    expect(old).toMatchObject({ canceled: 1, canceled_line_at: null, canceled_pwa_at: null, queue_id: 'main' });
    expect(old.canceled_at).not.toBeNull();
    const now = await slotRow(t.store, moved.slotId);
    expect(now).toMatchObject({ is_reserved: 1, canceled: 0, owner_id: 'PWA_a', reserved_type: 'PWA', reserved_at: before.reserved_at, queue_id: fever, moved_from: 1 });
    // Taken before b's, so it stands ahead of b.
    expect(now.queue_position).toBeLessThan((await slotRow(t.store, b.slotId)).queue_position);
    const { bumps, notices } = await seen();
    expect(bumps).toBe(1);
    expect(notices[0]).toEqual(expect.arrayContaining([{ type: 'slotCanceled', slotId: a.slotId }, { type: 'slotAllocated', slotId: moved.slotId }]));
    expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'moveToQueue', target: `#1 ${a.slotId} → #502 ${moved.slotId}` }]);
    const line = await t.store.db.selectFrom('audit_log').select(['before', 'after']).executeTakeFirstOrThrow();
    expect([JSON.parse(line.before!), JSON.parse(line.after!)]).toEqual([{ queueId: 'main', number: 1 }, { queueId: fever, number: 502 }]);

    // The undo is a move back: the lowest free number of the first queue.
    const back = await move(moved.slotId, 'main');
    expect(back.reservationNumber).toBe(2);
    expect(await slotRow(t.store, back.slotId)).toMatchObject({ owner_id: 'PWA_a', queue_id: 'main', canceled: 0, reserved_at: before.reserved_at, queue_position: 2, moved_from: 502 });
    expect(await slotRow(t.store, moved.slotId)).toMatchObject({ canceled: 1 });
  });

  it('refuses the same queue, an unknown or removed queue and a number no longer waiting, changing nothing', async () => {
    const fever = await addFever(t.store);
    const a = await take('PWA_a');
    const started = await take(null);
    await markSlot({ store: t.store, slotId: started.slotId, action: 'start' });
    const seen = await watchWrites(t.store);
    expect(await outcomeWithKey(move(a.slotId, 'main'))).toBe('FAILED_PRECONDITION error.sameQueue');
    expect(await outcomeWithKey(move(a.slotId, 'nope'))).toBe('NOT_FOUND error.unknownQueue');
    expect(await outcomeWithKey(move(started.slotId, fever))).toBe('FAILED_PRECONDITION error.slotStateConflict');
    expect(await outcomeWithKey(move('no-such-slot', fever))).toBe('NOT_FOUND error.slotNotFound');
    expect((await seen()).bumps).toBe(0);
    await removeQueue({ store: t.store, id: fever });
    expect(await outcomeWithKey(move(a.slotId, fever))).toBe('NOT_FOUND error.unknownQueue');
    expect(await slotRow(t.store, a.slotId)).toMatchObject({ canceled: 0, queue_id: 'main' });
  });

  it('refuses a patient who already holds a number in the target queue where the clinic allows one per queue', async () => {
    const fever = await addFever(t.store);
    await saveQueueChoices({ store: t.store, choices: { anyQueue: false, numberPerQueue: true } });
    const a = await take('PWA_a');
    await take('PWA_a', fever);
    expect(await outcomeWithKey(move(a.slotId, fever))).toBe('ALREADY_EXISTS error.alreadyReserved');
    expect(await slotRow(t.store, a.slotId)).toMatchObject({ canceled: 0, queue_id: 'main' });
  });

  it('writes one move notice in the same transaction', async () => {
    const fever = await addFever(t.store);
    const a = await take('U_line_a');
    const walkIn = await take(null);
    const seen = await watchWrites(t.store);

    const moved = await move(a.slotId, fever);
    // One committed write carries the move and its notice: a move that fails writes neither.
    const { bumps, notices } = await seen();
    expect(bumps).toBe(1);
    expect(notices[0]).toEqual(expect.arrayContaining([{ type: 'slotAllocated', slotId: moved.slotId }, { type: 'noticeQueued', slotId: moved.slotId }]));
    expect(await movedRows()).toEqual([
      { slot_id: moved.slotId, reservation_number: 501, channel: 'LINE', recipient: 'U_line_a', status: 'pending', body: JSON.stringify({ from: 1 }) },
    ]);
    // A walk-in has no channel to be told on; a refused move tells nobody.
    await move(walkIn.slotId, fever);
    expect(await outcomeWithKey(move(moved.slotId, fever))).toBe('FAILED_PRECONDITION error.sameQueue');
    expect(await movedRows()).toHaveLength(1);
  });

  it('a move back before its notice was tried replaces it; a notice a sender has tried stays', async () => {
    const fever = await addFever(t.store);
    const a = await take('U_line_a');
    const there = await move(a.slotId, fever);
    const back = await move(there.slotId, 'main');
    // One notice, of the number that counts, naming the number the patient last knew.
    expect(await movedRows()).toEqual([expect.objectContaining({ slot_id: back.slotId, reservation_number: 2, body: JSON.stringify({ from: 1 }) })]);
    // The card names the same number: the one the patient last knew.
    expect(await slotRow(t.store, back.slotId)).toMatchObject({ moved_from: 1 });

    // Claimed by a sender: it may have landed, so the next move is told on its own, from the number it named.
    await t.store.db.updateTable('outbox').set({ status: 'sending', attempts: 1 }).where('slot_id', '=', back.slotId).execute();
    const again = await move(back.slotId, fever);
    expect((await movedRows()).map((r) => [r.reservation_number, r.body])).toEqual([
      [2, JSON.stringify({ from: 1 })],
      [again.reservationNumber, JSON.stringify({ from: 2 })],
    ]);
  });

  it('a refused move to a queue where the patient already holds a number writes no notice', async () => {
    const fever = await addFever(t.store);
    await saveQueueChoices({ store: t.store, choices: { anyQueue: false, numberPerQueue: true } });
    const a = await take('U_line_a');
    await take('U_line_a', fever);
    expect(await outcomeWithKey(move(a.slotId, fever))).toBe('ALREADY_EXISTS error.alreadyReserved');
    expect(await movedRows()).toEqual([]);
  });

  it('keeps a desk patient\'s mobile with the new number, so its turn-near SMS goes in the new queue (decision 070)', async () => {
    const fever = await addFever(t.store);
    const sms = { on: true, accountSid: `AC${'0123456789abcdef'.repeat(2)}`, authToken: 'f'.repeat(32), from: '+15005550006' };
    await saveSmsSettings({ store: t.store, seal, input: sms, actor });
    for (let i = 0; i < 6; i++) await take(null); // 6 ahead: not near in the first queue
    const walkIn = await take(null);
    await setSmsNumber({ store: t.store, seal, slotId: walkIn.slotId, phone: '090-1234-5678', actor });
    const smsRows = () => t.store.db.selectFrom('outbox').select(['slot_id', 'kind']).where('channel', '=', 'SMS').execute();
    expect(await smsRows()).toEqual([]);

    const moved = await move(walkIn.slotId, fever);
    // Sealed again for the new number (a number sealed for one reservation opens for no other), in the same write.
    expect(await t.store.db.selectFrom('sms_numbers').select(['slot_id', 'masked']).execute()).toEqual([{ slot_id: moved.slotId, masked: '090-****-5678' }]);
    expect(await smsNumberOf(t.store.db, seal, moved.slotId)).toBe('+819012345678');
    // Nobody ahead in the new queue: near at once, by SMS.
    expect(await smsRows()).toEqual([{ slot_id: moved.slotId, kind: 'ahead5' }]);
    // Moved back (the undo): still the patient's.
    const back = await move(moved.slotId, 'main');
    expect(await smsNumberOf(t.store.db, seal, back.slotId)).toBe('+819012345678');
    expect(await smsNumberOf(t.store.db, seal, moved.slotId)).toBeNull();
  });
});
