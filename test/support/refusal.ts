/** What a pure domain rule answered: the refusal it threw as `CODE:messageKey`, 'none', or 'other' for a fault. */
import { AppError } from '../../src/server/errors.js';

export function refusalOf(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    return err instanceof AppError ? `${err.code}:${err.messageKey}` : 'other';
  }
  return 'none';
}
