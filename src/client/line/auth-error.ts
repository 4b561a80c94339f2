/**
 * A failed LINE sign-in. `message` is the short technical reason docs/product.md names ('Invalid state',
 * 'Missing state', 'Failed to get profile', 'Failed to get custom token'); `detail` is what the error card
 * shows under the catalogue's advice.
 */
import { t } from '../ui/language.js';

export class LineAuthError extends Error {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(message);
    this.name = 'LineAuthError';
  }
}

export function asLineAuthError(err: unknown): LineAuthError {
  if (err instanceof LineAuthError) return err;
  const message = err instanceof Error ? err.message : String(err);
  return new LineAuthError(message, t('error.lineLoginFailed'));
}
