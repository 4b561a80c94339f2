/** What a patient reads when taking or cancelling a number fails (docs/product.md, "Errors patients and staff see"). */
import { FnError } from '../api/fn.js';
import { patientJa } from '../../shared/labels/patient-ja.js';
import { label } from '../../shared/labels/text.js';
import { t } from '../ui/language.js';

export function takeErrorMessage(err: unknown): string {
  if (!(err instanceof FnError)) return t('error.allocateFailed');
  switch (err.status) {
    case 'FAILED_PRECONDITION':
      return t('error.onlineStopped');
    case 'RESOURCE_EXHAUSTED': {
      // Cancelled too often this session (decision 060): the server fills the count into its Japanese text,
      // which no catalogue text matches on the way (language.ts); read back out, worded in the reader's language.
      const count = err.message.replace(/\D/g, '');
      if (err.message === label({ ja: patientJa }, 'ja', 'error.cancelLimit', { count })) return t('error.cancelLimit', { count });
      // Online numbers used up (decision 049) says the desk still takes patients; every other "none left" reads as one.
      return err.message === t('error.onlineNumbersUsedUp') ? err.message : t('error.noFreeNumbers');
    }
    case 'ABORTED':
      return t('error.busy');
    default:
      return err.message || t('error.allocateFailed');
  }
}

export function cancelErrorMessage(err: unknown): string {
  if (!(err instanceof FnError)) return t('error.cancelFailed');
  if (err.status === 'NOT_FOUND') return t('error.reservationNotFound');
  return err.message || t('error.cancelFailed');
}
