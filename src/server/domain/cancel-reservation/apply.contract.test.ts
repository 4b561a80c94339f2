/**
 * A patient cancelling their own number, over each real store (no fakes): only the owner, only an active
 * reservation; the cancellation and its event in one transaction, a refusal changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../test/support/writes.js';
import { outcome, queueActions, useTestStore } from '../../../../test/support/domain-store.js';

describeStores('cancelReservation over the store', (kind) => {
  const t = useTestStore(kind);

  const { openAll, take, cancel, mark, row } = queueActions(t);

  describe('cancelReservation', () => {
    it('lets only the owner cancel an active reservation; anything else is NOT_FOUND', async () => {
      await openAll();
      const a = await take('PWA_a');
      expect(await outcome(cancel('PWA_b', a.slotId, 1))).toBe('NOT_FOUND');
      expect(await outcome(cancel('PWA_a', a.slotId, 2))).toBe('NOT_FOUND');
      expect(await outcome(cancel('PWA_a', 'no-such-slot', 1))).toBe('NOT_FOUND');
      expect(await row(a.slotId)).toMatchObject({ canceled: 0 });

      expect(await cancel('PWA_a', a.slotId, 1)).toEqual({ ok: true });
      const canceled = await row(a.slotId);
      expect(canceled).toMatchObject({ canceled: 1, canceled_line_at: null });
      expect(canceled.canceled_pwa_at).not.toBeNull();
      expect(await outcome(cancel('PWA_a', a.slotId, 1))).toBe('NOT_FOUND');

      const line = await take('U_a', 'LINE');
      expect(line.reservationNumber).toBe(2);
      await cancel('U_a', line.slotId, 2, 'LINE');
      expect((await row(line.slotId)).canceled_line_at).not.toBeNull();

      const served = await take('PWA_c');
      await mark(served.slotId, 'start');
      expect(await outcome(cancel('PWA_c', served.slotId, served.reservationNumber))).toBe('NOT_FOUND');
    });
  });

  describe('one transaction', () => {
    it('writes the cancellation and its event together; a refused one changes nothing', async () => {
      await openAll();
      const a = await take('PWA_a');
      const refused = await watchWrites(t.store);
      expect(await outcome(cancel('PWA_b', a.slotId, 1))).toBe('NOT_FOUND');
      expect(await refused()).toEqual({ bumps: 0, notices: [] });

      const seen = await watchWrites(t.store);
      await cancel('PWA_a', a.slotId, 1);
      expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'slotCanceled', slotId: a.slotId }]] });
      expect(await auditLines(t.store)).toEqual([]);
      // Cancelling again is no second write.
      expect(await outcome(cancel('PWA_a', a.slotId, 1))).toBe('NOT_FOUND');
      expect((await seen()).bumps).toBe(1);
    });
  });
});
