/**
 * The staff 呼出 over each real store: the call-out on the runtime row's list, its event and its audit line in
 * one transaction; a number that may not be called (rule.ts) changes nothing.
 */
import { expect, it } from 'vitest';
import { allocateSlot } from '../../../../test/support/allocation.js';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../test/support/writes.js';
import { cancelReservation } from '../cancel-reservation/apply.js';
import { callSlot } from './apply.js';
import { outcomeWithKey as outcome, useTestStore } from '../../../../test/support/domain-store.js';

const desk = { id: null, username: 'desk' };

describeStores('callSlot', (kind) => {
  const t = useTestStore(kind, { reception: true });
  const recent = async () =>
    JSON.parse((await t.store.db.selectFrom('runtime').select('callout_recent').executeTakeFirstOrThrow()).callout_recent ?? '[]') as unknown[];

  it('writes the call-out, its event and the audit line in one transaction', async () => {
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    const seen = await watchWrites(t.store);
    expect(await callSlot({ store: t.store, slotId: a.slotId, actor: desk })).toEqual({ ok: true, calloutId: 1 });
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'calloutMade', slotId: a.slotId }]] });
    expect(await recent()).toMatchObject([{ id: 1, number: 1, kind: 'call' }]);
    expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'callSlot', target: `#1 ${a.slotId}` }]);
  });

  it('refuses a cancelled number and changes nothing', async () => {
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    await cancelReservation({ store: t.store, ownerId: 'PWA_a', channel: 'PWA', slotId: a.slotId, reservationNumber: 1 });
    const seen = await watchWrites(t.store);
    expect(await outcome(callSlot({ store: t.store, slotId: a.slotId, actor: desk }))).toBe('NOT_FOUND error.slotNotFound');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect(await recent()).toEqual([]);
    expect(await auditLines(t.store)).toEqual([]);
  });
});
