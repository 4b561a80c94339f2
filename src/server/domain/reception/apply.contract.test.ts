/**
 * The four reception switches over each real store (no fakes): sessions opened and closed as history, and
 * the switch rules (docs/product.md, "Queue rules"); a switch, its event and its audit line in one transaction.
 */
import { describe, expect, it } from 'vitest';
import { switchReception } from './apply.js';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../test/support/writes.js';
import { outcome, queueActions, useTestStore } from '../../../../test/support/domain-store.js';

describeStores('reception switches over the store', (kind) => {
  const t = useTestStore(kind);

  const { sw, openAll, take, cancel, mark, row, runtime, sessionSlots } = queueActions(t);
  const oneToTwoHundred = Array.from({ length: 200 }, (_, i) => i + 1);

  describe('reception sessions', () => {
    it('starting in-house opens a new session of 200 fresh numbers; starting again changes nothing', async () => {
      expect(await sw('startInhouse')).toEqual({ ok: true, changed: true });
      const { current_session_id: session, inhouse_on } = await runtime();
      expect(inhouse_on).toBe(1);
      const slots = await sessionSlots(session!);
      expect(slots.map((s) => s.reservation_number)).toEqual(oneToTwoHundred);
      expect(slots.every((s) => !s.is_reserved && !s.canceled && !s.is_reception_accepted && s.owner_id === null)).toBe(true);

      expect(await sw('startInhouse')).toEqual({ ok: true, changed: false });
      expect((await runtime()).current_session_id).toBe(session);
      expect(await t.store.db.selectFrom('reservation_slots').select('id').execute()).toHaveLength(200);
    });

    it('keeps history across end and start: the next session has numbers 1..200 again', async () => {
      await openAll();
      const first = (await runtime()).current_session_id!;
      const a = await take('PWA_a');
      const walkIn = await take(null);
      await mark(a.slotId, 'start');
      await mark(walkIn.slotId, 'start');
      await sw('endOnline');
      expect(await sw('endInhouse')).toEqual({ ok: true, changed: true });
      const closed = await t.store.db.selectFrom('reception_sessions').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
      expect(closed.closed_at).not.toBeNull();

      await openAll();
      const second = (await runtime()).current_session_id!;
      expect(second).not.toBe(first);
      expect((await sessionSlots(second)).map((s) => s.reservation_number)).toEqual(oneToTwoHundred);
      const old = await sessionSlots(first);
      expect(old).toHaveLength(200);
      expect(old.filter((s) => s.is_reserved).map((s) => [s.reservation_number, s.owner_id])).toEqual([[1, 'PWA_a'], [2, null]]);
      // The patient served in the morning takes a number again in the evening, starting from 1.
      expect(await take('PWA_a')).toMatchObject({ reservationNumber: 1 });
      expect((await row((await take('PWA_b')).slotId)).session_id).toBe(second);
    });
  });

  describe('reception switches', () => {
    it('cannot start online while in-house is stopped', async () => {
      expect(await outcome(sw('startOnline'))).toBe('FAILED_PRECONDITION');
      expect(await runtime()).toMatchObject({ inhouse_on: 0, online_on: 0 });
      expect(await sw('endOnline')).toEqual({ ok: true, changed: false });
    });

    it('cannot end in-house while online is open or reservations remain', async () => {
      await openAll();
      expect(await outcome(sw('endInhouse'))).toBe('FAILED_PRECONDITION');
      const a = await take('PWA_a');
      const walkIn = await take(null);
      await sw('endOnline');
      expect(await outcome(sw('endInhouse'))).toBe('FAILED_PRECONDITION');
      await cancel('PWA_a', a.slotId, a.reservationNumber);
      expect(await outcome(sw('endInhouse'))).toBe('FAILED_PRECONDITION');
      await mark(walkIn.slotId, 'start');
      expect(await sw('endInhouse')).toEqual({ ok: true, changed: true });
      expect(await runtime()).toMatchObject({ inhouse_on: 0, online_on: 0 });
      expect(await outcome(take(null))).toBe('FAILED_PRECONDITION');
      expect(await sw('endInhouse')).toEqual({ ok: true, changed: false });
    });
  });

  describe('one transaction', () => {
    it('writes a switch, its event and its audit line together; a refused switch changes nothing', async () => {
      const desk = { id: null, username: 'desk' };
      const refused = await watchWrites(t.store);
      expect(await outcome(switchReception({ store: t.store, name: 'startOnline', actor: desk }))).toBe('FAILED_PRECONDITION');
      expect(await refused()).toEqual({ bumps: 0, notices: [] });
      expect(await auditLines(t.store)).toEqual([]);

      const seen = await watchWrites(t.store);
      expect(await switchReception({ store: t.store, name: 'startInhouse', actor: desk })).toEqual({ ok: true, changed: true });
      expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'receptionSwitched' }]] });
      expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'startInhouse', target: null }]);
      expect(await t.store.db.selectFrom('reception_sessions').select('id').execute()).toEqual([{ id: (await runtime()).current_session_id }]);
    });
  });
});
