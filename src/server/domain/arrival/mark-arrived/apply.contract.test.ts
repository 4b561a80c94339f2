/**
 * Staff marking a patient arrived, over each real store: the row, its event and the audit line in one
 * transaction; "already so" writes no event and no line; a refusal changes nothing.
 */
import { expect, it } from 'vitest';
import { allocateSlot } from '../../../../../test/support/allocation.js';
import { describeStores } from '../../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../../test/support/writes.js';
import { cancelReservation } from '../../cancel-reservation/apply.js';
import { markArrived } from './apply.js';
import { outcomeWithKey as outcome, slotRow, useTestStore } from '../../../../../test/support/domain-store.js';

const desk = { id: null, username: 'desk' };

describeStores('markArrived', (kind) => {
  const t = useTestStore(kind, { reception: true });
  const slot = (id: string) => slotRow(t.store, id);

  it('writes the arrival, its event and the audit line in one transaction; again, no event and no line', async () => {
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    const seen = await watchWrites(t.store);
    const marked = await markArrived({ store: t.store, slotId: a.slotId, arrived: true, actor: desk });
    expect(marked).toMatchObject({ ok: true, changed: true });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'slotMarked', slotId: a.slotId }]] });
    expect(await slot(a.slotId)).toMatchObject({ arrived_at: marked.arrivedAt, arrived_by: 'staff' });
    expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'markArrived', target: `#1 ${a.slotId}` }]);

    expect(await markArrived({ store: t.store, slotId: a.slotId, arrived: true, actor: desk })).toMatchObject({ changed: false, arrivedAt: marked.arrivedAt });
    expect((await seen()).notices).toHaveLength(1);
    expect(await auditLines(t.store)).toHaveLength(1);
  });

  it('refuses a cancelled reservation and an unknown slot, changing nothing', async () => {
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    await cancelReservation({ store: t.store, ownerId: 'PWA_a', channel: 'PWA', slotId: a.slotId, reservationNumber: 1 });
    const before = await slot(a.slotId);
    const seen = await watchWrites(t.store);
    expect(await outcome(markArrived({ store: t.store, slotId: a.slotId, arrived: true, actor: desk }))).toBe('FAILED_PRECONDITION error.slotStateConflict');
    expect(await outcome(markArrived({ store: t.store, slotId: 'no-such-slot', arrived: true, actor: desk }))).toBe('NOT_FOUND error.slotNotFound');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect(await slot(a.slotId)).toEqual(before);
    expect(await auditLines(t.store)).toEqual([]);
  });
});
