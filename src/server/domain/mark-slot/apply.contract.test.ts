/**
 * Staff actions on a slot over each real store (no fakes): every action and its undo, the refusals, and the
 * action, its event, its call-out and its audit line in one transaction.
 */
import { describe, expect, it } from 'vitest';
import type { MarkAction } from '../../../shared/schemas/functions.js';
import type { SlotTable } from '../../storage/schema.js';
import { markSlot } from './apply.js';
import { describeStores } from '../../../../test/support/stores.js';
import { auditLines, watchWrites } from '../../../../test/support/writes.js';
import { outcome, queueActions, useTestStore } from '../../../../test/support/domain-store.js';

describeStores('markSlot over the store', (kind) => {
  const t = useTestStore(kind);

  const { sw, openAll, take, cancel, mark, row, runtime, sessionSlots } = queueActions(t);

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

  describe('one transaction', () => {
    it('writes the action, its event, the call-out and the audit line together; a refused one changes nothing', async () => {
      await openAll();
      const a = await take('PWA_a');
      const desk = { id: null, username: 'desk' };
      const seen = await watchWrites(t.store);
      await markSlot({ store: t.store, slotId: a.slotId, action: 'start', actor: desk });
      expect(await seen()).toEqual({ bumps: 1, notices: [[{ type: 'slotMarked', slotId: a.slotId }]] });
      expect(await auditLines(t.store)).toEqual([{ username: 'desk', action: 'markSlot.start', target: `#1 ${a.slotId}` }]);
      expect(JSON.parse((await runtime()).callout_recent!)).toMatchObject([{ number: 1, kind: 'start' }]);

      const before = [await row(a.slotId), await runtime()];
      const refused = await watchWrites(t.store);
      expect(await outcome(markSlot({ store: t.store, slotId: a.slotId, action: 'hold', actor: desk }))).toBe('FAILED_PRECONDITION');
      expect(await refused()).toEqual({ bumps: 0, notices: [] });
      expect([await row(a.slotId), await runtime()]).toEqual(before);
      expect(await auditLines(t.store)).toHaveLength(1);
    });
  });
});
