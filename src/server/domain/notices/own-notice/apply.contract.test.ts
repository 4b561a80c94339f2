/**
 * The patient's own notice over each real store: a real change is one write with its event; choosing what
 * is already chosen writes nothing; someone else's number is refused and changes nothing.
 */
import { expect, it } from 'vitest';
import { allocateSlot } from '../../../../../test/support/allocation.js';
import { describeStores } from '../../../../../test/support/stores.js';
import { watchWrites } from '../../../../../test/support/writes.js';
import { setMyNoticeThreshold } from './apply.js';
import { outcomeWithKey as outcome, useTestStore } from '../../../../../test/support/domain-store.js';

describeStores('setMyNoticeThreshold', (kind) => {
  const t = useTestStore(kind, { reception: true });
  const columns = (id: string) =>
    t.store.db.selectFrom('reservation_slots').select(['notice_threshold', 'notice_minutes', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

  it('writes a new choice and its event in one transaction; the same choice again writes nothing', async () => {
    // Far back in the queue, so no turn-is-near notice goes out on the way.
    for (let i = 0; i < 12; i++) await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null });
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    const seen = await watchWrites(t.store);
    expect(await setMyNoticeThreshold({ store: t.store, ownerId: 'PWA_a', slotId: a.slotId, choice: { minutes: 30 } })).toMatchObject({ minutes: 30 });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'slotMarked', slotId: a.slotId }]] });
    const after = await columns(a.slotId);
    expect(after.notice_minutes).toBe(30);

    await setMyNoticeThreshold({ store: t.store, ownerId: 'PWA_a', slotId: a.slotId, choice: { minutes: 30 } });
    expect((await seen()).bumps).toBe(1);
    expect(await columns(a.slotId)).toEqual(after);
  });

  it('refuses someone else’s number and changes nothing', async () => {
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    const before = await columns(a.slotId);
    const seen = await watchWrites(t.store);
    expect(await outcome(setMyNoticeThreshold({ store: t.store, ownerId: 'PWA_b', slotId: a.slotId, choice: { threshold: 2 } }))).toBe(
      'NOT_FOUND error.reservationNotFound',
    );
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect(await columns(a.slotId)).toEqual(before);
  });
});
