/** What a patient reads when taking or cancelling a number fails (docs/product.md, "Errors patients and staff see"). */
import { FnError } from '../api/fn.js';
import { t } from '../ui/language.js';

export function takeErrorMessage(err: unknown): string {
  if (!(err instanceof FnError)) return t('error.allocateFailed');
  switch (err.status) {
    case 'FAILED_PRECONDITION':
      return t('error.onlineStopped');
    case 'RESOURCE_EXHAUSTED':
      // Online numbers used up (decision 049) says the desk still takes patients; every other "none left" reads as one.
      return err.message === t('error.onlineNumbersUsedUp') ? err.message : t('error.noFreeNumbers');
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
