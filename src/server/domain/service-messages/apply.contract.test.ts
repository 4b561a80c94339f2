/**
 * The service-message writes over each real store: one token asked for per reservation; the kept token and
 * the number-taken notice in one transaction, and none for a number cancelled meanwhile.
 */
import { expect, it } from 'vitest';
import { allocateSlot } from '../../../../test/support/allocation.js';
import { describeStores } from '../../../../test/support/stores.js';
import { watchWrites } from '../../../../test/support/writes.js';
import { cancelReservation } from '../cancel-reservation/apply.js';
import { beginIssue, keepIssued, liffDigest, readToken } from './apply.js';
import { useTestStore } from '../../../../test/support/domain-store.js';

describeStores('service-message tokens', (kind) => {
  const t = useTestStore(kind, { reception: true });
  const taken = () => t.store.db.selectFrom('outbox').select(['slot_id', 'kind']).where('kind', '=', 'taken').execute();
  const issued = { sealed: 'sealed-token', remaining: 5, expiresAt: null };

  it('asks once per reservation, and keeps the token with its notice in one transaction', async () => {
    const a = await allocateSlot({ store: t.store, reservedType: 'LINE', ownerId: 'U_a' });
    const now = new Date().toISOString();
    const seen = await watchWrites(t.store);
    expect(await beginIssue(t.store, a.slotId, liffDigest('liff-1'), now)).toBe(true);
    expect(await beginIssue(t.store, a.slotId, liffDigest('liff-2'), now)).toBe(false);
    expect(await seen()).toEqual({ bumps: 0, notices: [] });

    await keepIssued(t.store, a.slotId, issued);
    expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'noticeQueued', slotId: a.slotId }]] });
    expect(await readToken(t.store, a.slotId)).toMatchObject({ state: 'ready', token: 'sealed-token', remaining: 5 });
    expect(await taken()).toEqual([{ slot_id: a.slotId, kind: 'taken' }]);
  });

  it('queues no notice for a number cancelled meanwhile', async () => {
    const a = await allocateSlot({ store: t.store, reservedType: 'LINE', ownerId: 'U_a' });
    await beginIssue(t.store, a.slotId, liffDigest('liff-1'), new Date().toISOString());
    await cancelReservation({ store: t.store, ownerId: 'U_a', channel: 'LINE', slotId: a.slotId, reservationNumber: 1 });
    const seen = await watchWrites(t.store);
    await keepIssued(t.store, a.slotId, issued);
    expect(await seen()).toEqual({ bumps: 1, notices: [] });
    expect(await taken()).toEqual([]);
  });
});
