/**
 * Tells a screen-reader user, politely, that their place changed: "3 ahead of you now", and once it reaches
 * the 5-ahead notice's threshold, that their turn is near; after a new absence (issue 34), what happened
 * (moved back, with the new count, or held) instead. The region is on the page from the start and
 * silent at first (the screen already says where they are); its text changes only when the place does,
 * so a snapshot that changed nothing for this patient announces nothing.
 */
import { useState } from 'react';
import { t } from '../ui/language.js';
import { AHEAD_NOTICE_THRESHOLD } from '../../shared/queue/slot.js';
import { type AbsenceFacts, absenceText } from './absence.js';

export interface Place {
  ahead: number | null;
  hold: boolean;
  /** The last absence, when the screen knows the patient's own reservation (the full list does not). */
  absence?: AbsenceFacts['absence'];
}

/** What to announce on a move from `before` to `now`; '' when nothing a patient cares about changed. */
export function announcement(before: Place | null, now: Place | null): string {
  if (!before || !now) return '';
  // A new absence only (its count went up): an undo at the desk is no news to announce as one.
  const absent = now.absence && now.absence.count > (before.absence?.count ?? 0) ? absenceText(now) : null;
  if (absent) return now.hold || now.ahead === null ? absent : `${absent} ${t('my.announceAhead', { n: now.ahead })}`;
  if (now.hold) return before.hold ? '' : t('my.announceHold');
  if (now.ahead === null || (now.ahead === before.ahead && !before.hold)) return '';
  const near = now.ahead <= AHEAD_NOTICE_THRESHOLD && (before.hold || before.ahead === null || before.ahead > AHEAD_NOTICE_THRESHOLD);
  return near ? `${t('my.announceAhead', { n: now.ahead })} ${t('my.announceNear')}` : t('my.announceAhead', { n: now.ahead });
}

const placeKey = (place: Place | null) => (place ? `${place.hold}:${place.ahead}:${place.absence?.count}` : '');

export function AheadAnnouncer({ place }: { place: Place | null }) {
  // React's "adjust state while rendering": the previous place is kept to compare with the new one.
  const [previous, setPrevious] = useState(place);
  const [message, setMessage] = useState('');
  if (placeKey(previous) !== placeKey(place)) {
    setPrevious(place);
    setMessage(announcement(previous, place));
  }
  return (
    <p className="visually-hidden" aria-live="polite" aria-atomic="true" data-testid="ahead-announcer">
      {message}
    </p>
  );
}
