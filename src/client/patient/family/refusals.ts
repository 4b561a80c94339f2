/**
 * The refusals only a family's take meets (docs/decisions/053), worded for the patient. Here, in the family
 * chunk, not in error-messages.ts: /pwa's first load has no bytes to spare, and only a screen showing the
 * picker (so with this chunk loaded) can send a family. The book screen asks this first, then
 * takeErrorMessage.
 */
import { patientJa } from '../../../shared/labels/patient-ja.js';
import { t } from '../../ui/language.js';
import { FnError } from '../../api/fn.js';

/** The server's Japanese text of "more people than allowed", with its number as the one group. */
const TOO_LARGE = new RegExp(`^${patientJa['error.familyTooLarge'].replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace('{max}', '(\\d+)')}$`);

export function familyRefusal(err: unknown): string | undefined {
  if (!(err instanceof FnError)) return undefined;
  // More people than the clinic allows: the server fills {max} in its Japanese text, so no catalogue text
  // matches it on the way (language.ts); the text is matched whole, its number read back out, and the text
  // worded in the reader's language.
  const max = err.status === 'FAILED_PRECONDITION' ? TOO_LARGE.exec(err.message)?.[1] : undefined;
  if (max) return t('error.familyTooLarge', { max });
  // Too few online numbers left for everyone: a catalogue text, already in the reader's language.
  if (err.status === 'RESOURCE_EXHAUSTED' && err.message === t('error.notEnoughForFamily')) return err.message;
  // A name with a character names cannot hold (a line break, an invisible one; decision 058): likewise.
  if (err.status === 'INVALID_ARGUMENT' && err.message === t('error.patientText')) return err.message;
  return undefined;
}
