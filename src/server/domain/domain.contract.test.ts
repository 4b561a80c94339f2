/**
 * The queue operations of the domain over each real store (no fakes): reception sessions, taking and
 * cancelling numbers, staff actions, the shared beep and the reception-switch rules (docs/product.md, "Queue rules").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SwitchName } from '../../shared/queue/rules.js';
import type { ReservedType } from '../../shared/queue/slot.js';
import type { MarkAction } from '../../shared/schemas/functions.js';
import { AppError } from '../errors.js';
import type { Store } from '../storage/port.js';
import type { SlotTable } from '../storage/schema.js';
import { allocateSlot } from '../../../test/support/allocation.js';
import { cancelReservation } from './cancel-reservation/apply.js';
import { claimAdminBeep } from './admin-beep/apply.js';
import { markSlot } from './mark-slot/apply.js';
import { switchReception } from './reception/apply.js';
import { describeStores, openTestStore, type TestStore } from '../../../test/support/stores.js';

/** The refusal code of a domain call, or 'ok'. */
const outcome = (p: Promise<unknown>) => p.then(() => 'ok', (e: unknown) => (e instanceof AppError ? e.code : e));

describeStores('domain over the store', (kind) => {
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
  const cancel = (ownerId: string, slotId: string, reservationNumber: number, channel: 'LINE' | 'PWA' = 'PWA') =>
    cancelReservation({ store, ownerId, channel, slotId, reservationNumber });
  const mark = (slotId: string, action: MarkAction) => markSlot({ store, slotId, action });
  const row = (id: string) => store.db.selectFrom('reservation_slots').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const runtime = () => store.db.selectFrom('runtime').selectAll().executeTakeFirstOrThrow();
  const sessionSlots = (sessionId: string) =>
    store.db.selectFrom('reservation_slots').selectAll().where('session_id', '=', sessionId).orderBy('reservation_number').execute();
  const reservedCount = async () =>
    Number((await store.db.selectFrom('reservation_slots').select((eb) => eb.fn.countAll().as('n')).where('is_reserved', '=', 1).executeTakeFirstOrThrow()).n);
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
      expect(await store.db.selectFrom('reservation_slots').select('id').execute()).toHaveLength(200);
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
      const closed = await store.db.selectFrom('reception_sessions').selectAll().where('id', '=', first).executeTakeFirstOrThrow();
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
      const line = await store.db.selectFrom('reservation_slots').selectAll().where('owner_id', '=', 'U_line').executeTakeFirstOrThrow();
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
      await store.db.updateTable('reservation_slots').set({ is_reception_accepted: 0 }).where('id', '=', old.slotId).execute();
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

  describe('markSlot', () => {
    it('applies every action, and repeating one changes nothing', async () => {
      await openAll();
      const { slotId } = await take('PWA_a');
      const steps: [MarkAction, Partial<SlotTable>][] = [
        ['confirm', {}],
        ['hold', { hold: 1 }],
        ['undoHold', { hold: 0, hold_at: null }],
        ['start', { is_reception_accepted: 1 }],
        ['undoStart', { is_reception_accepted: 0, reception_accepted_at: null }],
        ['delete', { canceled: 1 }],
        ['undoDelete', { canceled: 0, canceled_at: null }],
      ];
      for (const [action, expected] of steps) {
        expect(await mark(slotId, action)).toEqual({ ok: true });
        const after = await row(slotId);
        expect(after).toMatchObject(expected);
        if (action === 'confirm') expect(after.admin_confirmed_at).not.toBeNull();
        if (action === 'hold') expect(after.hold_at).not.toBeNull();
        if (action === 'start') expect(after.reception_accepted_at).not.toBeNull();
        if (action === 'delete') expect(after.canceled_at).not.toBeNull();
        await mark(slotId, action);
        expect(await row(slotId)).toEqual(after);
      }
    });

    it('refuses contradictory actions and unknown or unreserved slots', async () => {
      await openAll();
      const a = await take('PWA_a');
      const walkIn = await take(null);
      expect(await outcome(mark(walkIn.slotId, 'confirm'))).toBe('FAILED_PRECONDITION');
      await mark(walkIn.slotId, 'start');
      expect(await outcome(mark(walkIn.slotId, 'hold'))).toBe('FAILED_PRECONDITION');
      await mark(a.slotId, 'delete');
      expect(await outcome(mark(a.slotId, 'start'))).toBe('FAILED_PRECONDITION');
      expect(await outcome(mark(a.slotId, 'hold'))).toBe('FAILED_PRECONDITION');

      const b = await take('PWA_b');
      await cancel('PWA_b', b.slotId, b.reservationNumber);
      // The patient's own cancellation is theirs: staff cannot put them back.
      expect(await outcome(mark(b.slotId, 'undoDelete'))).toBe('FAILED_PRECONDITION');
      expect(await row(b.slotId)).toMatchObject({ canceled: 1 });

      const free = (await sessionSlots((await runtime()).current_session_id!)).find((s) => !s.is_reserved)!;
      expect(await outcome(mark(free.id, 'start'))).toBe('NOT_FOUND');
      expect(await outcome(mark('no-such-slot', 'start'))).toBe('NOT_FOUND');
    });

    it('refuses to undo a delete or a start when the patient has taken another number meanwhile', async () => {
      await openAll();
      const deleted = await take('PWA_a');
      await mark(deleted.slotId, 'delete');
      const again = await take('PWA_a');
      expect(await outcome(mark(deleted.slotId, 'undoDelete'))).toBe('ALREADY_EXISTS');
      expect(await row(deleted.slotId)).toMatchObject({ canceled: 1 });

      await cancel('PWA_a', again.slotId, again.reservationNumber);
      const started = await take('PWA_a');
      await mark(started.slotId, 'start');
      await take('PWA_a');
      expect(await outcome(mark(started.slotId, 'undoStart'))).toBe('ALREADY_EXISTS');
      expect(await row(started.slotId)).toMatchObject({ is_reception_accepted: 1 });
    });

    it('leaves the rows of a closed session alone', async () => {
      await openAll();
      const old = await take(null);
      await mark(old.slotId, 'delete');
      await sw('endOnline');
      await sw('endInhouse');
      await sw('startInhouse');
      // Issue 12: a closed session's slot is there but no longer actionable.
      expect(await outcome(mark(old.slotId, 'undoDelete'))).toBe('FAILED_PRECONDITION');
      expect(await row(old.slotId)).toMatchObject({ canceled: 1 });
    });
  });

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
});
