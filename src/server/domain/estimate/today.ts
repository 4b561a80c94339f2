/** What the current session's slots say right now: who is being seen, and the latest starts. */
import type { SlotFields } from '../../../shared/queue/slot.js';

export interface TodayFacts {
  /** The number whose consultation started last (undoStart takes a start back, so this moves back too). */
  nowCalling: number | null;
  lastStartAt: string | null;
  /** Every start time of the session, in no particular order. */
  starts: string[];
}

export function todayFacts(slots: readonly SlotFields[]): TodayFacts {
  let latest: SlotFields | null = null;
  const starts: string[] = [];
  for (const slot of slots) {
    if (!slot.isReceptionAccepted || slot.canceled || slot.receptionAcceptedAt === null) continue;
    starts.push(slot.receptionAcceptedAt);
    // ISO-8601 UTC text of one format orders as time does; on a tie the higher number was started second.
    if (
      !latest ||
      slot.receptionAcceptedAt > latest.receptionAcceptedAt! ||
      (slot.receptionAcceptedAt === latest.receptionAcceptedAt && slot.reservationNumber > latest.reservationNumber)
    ) {
      latest = slot;
    }
  }
  return { nowCalling: latest?.reservationNumber ?? null, lastStartAt: latest?.receptionAcceptedAt ?? null, starts };
}
