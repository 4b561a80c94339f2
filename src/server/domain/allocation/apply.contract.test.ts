/**
 * Taking a number over each real store (no fakes): the lowest free number exactly once, one active number per
 * patient in the current session, and the reception switches' gates; a number, its event and the staff's audit
 * line in one transaction, a refusal changing nothing.
 */
import { describe, expect, it } from 'vitest';
import { allocateSlot } from '../../../../test/support/allocation.js';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../test/support/writes.js';
import { outcome, queueActions, useTestStore } from '../../../../test/support/domain-store.js';

describeStores('allocation over the store', (kind) => {
  const t = useTestStore(kind);

  const { sw, openAll, take, cancel, mark, row, runtime } = queueActions(t);
  const reservedCount = async () =>
    Number((await t.store.db.selectFrom('reservation_slots').select((eb) => eb.fn.countAll().as('n')).where('is_reserved', '=', 1).executeTakeFirstOrThrow()).n);
  const oneToTwoHundred = Array.from({ length: 200 }, (_, i) => i + 1);

  describe('allocateSlot', () => {
    it('takes the lowest free number, and a cancelled number is never handed out again', async () => {
      await openAll();
      const a = await take('PWA_a');
      expect(a).toMatchObject({ ok: true, reservationNumber: 1 });
      expect(await take(null)).toMatchObject({ reservationNumber: 2 });
      expect(await take('U_line', 'LINE')).toMatchObject({ reservationNumber: 3 });
      await cancel('PWA_a', a.slotId, 1);
      expect(await take('PWA_c')).toMatchObject({ reservationNumber: 4 });
      expect(await row(a.slotId)).toMatchObject({ is_reserved: 1, canceled: 1, owner_id: 'PWA_a' });
      const line = await t.store.db.selectFrom('reservation_slots').selectAll().where('owner_id', '=', 'U_line').executeTakeFirstOrThrow();
      expect(line).toMatchObject({ reserved_type: 'LINE', is_reserved: 1, admin_beep_announced: 0 });
      expect(line.reserved_at).not.toBeNull();
    });

    it('refuses a second active reservation of the same patient, until the first is served or cancelled', async () => {
      await openAll();
      const first = await take('PWA_a');
      expect(await outcome(take('PWA_a'))).toBe('ALREADY_EXISTS');
      await mark(first.slotId, 'start');
      const second = await take('PWA_a');
      expect(second.reservationNumber).toBe(2);
      await cancel('PWA_a', second.slotId, 2);
      expect(await take('PWA_a')).toMatchObject({ reservationNumber: 3 });
      expect(await reservedCount()).toBe(3);
    });

    it('hands out each of the 200 numbers exactly once, then RESOURCE_EXHAUSTED', async () => {
      await openAll();
      const taken = await Promise.all(oneToTwoHundred.map((i) => take(i % 2 ? null : `PWA_${i}`)));
      expect(taken.map((r) => r.reservationNumber).sort((x, y) => x - y)).toEqual(oneToTwoHundred);
      expect(await outcome(take(null))).toBe('RESOURCE_EXHAUSTED');
      expect(await outcome(take('PWA_late'))).toBe('RESOURCE_EXHAUSTED');
    });

    it('tells a patient who already holds a number so, also once the session has none left', async () => {
      await openAll();
      await take('PWA_a');
      await Promise.all(oneToTwoHundred.slice(1).map(() => take(null)));
      expect(await outcome(take('PWA_a'))).toBe('ALREADY_EXISTS');
      // Once this process has learnt the session ran out (another patient refused), still ALREADY_EXISTS.
      expect(await outcome(take('PWA_b'))).toBe('RESOURCE_EXHAUSTED');
      expect(await outcome(take('PWA_a'))).toBe('ALREADY_EXISTS');
    });

    it('considers the current session only: a row left active in a closed session does not refuse its patient', async () => {
      await openAll();
      const old = await take('PWA_a');
      await mark(old.slotId, 'start');
      await sw('endOnline');
      await sw('endInhouse');
      // Old data: the closed session's row active again (as an undo on a closed session used to leave it).
      await t.store.db.updateTable('reservation_slots').set({ is_reception_accepted: 0 }).where('id', '=', old.slotId).execute();
      await openAll();
      const now = await take('PWA_a');
      expect(now).toMatchObject({ ok: true, reservationNumber: 1 });
      expect((await row(now.slotId)).session_id).toBe((await runtime()).current_session_id);
      // Within the current session the guard still holds.
      expect(await outcome(take('PWA_a'))).toBe('ALREADY_EXISTS');
    });

    it('refuses patients while online reception is off, and everyone while in-house is off', async () => {
      expect(await outcome(take(null))).toBe('FAILED_PRECONDITION');
      expect(await outcome(take('PWA_a'))).toBe('FAILED_PRECONDITION');
      await sw('startInhouse');
      expect(await outcome(take('PWA_a'))).toBe('FAILED_PRECONDITION');
      expect(await outcome(take('U_a', 'LINE'))).toBe('FAILED_PRECONDITION');
      expect(await take(null)).toMatchObject({ reservationNumber: 1 });
      await sw('startOnline');
      expect(await take('PWA_a')).toMatchObject({ reservationNumber: 2 });
      await sw('endOnline');
      expect(await outcome(take('PWA_b'))).toBe('FAILED_PRECONDITION');
      expect(await reservedCount()).toBe(2);
    });
  });

  describe('one transaction', () => {
    it('writes a number, its event and the staff audit line together; a refusal changes nothing', async () => {
      const desk = { id: null, username: 'desk' };
      const closed = await watchWrites(t.store);
      expect(await outcome(allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null, actor: desk }))).toBe('FAILED_PRECONDITION');
      expect(await closed()).toEqual({ bumps: 0, notices: [] });

      await openAll();
      const seen = await watchWrites(t.store);
      const walkIn = await allocateSlot({ store: t.store, reservedType: 'ADMIN', ownerId: null, actor: desk });
      expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'slotAllocated', slotId: walkIn.slotId }]] });
      expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'allocateNextSlot', target: `#1 ${walkIn.slotId}` }]);

      await take('PWA_a');
      const refused = await watchWrites(t.store);
      expect(await outcome(take('PWA_a'))).toBe('ALREADY_EXISTS');
      expect(await refused()).toEqual({ bumps: 0, notices: [] });
      expect(await reservedCount()).toBe(2);
    });
  });
});
