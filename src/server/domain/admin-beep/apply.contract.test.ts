/**
 * The shared beep for a new LINE/PWA reservation over each real store (no fakes): one claim of many wins, and
 * its mark and event commit together.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SwitchName } from '../../../shared/queue/rules.js';
import type { ReservedType } from '../../../shared/queue/slot.js';
import { AppError } from '../../errors.js';
import type { Store } from '../../storage/port.js';
import { allocateSlot } from '../../../../test/support/allocation.js';
import { claimAdminBeep } from './apply.js';
import { switchReception } from '../reception/apply.js';
import { describeStores, openTestStore, type TestStore } from '../../../../test/support/stores.js';
import { watchWrites } from '../../../../test/support/writes.js';

/** The refusal code of a domain call, or 'ok'. */
const outcome = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof AppError ? e.code : e));

describeStores('claimAdminBeep over the store', (kind) => {
  let t: TestStore;
  let store: Store;
  beforeEach(async () => {
    t = await openTestStore(kind);
    store = t.store;
  });
  afterEach(async () => {
    await t.cleanup();
  });

  const sw = (name: SwitchName) => switchReception({ store, name });
  const openAll = async () => {
    await sw('startInhouse');
    await sw('startOnline');
  };
  const take = (ownerId: string | null, reservedType: ReservedType = ownerId ? 'PWA' : 'ADMIN') =>
    allocateSlot({ store, reservedType, ownerId });
  const row = (id: string) => store.db.selectFrom('reservation_slots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  describe('claimAdminBeep', () => {
    it('is won by exactly one of many simultaneous claims, and only for LINE/PWA reservations', async () => {
      await openAll();
      const { slotId } = await take('PWA_a');
      const claims = await Promise.all(Array.from({ length: 10 }, () => claimAdminBeep({ store, slotId })));
      expect(claims.filter((c) => c.claimed)).toHaveLength(1);
      expect(await claimAdminBeep({ store, slotId })).toEqual({ claimed: false });
      expect(await row(slotId)).toMatchObject({ admin_beep_announced: 1 });

      const walkIn = await take(null);
      expect(await claimAdminBeep({ store, slotId: walkIn.slotId })).toEqual({ claimed: false });
      expect(await outcome(claimAdminBeep({ store, slotId: 'no-such-slot' }))).toBe('NOT_FOUND');
    });
  });

  describe('one transaction', () => {
    it('writes a won claim and its event together; a claim on no slot changes nothing', async () => {
      await openAll();
      const { slotId } = await take('PWA_a');
      const seen = await watchWrites(store);
      expect(await claimAdminBeep({ store, slotId })).toEqual({ claimed: true });
      expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'beepClaimed', slotId }]] });

      const refused = await watchWrites(store);
      expect(await outcome(claimAdminBeep({ store, slotId: 'no-such-slot' }))).toBe('NOT_FOUND');
      expect(await refused()).toEqual({ bumps: 0, notices: [] });
    });
  });
});
