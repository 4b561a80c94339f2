/**
 * What one delivery attempt came to; the worker turns it into sent, a later retry, or a recorded failure.
 * Both senders (LINE in notify/, Web Push in push/) answer with it, so it lives beside the outside calls:
 * push/ does not import notify/.
 */
export type SendResult =
  | { kind: 'sent' }
  /** 5xx, 429, timeout or network: try again later with the same retry key. */
  | { kind: 'retry'; reason: string }
  /** Refused for good (bad token, unknown user, 4xx). */
  | { kind: 'fail'; reason: string }
  /** The push subscription is gone (404/410): delete it. */
  | { kind: 'gone'; reason: string }
  /**
   * Not tried yet, for a moment (a LINE service token still being asked for, or in use by another send of the
   * same reservation): due again after `afterMs`, and this claim does not count against the attempts.
   */
  | { kind: 'later'; afterMs: number; reason: string };

/** Classifies an HTTP status of an outside service. */
export function resultOfStatus(status: number, detail = ''): SendResult {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  // 3xx lands here too (redirects are not followed): a failure, not something to chase.
  const reason = `HTTP ${status}${detail ? `: ${detail.slice(0, 200)}` : ''}`;
  if (status >= 500 || status === 429 || status === 408) return { kind: 'retry', reason };
  return { kind: 'fail', reason };
}

/** A transport error (timeout, refused, reset) as a SendResult: the message may or may not have arrived. */
export function retryOnError(err: unknown): SendResult {
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return { kind: 'retry', reason: `${err instanceof Error ? err.message : String(err)}${cause}` };
}
