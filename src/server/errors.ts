/** A refusal the client should see: a catalogue code and the key of its Japanese message. */
import type { ErrorCode } from '../shared/errors.js';
import type { StaffKey } from '../shared/labels/staff.js';

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: StaffKey,
    readonly params: Record<string, string | number> = {},
  ) {
    super(withoutStack(`${code}: ${messageKey}`));
    Error.stackTraceLimit = savedLimit;
  }
}

// A refusal is an answer, not a fault: nobody reads its stack, and capturing one through a request's
// frames was the largest single cost of the opening burst's 800 refusals (docs/benchmarks.md, decision 022).
let savedLimit = Error.stackTraceLimit;
function withoutStack(message: string): string {
  savedLimit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  return message;
}
