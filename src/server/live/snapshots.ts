/**
 * Builds the two stream snapshots from one queue state. Neither carries an owner id: a PWA uid is its
 * patient's credential, and the staff screens never needed them (the channel is in `reservedType`).
 */
import { publicQueue } from '../../shared/queue/rules.js';
import type { AdminSnapshot, QueueSnapshotFrame } from '../../shared/schemas/live.js';
import { compactRow, type PublicRow, type PublicRowFrame } from '../../shared/queue/public-row.js';
import type { StaffSlot } from '../../shared/queue/slot.js';
import type { QueueState } from '../domain/queue-state.js';
import type { LiveEstimate } from '../domain/estimate/live-estimate.js';
import { standingAbsence } from '../domain/absence/undo.js';
import { patientCancellations } from '../domain/allocation/cancel-counts.js';

/**
 * The one place that decides what a public row carries; the frame then leaves out the fields at their default
 * (decision 062: most rows are waiting, not held, not absent, and every change goes to every viewer).
 */
export function publicRows(state: QueueState): PublicRowFrame[] {
  // A number called and absent that still waits, moved back or held: the monitor's 「不在の方は受付へ」 strip.
  // The same standing absence as the patient's card and the staff stream (decision 059).
  const absent = new Set(state.slots.filter((s) => standingAbsence(s)).map((s) => s.id));
  return publicQueue(state.slots).map(({ slotId, reservationNumber, ahead, hold }): PublicRowFrame => {
    const row: PublicRow = { reservationNumber, ahead, hold, absent: absent.has(slotId) };
    return compactRow(row);
  });
}

export function queueSnapshot(state: QueueState, live: LiveEstimate = { estimate: null, nowCalling: null }): QueueSnapshotFrame {
  return {
    runtime: state.runtime,
    queue: publicRows(state),
    version: state.version,
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

export function adminSnapshot(state: QueueState): AdminSnapshot {
  const slots = state.slots.map(({ lineId: _line, pwaId: _pwa, ...rest }): StaffSlot => rest);
  return {
    runtime: state.runtime,
    slots,
    nextFreeNumber: state.nextFreeNumber,
    version: state.version,
    announcement: state.announcement,
    noticeThresholds: state.noticeThresholds,
    scheduleVersion: state.scheduleVersion,
    scheduleNotice: state.scheduleNoticeAt ? { kind: 'inhouseOffAtWindowStart', windowStart: state.scheduleNoticeAt } : null,
    arrivalSettings: state.arrivalSettings,
    allocationSettings: state.allocationSettings,
    // Staff only (decision 060): the public snapshot above never says who cancelled.
    cancellations: patientCancellations(state.slots),
  };
}
