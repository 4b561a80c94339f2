/** The Server-Sent Events wire format, kept tiny so its exact bytes can be tested. */

/** One event frame. Data is JSON on a single line, so no `data:` continuation lines are needed. */
export function sseFrame(event: string, data: unknown, id?: number): string {
  const idLine = id === undefined ? '' : `id: ${id}\n`;
  return `${idLine}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** A comment line: keeps proxies and mobile networks from closing an idle stream. */
export const SSE_HEARTBEAT = ': ping\n\n';

/** Sent first: how long EventSource waits before reconnecting on its own. */
export const sseRetry = (ms: number) => `retry: ${ms}\n\n`;

export const SSE_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-cache, no-transform',
  connection: 'keep-alive',
  // nginx and similar proxies would otherwise buffer the stream.
  'x-accel-buffering': 'no',
} as const;
