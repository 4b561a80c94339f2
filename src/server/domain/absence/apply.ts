/**
 * 不在 and its undo, applied: each reads the slot (of the open session) and the waiting rows, asks the rule
 * in rule.ts and writes its answer in one transaction with the audit line, the event both desks hear, the
 * patient's notice (one outbox row per absence, never for a no-op; an undo withdraws it while still queued)
 * and the turn-is-near notices of the patients who moved forward.
 */
import type { FunctionResults } from '../../../shared/schemas/functions.js';
import type { Store, WriteContext } from '../../storage/port.js';
import { activeSlot } from '../../storage/slot-row.js';
import { type Actor, writeAudit } from '../audit.js';
import { enqueueAheadNotices, enqueueNotice } from '../notices/outbox.js';
import { slotOfOpenSession } from '../session-slot.js';
import { absenceNoticeGoes, type AbsenceChange, decideAbsence, decideUndo, type Placed } from './rule.js';
import { absenceNoticeBody } from './notice-body.js';
import { absenceSettings } from '../arrival/settings.js';
import { writeInSlotQueue } from '../slot-queue.js';

interface AbsenceOptions {
  store: Store;
  slotId: string;
  /** The absence count the desk showed when it was pressed. */
  absences: number;
  actor?: Actor;
}

/**
 * The waiting rows (active, not held) of the session's queue, in queue order: `byQueueOrder` in SQL. Places
 * count within the row's own queue, as people ahead do (decision 061), and the write holds that queue's lock
 * only (decision 064): another queue's rows may change meanwhile and are none of its business.
 */
function waitingRows({ tx }: WriteContext, sessionId: string, queueId: string): Promise<Placed[]> {
  return tx
    .selectFrom('reservation_slots')
    .select(['id', 'queue_position', 'reservation_number'])
    .where('session_id', '=', sessionId)
    .where('queue_id', '=', queueId)
    .where(activeSlot)
    .where('hold', '=', 0)
    .orderBy('queue_position')
    .orderBy('reservation_number')
    .execute();
}

async function writeChange(ctx: WriteContext, slotId: string, change: AbsenceChange): Promise<void> {
  await ctx.tx.updateTable('reservation_slots').set({ ...change, updated_at: ctx.now }).where('id', '=', slotId).execute();
  ctx.emit({ type: 'slotMarked', slotId });
}

/** The audit line's view of a change: the undo record (undo.ts) is bookkeeping, not something staff did. */
const audited = ({ absent_undo: _record, ...change }: AbsenceChange) => change;

const valuesBefore = (slot: object, change: AbsenceChange) =>
  Object.fromEntries(Object.keys(audited(change)).map((k) => [k, (slot as Record<string, unknown>)[k]]));

export async function markAbsent({ store, slotId, absences: seen, actor }: AbsenceOptions): Promise<FunctionResults['markAbsent']> {
  return writeInSlotQueue(store, slotId, async (ctx) => {
    const slot = await slotOfOpenSession(ctx, slotId);
    const decision = decideAbsence(slot, await waitingRows(ctx, slot.session_id, slot.queue_id), absenceSettings(ctx.runtime), seen, ctx.now);
    if (decision.outcome === null) return { ok: true, changed: false, outcome: null, absences: slot.absences, places: null };
    await writeChange(ctx, slotId, decision.change);
    const places = decision.outcome === 'moved' ? decision.places : null;
    if (absenceNoticeGoes(slot.reserved_type, ctx.runtime.line_recall_on === 1)) {
      await enqueueNotice(ctx, slot, 'absence', absenceNoticeBody({ outcome: decision.outcome, places }));
    }
    // Everyone the row passed moved one place forward: some may now be due their turn-is-near notice.
    await enqueueAheadNotices(ctx);
    await writeAudit(
      ctx.tx,
      actor,
      {
        action: 'markAbsent',
        target: `#${slot.reservation_number} ${slotId}`,
        before: valuesBefore(slot, decision.change),
        after: { outcome: decision.outcome, places, ...audited(decision.change) },
      },
      ctx.now,
    );
    return { ok: true, changed: true, outcome: decision.outcome, absences: slot.absences + 1, places };
  });
}

export async function undoAbsent({ store, slotId, absences: seen, actor }: AbsenceOptions): Promise<FunctionResults['undoAbsent']> {
  return writeInSlotQueue(store, slotId, async (ctx) => {
    const slot = await slotOfOpenSession(ctx, slotId);
    const change = decideUndo(slot, seen);
    if (!change) return { ok: true, changed: false, absences: slot.absences };
    await writeChange(ctx, slotId, change);
    // The undone absence's notice, while still queued, is not sent (decision 059): its rows were written in
    // that absence's transaction, at its time. One a sender has already claimed goes out.
    if (slot.absent_at) {
      await ctx.tx
        .deleteFrom('outbox')
        .where('slot_id', '=', slotId)
        .where('kind', '=', 'absence')
        .where('status', '=', 'pending')
        .where('created_at', '=', slot.absent_at)
        .execute();
    }
    // Back in front of the ones it had passed: their counts changed, and its own may now be due a notice.
    await enqueueAheadNotices(ctx);
    await writeAudit(
      ctx.tx,
      actor,
      { action: 'undoAbsent', target: `#${slot.reservation_number} ${slotId}`, before: valuesBefore(slot, change), after: audited(change) },
      ctx.now,
    );
    return { ok: true, changed: true, absences: slot.absences - 1 };
  });
}
