/**
 * The patient's own check-in over each real store: a right code is one write with its event; a wrong one
 * is refused and writes nothing of the queue (the guesses it spends are counters, outside any write), and a
 * second right one finds the arrival already there.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { allocateSlot } from '../../../../../test/support/allocation.js';
import { describeStores, openTestStore, type TestStore } from '../../../../../test/support/stores.js';
import { watchWrites } from '../../../../../test/support/writes.js';
import { switchReception } from '../../reception/apply.js';
import { deskCode } from '../codes.js';
import { checkinSealer } from '../keys.js';
import { ensureCheckinKeys } from '../secret.js';
import { checkIn } from './apply.js';
import { outcomeWithKey as outcome } from '../../../../../test/support/domain-store.js';

const seal = checkinSealer('s'.repeat(64));

describeStores('checkIn', (kind) => {
  let t: TestStore;
  let code: string;
  beforeEach(async () => {
    t = await openTestStore(kind);
    await switchReception({ store: t.store, name: 'startInhouse' });
    await switchReception({ store: t.store, name: 'startOnline' });
    code = deskCode((await ensureCheckinKeys(t.store, seal)).secret);
  });
  afterEach(async () => t.cleanup());
  const arrival = (id: string) =>
    t.store.db.selectFrom('reservation_slots').select(['arrived_at', 'arrived_by']).where('id', '=', id).executeTakeFirstOrThrow();
  const tryCode = (slotId: string, typed: string) =>
    checkIn({ store: t.store, ownerId: 'PWA_a', slotId, code: typed, nowMs: Date.now(), guesses: () => [], seal });

  it('writes a right code’s arrival and its event in one transaction; a second finds it there', async () => {
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    const seen = await watchWrites(t.store);
    const { arrivedAt } = await tryCode(a.slotId, code);
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'slotMarked', slotId: a.slotId }]] });
    expect(await arrival(a.slotId)).toEqual({ arrived_at: arrivedAt, arrived_by: 'patient' });
    expect(await tryCode(a.slotId, code)).toEqual({ ok: true, arrivedAt });
    expect((await seen()).bumps).toBe(1);
  });

  it('refuses a wrong code and changes nothing', async () => {
    const a = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_a' });
    const wrong = code === '000000' ? '000001' : '000000';
    const seen = await watchWrites(t.store);
    expect(await outcome(tryCode(a.slotId, wrong))).toBe('FAILED_PRECONDITION error.checkinCodeWrong');
    expect(await seen()).toEqual({ bumps: 0, notices: [] });
    expect(await arrival(a.slotId)).toEqual({ arrived_at: null, arrived_by: null });
  });
});
