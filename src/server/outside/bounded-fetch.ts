/**
 * Every call this server makes to the outside world (LINE, push services) goes through here, so each has
 * the same bounds: the timeout (or the caller's `signal`, e.g. the notify worker stopping) aborts the
 * request itself, headers and body alike, so the socket is closed rather than left waiting; and redirects
 * are not followed, so an answer cannot send a patient's data or a token anywhere else.
 */

export interface BoundedResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** Nothing came back in time (the request was aborted). */
export class NoAnswerError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
  }
}

export async function fetchBounded(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit | null },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<BoundedResponse> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const abort = signal ? AbortSignal.any([timeout, signal]) : timeout;
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: abort });
    return { status: response.status, headers: response.headers, body: await response.text() };
  } catch (err) {
    if (timeout.aborted) throw new NoAnswerError(timeoutMs);
    if (signal?.aborted) throw new Error('stopped before an answer came');
    throw err;
  }
}

/** The body as a JSON object, or {} when it is not one (the status then says enough). */
export function jsonObject(text: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
