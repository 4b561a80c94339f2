/**
 * The shared beep for a new LINE/PWA reservation over each real store (no fakes): one claim of many wins, and
 * its mark and event commit together.
 */
import { describe, expect, it } from 'vitest';
import type { ReservedType } from '../../../shared/queue/slot.js';
import { claimAdminBeep } from './apply.js';
import { describeStores } from '../../../../test/support/stores.js';
import { watchWrites } from '../../../../test/support/writes.js';
import { openReception, outcome, slotRow, takeSlot, useTestStore } from '../../../../test/support/domain-store.js';

describeStores('claimAdminBeep over the store', (kind) => {
  const t = useTestStore(kind);

  const openAll = () => openReception(t.store);
  const take = (ownerId: string | null, reservedType?: ReservedType) => takeSlot(t.store, ownerId, reservedType);
  const row = (id: string) => slotRow(t.store, id);

  describe('claimAdminBeep', () => {
    it('is won by exactly one of many simultaneous claims, and only for LINE/PWA reservations', async () => {
      await openAll();
      const { slotId } = await take('PWA_a');
      const claims = await Promise.all(Array.from({ length: 10 }, () => claimAdminBeep({ store: t.store, slotId })));
      expect(claims.filter((c) => c.claimed)).toHaveLength(1);
      expect(await claimAdminBeep({ store: t.store, slotId })).toEqual({ claimed: false });
      expect(await row(slotId)).toMatchObject({ admin_beep_announced: 1 });

      const walkIn = await take(null);
      expect(await claimAdminBeep({ store: t.store, slotId: walkIn.slotId })).toEqual({ claimed: false });
      expect(await outcome(claimAdminBeep({ store: t.store, slotId: 'no-such-slot' }))).toBe('NOT_FOUND');
    });
  });

  describe('one transaction', () => {
    it('writes a won claim and its event together; a claim on no slot changes nothing', async () => {
      await openAll();
      const { slotId } = await take('PWA_a');
      const seen = await watchWrites(t.store);
      expect(await claimAdminBeep({ store: t.store, slotId })).toEqual({ claimed: true });
      expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'beepClaimed', slotId }]] });

      const refused = await watchWrites(t.store);
      expect(await outcome(claimAdminBeep({ store: t.store, slotId: 'no-such-slot' }))).toBe('NOT_FOUND');
      expect(await refused()).toEqual({ bumps: 0, notices: [] });
    });
  });
});
