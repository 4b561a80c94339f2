/**
 * What an 'absence' outbox row carries in its body: the outcome as it was when the absence committed. The
 * deliverer words the notice from it, not from the slot, which an undo or a later absence may have changed
 * by the time the row is sent.
 */
export interface AbsenceNotice {
  outcome: 'moved' | 'held';
  /** Places moved back (0: nobody was waiting behind); null when held. */
  places: number | null;
}

export function absenceNoticeBody(notice: AbsenceNotice): string {
  return JSON.stringify(notice);
}

/** The body read back; null when it is missing or not one of ours (the deliverer then reads the slot). */
export function parseAbsenceNotice(body: string | null): AbsenceNotice | null {
  if (!body) return null;
  try {
    const value = JSON.parse(body) as Partial<AbsenceNotice>;
    if (value.outcome === 'held') return { outcome: 'held', places: null };
    if (value.outcome === 'moved' && Number.isInteger(value.places) && (value.places as number) >= 0) {
      return { outcome: 'moved', places: value.places as number };
    }
  } catch {
    // not JSON: fall through
  }
  return null;
}
