/** What one delivery attempt came to; the worker turns it into sent, a later retry, or a recorded failure. */
export type SendResult =
  | { kind: 'sent' }
  /** 5xx, 429, timeout or network: try again later with the same retry key. */
  | { kind: 'retry'; reason: string }
  /** Refused for good (bad token, unknown user, 4xx). */
  | { kind: 'fail'; reason: string }
  /** The push subscription is gone (404/410): delete it. */
  | { kind: 'gone'; reason: string };

/** Classifies an HTTP status of an outside service. */
export function resultOfStatus(status: number, detail = ''): SendResult {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  // 3xx lands here too (redirects are not followed): a failure, not something to chase.
  const reason = `HTTP ${status}${detail ? `: ${detail.slice(0, 200)}` : ''}`;
  if (status >= 500 || status === 429 || status === 408) return { kind: 'retry', reason };
  return { kind: 'fail', reason };
}

export interface BoundedResponse {
  status: number;
  body: string;
}

/**
 * One request to an outside service, bounded as a whole: the timeout (or `signal`, when the worker stops)
 * aborts the request itself, headers and body alike, so the socket is closed rather than left waiting.
 * Redirects are not followed: a push service or LINE answering 3xx is a failure, and following one would
 * post a patient's notice to wherever the answer pointed.
 */
export async function fetchBounded(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: BodyInit | null },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<BoundedResponse> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const abort = signal ? AbortSignal.any([timeout, signal]) : timeout;
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: abort });
    return { status: response.status, body: await response.text() };
  } catch (err) {
    if (timeout.aborted) throw new Error(`timed out after ${timeoutMs} ms`);
    if (signal?.aborted) throw new Error('stopped before an answer came');
    throw err;
  }
}

/** A transport error (timeout, refused, reset) as a SendResult: the message may or may not have arrived. */
export function retryOnError(err: unknown): SendResult {
  const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
  return { kind: 'retry', reason: `${err instanceof Error ? err.message : String(err)}${cause}` };
}
