/**
 * One clinic's opening burst spread over several server processes (issue 45): test/support/burst.ts's
 * simultaneous calls, caller i going to process i mod n as a round-robin proxy would send it, each with the
 * headers a proxy passes on (X-Forwarded-Host). Where a burst of bursts may overrun something, a caller whose
 * connection fails is an answer (status 0, the error's code) rather than the end of the whole run.
 */
import { burstCalls, type TimedAnswer } from '../../test/support/burst.js';

export function spreadCalls<R = Record<string, unknown>>(
  bases: readonly string[], name: string, data: unknown, tokens: string[], headers: Record<string, string>, timeoutMs = 120_000,
): Promise<TimedAnswer<R>[]> {
  return burstCalls<R>({ bases, name, data, tokens, headers, timeoutMs, failureIsAnswer: true });
}
