/**
 * Builds the two stream snapshots from one queue state. Neither carries an owner id: a PWA uid is its
 * patient's credential, and the staff screens never needed them (the channel is in `reservedType`).
 */
import { publicQueue, waitCountIn } from '../../shared/queue/rules.js';
import type { AdminSnapshot, QueueLive, QueueLiveFrame, QueueSnapshotByQueueFrame, QueueSnapshotFrame } from '../../shared/schemas/live.js';
import { compactRow, type PublicRow, type PublicRowFrame } from '../../shared/queue/public-row.js';
import { MAIN_QUEUE } from '../storage/queue-rows.js';
import { queueOpenAt } from '../../shared/queue/queue-hours.js';
import { parseHours } from '../domain/queues/read.js';
import type { StaffSlot } from '../../shared/queue/slot.js';
import type { QueueState } from '../domain/queue-state.js';
import type { LiveEstimate } from '../domain/estimate/live-estimate.js';
import { standingAbsence } from '../domain/absence/undo.js';
import { patientCancellations } from '../domain/allocation/cancel-counts.js';

/** Each queue's own figures, for a clinic with several (decision 061); `lives` in the order of `state.queues`. */
export function queueFigures(state: QueueState, lives: readonly LiveEstimate[], now: Date = new Date()): QueueLive[] | undefined {
  if (state.queues.length < 2) return undefined;
  const rows = publicQueue(state.slots);
  return state.queues.map((q, i) => ({
    id: q.id,
    nameJa: q.name_ja,
    nameEn: q.name_en,
    ...(q.description_ja ? { descriptionJa: q.description_ja } : {}),
    ...(q.description_en ? { descriptionEn: q.description_en } : {}),
    firstNumber: q.first_number,
    online: q.online === 1,
    open: queueOpenAt(parseHours(q.hours), now),
    waiting: waitCountIn(rows, q.id),
    nowCalling: lives[i]?.nowCalling ?? null,
    estimate: lives[i]?.estimate ?? null,
  }));
}

/**
 * The one place that decides what a public row carries; the frame then leaves out the fields at their default
 * (decision 062: most rows are waiting, not held, not absent, and every change goes to every viewer).
 */
export function publicRows(state: QueueState): PublicRowFrame[] {
  // A number called and absent that still waits, moved back or held: the monitor's 「不在の方は受付へ」 strip.
  // The same standing absence as the patient's card and the staff stream (decision 059).
  const absent = new Set(state.slots.filter((s) => standingAbsence(s)).map((s) => s.id));
  return publicQueue(state.slots).map(({ slotId, reservationNumber, ahead, hold, queueId }): PublicRowFrame => {
    const row: PublicRow = { reservationNumber, ahead, hold, absent: absent.has(slotId), queueId: queueId ?? MAIN_QUEUE };
    return compactRow(row);
  });
}

export function queueSnapshot(state: QueueState, live: LiveEstimate = { estimate: null, nowCalling: null }, queues?: QueueLive[]): QueueSnapshotFrame {
  return {
    runtime: state.runtime,
    queue: publicRows(state),
    version: state.version,
    ...(queues ? { queues } : {}),
    estimate: live.estimate,
    nowCalling: live.nowCalling,
    announcement: state.announcement && { text: state.announcement.text, until: state.announcement.until },
    scheduleVersion: state.scheduleVersion,
    callouts: state.callouts,
    calloutSettings: state.calloutSettings,
    // The book screen offers a family's numbers only when the clinic allows more than one (decision 053).
    familyMax: state.allocationSettings.familyMax,
    // Only while it stands: the frame every viewer gets stays as it was otherwise.
    ...(state.onlineLateAt !== null && !state.runtime.onlineOn ? { onlineClosedReason: 'late' as const } : {}),
  };
}

/**
 * The public snapshot for `?rows=byQueue` (decision 076): with several queues, each queue's rows go into its
 * `queues` entry and name no queue, in place of one `queue` list where every row of a queue but the first
 * names it. With one queue it is the same frame.
 */
export function queueSnapshotByQueue(state: QueueState, live: LiveEstimate, queues?: QueueLive[]): QueueSnapshotByQueueFrame {
  const { queue, ...rest } = queueSnapshot(state, live, queues);
  if (!queues) return { ...rest, queue };
  // `queues` keeps its place after `version`: the rows move, the frame reads as before.
  return { ...rest, queues: withRows(queues, queue) };
}

/**
 * Each queue's rows in its entry, in the one list's order, without `queueId`. Every public row is in a live
 * queue: a queue is removed only once none of its numbers waits or is held (decision 061).
 */
function withRows(queues: QueueLive[], rows: PublicRowFrame[]): QueueLiveFrame[] {
  const byId = new Map<string, PublicRowFrame[]>(queues.map((q) => [q.id, []]));
  for (const { queueId = MAIN_QUEUE, ...row } of rows) byId.get(queueId)?.push(row);
  return queues.map((q) => ({ ...q, rows: byId.get(q.id)! }));
}

export function adminSnapshot(state: QueueState, queues?: QueueLive[]): AdminSnapshot {
  const slots = state.slots.map(({ lineId: _line, pwaId: _pwa, ...rest }): StaffSlot => rest);
  return {
    runtime: state.runtime,
    ...(queues ? { queues } : {}),
    slots,
    nextFreeNumber: state.nextFreeNumber,
    // Beside `queues`, only when the clinic has several: the desk's walk-in asks for the queue then.
    ...(queues ? { nextFreeNumbers: state.nextFreeNumbers } : {}),
    version: state.version,
    announcement: state.announcement,
    noticeThresholds: state.noticeThresholds,
    scheduleVersion: state.scheduleVersion,
    scheduleNotice: state.scheduleNoticeAt ? { kind: 'inhouseOffAtWindowStart', windowStart: state.scheduleNoticeAt } : null,
    arrivalSettings: state.arrivalSettings,
    allocationSettings: state.allocationSettings,
    // Staff only (decision 060): the public snapshot above never says who cancelled.
    cancellations: patientCancellations(state.slots),
    // Staff only, masked (decision 070): the public snapshot never carries it.
    sms: state.sms,
  };
}
