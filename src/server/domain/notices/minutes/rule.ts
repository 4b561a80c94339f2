/**
 * "Leave home by" (issue 36, docs/decisions/055), the rule without a store: a waiting patient who chose to
 * be told N minutes before their turn is due once the low edge of the range their card shows — the same
 * `waitRange` of the live estimate, for their people ahead, now — is N minutes or less. Of a family only the
 * first waiting member counts (decision 053), as for the people-ahead notice. A patient already told, or
 * confirmed by staff, is not due; without an estimate nobody is (the card shows no range either). The
 * notice itself is the turn-is-near notice (outbox kind 'ahead5'), worded by the minutes chosen.
 */
import { type WaitEstimate, waitRange } from '../../../../shared/estimate/range.js';
import type { Slot } from '../../../../shared/queue/slot.js';
import { noticeQueue } from '../turn-near/rule.js';

export interface MinutesDue {
  slotId: string;
  /** The low edge the card showed when it fell due (minutes). */
  lowMinutes: number;
}

/** `slots`: the session's rows (held and finished ones included: the public queue's rule sorts them out). */
export function minutesNotices(slots: readonly Slot[], estimate: WaitEstimate | null, now: Date, lineOn = true): MinutesDue[] {
  if (!estimate) return [];
  const due: MinutesDue[] = [];
  for (const { slot, ahead } of noticeQueue(slots)) {
    const minutes = slot.noticeMinutes ?? null;
    if (minutes === null || ahead === null) continue;
    if (slot.reservedType !== 'LINE' && slot.reservedType !== 'PWA') continue;
    if (slot.notifiedAt || slot.ahead5SkippedAt || slot.adminConfirmedAt) continue;
    // LINE's turn-is-near notice switched off: left unsent and unmarked, as for people ahead (decision 021).
    if (slot.reservedType === 'LINE' && !lineOn) continue;
    const range = waitRange(estimate, ahead, now);
    if (range && range.lowMinutes <= minutes) due.push({ slotId: slot.id, lowMinutes: range.lowMinutes });
  }
  return due;
}
