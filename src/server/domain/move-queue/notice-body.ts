/**
 * What a 'moved' outbox row carries in its body: the number the patient last knew (decision 067). The row's
 * own number is the new one; the deliverer words the notice from both and the new number's queue.
 */
export interface MovedNotice {
  /** The number the patient was told last: the one moved from, or, when a move replaced an untold one, that one's. */
  from: number;
}

export function movedNoticeBody(notice: MovedNotice): string {
  return JSON.stringify(notice);
}

/** The body read back; null when it is missing or not one of ours (the notice then names the new number only). */
export function parseMovedNotice(body: string | null): MovedNotice | null {
  if (!body) return null;
  try {
    const value = JSON.parse(body) as Partial<MovedNotice>;
    if (Number.isInteger(value.from) && (value.from as number) > 0) return { from: value.from as number };
  } catch {
    // not JSON: fall through
  }
  return null;
}
