/**
 * Every call this server makes to the outside world (LINE, push services) goes through here, so each has
 * the same bounds: the timeout (or the caller's `signal`, e.g. the notify worker stopping) aborts the
 * request itself, headers and body alike, so the socket is closed rather than left waiting; redirects
 * are not followed, so an answer cannot send a patient's data or a token anywhere else; and the body is
 * read only up to BODY_LIMIT_BYTES, so an answer cannot fill the server's memory (decision 046).
 */

export interface BoundedResponse {
  status: number;
  headers: Headers;
  body: string;
}

/** Every answer we read is a small JSON object or an error text; 64 KiB is far above any of them. */
export const BODY_LIMIT_BYTES = 64 * 1024;

/** Nothing came back in time (the request was aborted). */
export class NoAnswerError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`);
  }
}

/** The answer's body went past the limit: the request was aborted there, what came is dropped. */
export class BodyTooLargeError extends Error {
  constructor(readonly status: number) {
    super(`the answer (HTTP ${status}) has a body over ${BODY_LIMIT_BYTES / 1024} KiB: cut off`);
  }
}

export async function fetchBounded(
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: BodyInit | null },
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<BoundedResponse> {
  const timeout = AbortSignal.timeout(timeoutMs);
  // Aborted by us when the body goes past the limit: that closes the socket, as the timeout does.
  const cut = new AbortController();
  const abort = AbortSignal.any(signal ? [timeout, signal, cut.signal] : [timeout, cut.signal]);
  try {
    const response = await fetch(url, { ...init, redirect: 'manual', signal: abort });
    return { status: response.status, headers: response.headers, body: await readCapped(response, cut) };
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw err;
    if (timeout.aborted) throw new NoAnswerError(timeoutMs);
    if (signal?.aborted) throw new Error('stopped before an answer came');
    throw err;
  }
}

/** The body as text, read chunk by chunk so that no more than the limit is ever held. */
async function readCapped(response: Response, cut: AbortController): Promise<string> {
  const tooLarge = () => {
    cut.abort();
    return new BodyTooLargeError(response.status);
  };
  if (Number(response.headers.get('content-length') ?? 0) > BODY_LIMIT_BYTES) throw tooLarge();
  if (!response.body) return '';
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT_BYTES) throw tooLarge();
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
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
