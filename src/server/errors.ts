/** A refusal the client should see: a catalogue code and the key of its Japanese message. */
import type { ErrorCode } from '../shared/errors.js';
import type { LabelKey } from '../shared/labels/ja.js';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: LabelKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(`${code}: ${messageKey}`);
  }
}
