/**
 * "Leave home by" (issue 36, docs/decisions/055), the rule without a store: a waiting patient who chose to
 * be told N minutes before their turn is due once the low edge of the range their card shows — the same
 * `waitRange` of the live estimate, for their people ahead, now — is N minutes or less. Of a family only the
 * first waiting member counts (decision 053), as for the people-ahead notice. A patient already told, or
 * confirmed by staff, is not due; without an estimate nobody is (the card shows no range either). The
 * notice itself is the turn-is-near notice (outbox kind 'ahead5'), worded by the minutes chosen.
 */
import { type WaitEstimate, waitRange } from '../../../shared/estimate/range.js';
import { publicQueue } from '../../../shared/queue/rules.js';
import type { SlotTable } from '../../storage/schema.js';
import { rowToSlot } from '../../storage/slot-row.js';

export interface MinutesDue {
  slot: SlotTable;
  /** The low edge the card showed when it fell due (minutes). */
  lowMinutes: number;
}

/** `waiting`: the session's active rows (held ones included: they count as no one's ahead), any order. */
export function minutesNotices(waiting: readonly SlotTable[], estimate: WaitEstimate | null, now: Date, lineOn = true): MinutesDue[] {
  if (!estimate) return [];
  const byId = new Map(waiting.map((row) => [row.id, row]));
  const families = new Set<string>();
  const due: MinutesDue[] = [];
  for (const entry of publicQueue(waiting.map(rowToSlot))) {
    const slot = byId.get(entry.slotId)!;
    if (slot.family_id) {
      if (families.has(slot.family_id)) continue;
      families.add(slot.family_id);
    }
    if (slot.notice_minutes === null || entry.ahead === null) continue;
    if (slot.reserved_type !== 'LINE' && slot.reserved_type !== 'PWA') continue;
    if (slot.notified_at || slot.ahead5_skipped_at || slot.admin_confirmed_at) continue;
    // LINE's turn-is-near notice switched off: left unsent and unmarked, as for people ahead (decision 021).
    if (slot.reserved_type === 'LINE' && !lineOn) continue;
    const range = waitRange(estimate, entry.ahead, now);
    if (range && range.lowMinutes <= slot.notice_minutes) due.push({ slot, lowMinutes: range.lowMinutes });
  }
  return due;
}
