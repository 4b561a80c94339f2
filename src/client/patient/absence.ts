/**
 * What the patient is told about being called and absent (issue 34): moved back so many places (to the end
 * when none were left to pass), or held until they speak to the desk. One text for the card and for the
 * screen reader's announcement, so both say the same.
 */
import { t } from '../ui/language.js';
import type { MyReservation } from '../../shared/schemas/functions.js';

export type AbsenceFacts = Pick<MyReservation, 'hold' | 'absence'>;

/** Null when there is nothing to say: no absence, or a hold that staff have since lifted. */
export function absenceText({ hold, absence }: AbsenceFacts): string | null {
  if (!absence) return null;
  // Held now (by this absence or by staff after it): the desk is where they go, whatever moved before.
  if (hold) return t('my.absentHeld');
  if (absence.places === null) return null;
  return absence.places > 0 ? t('my.absentMoved', { places: absence.places }) : t('my.absentMovedEnd');
}
