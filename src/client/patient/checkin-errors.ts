/**
 * What a patient reads when checking in fails (issue 34), mapped as error-messages.ts maps taking and
 * cancelling. Its own module, imported by the check-in form's chunk alone, so the first load carries none of it.
 */
import { FnError } from '../api/fn.js';
import { t } from '../ui/language.js';

/** A wrong or stale code is the usual refusal; a number no longer ours says so plainly; else the server's words. */
export function checkinErrorMessage(err: unknown): string {
  if (!(err instanceof FnError)) return t('error.internal');
  if (err.status === 'FAILED_PRECONDITION') return t('error.checkinCodeWrong');
  if (err.status === 'NOT_FOUND') return t('error.reservationNotFound');
  return err.message || t('error.internal');
}
