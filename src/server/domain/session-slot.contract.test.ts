/**
 * A reception session that ended is history (session-slot.ts, shared by every staff action on a slot): staff
 * actions on its slots are refused (today's bug: an undo reopened a closed session's reservation, and its
 * patient then counted as booked in every later session), on each real store. It spans capabilities: the
 * desk's marks, the recall, and the next session's numbers.
 */
import { expect, it } from 'vitest';
import type { MarkAction } from '../../shared/schemas/functions.js';
import { allocateSlot } from '../../../test/support/allocation.js';
import { markSlot } from './mark-slot/apply.js';
import { requestRecall } from './notices/recall/apply.js';
import { switchReception } from './reception/apply.js';
import { describeStores } from '../../../test/support/stores.js';
import { outcomeWithKey as outcome, slotRow, useTestStore } from '../../../test/support/domain-store.js';

describeStores('staff actions on a closed session', (kind) => {
  const t = useTestStore(kind);

  const mark = (slotId: string, action: MarkAction) => markSlot({ store: t.store, slotId, action });
  const row = (id: string) => slotRow(t.store, id);

  /** A morning: one patient seen, one deleted by staff, one walk-in seen; then reception ends. */
  async function closedMorning() {
    await switchReception({ store: t.store, name: 'startInhouse' });
    await switchReception({ store: t.store, name: 'startOnline' });
    const seen = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_patient' });
    const deleted = await allocateSlot({ store: t.store, reservedType: 'LINE', ownerId: 'U-deleted' });
    await mark(seen.slotId, 'start');
    await mark(deleted.slotId, 'delete');
    await switchReception({ store: t.store, name: 'endOnline' });
    await switchReception({ store: t.store, name: 'endInhouse' });
    return { seen, deleted };
  }

  it('refuses every action once in-house reception has ended, and changes nothing', async () => {
    const { seen, deleted } = await closedMorning();
    const before = [await row(seen.slotId), await row(deleted.slotId)];
    for (const action of ['undoStart', 'hold', 'undoHold', 'confirm', 'start', 'delete'] as const) {
      expect(await outcome(mark(seen.slotId, action)), action).toBe('FAILED_PRECONDITION admin.sessionClosed');
    }
    expect(await outcome(mark(deleted.slotId, 'undoDelete'))).toBe('FAILED_PRECONDITION admin.sessionClosed');
    const recall = requestRecall({ store: t.store, slotId: deleted.slotId, channelConfigured: () => true });
    expect(await outcome(recall)).toBe('FAILED_PRECONDITION admin.sessionClosed');
    expect([await row(seen.slotId), await row(deleted.slotId)]).toEqual(before);
  });

  it('refuses actions on an earlier session after the next one started, and its patients book again', async () => {
    const { seen, deleted } = await closedMorning();
    await switchReception({ store: t.store, name: 'startInhouse' });
    await switchReception({ store: t.store, name: 'startOnline' });
    expect(await outcome(mark(seen.slotId, 'undoStart'))).toBe('FAILED_PRECONDITION admin.sessionClosed');
    expect(await outcome(mark(deleted.slotId, 'undoDelete'))).toBe('FAILED_PRECONDITION admin.sessionClosed');
    const evening = await allocateSlot({ store: t.store, reservedType: 'PWA', ownerId: 'PWA_patient' });
    expect(evening.reservationNumber).toBe(1);
    expect(await outcome(mark(evening.slotId, 'hold'))).toBe('ok');
  });

  it('still answers NOT_FOUND for a slot that does not exist', async () => {
    await closedMorning();
    expect(await outcome(mark('no-such-slot', 'start'))).toBe('NOT_FOUND error.slotNotFound');
  });
});
