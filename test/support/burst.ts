/**
 * A burst of simultaneous function calls over real HTTP, shared by the burst test and `npm run bench`.
 */
import { type ClientRequest, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Answer<R = Record<string, unknown>> {
  status: number;
  body: { result?: R; error?: { status: string } };
}

export interface TimedAnswer<R = Record<string, unknown>> extends Answer<R> {
  /** From the moment this request's body was released to the end of its response. */
  latencyMs: number;
  /** From the release of the first body to the end of this response. */
  doneAtMs: number;
}

/**
 * The opening-time burst: every caller has its own connection, and every request head is sent first; then
 * all bodies are released in one synchronous loop, so the server gets the whole burst together whatever
 * the speed of this process. `data` is every caller's payload, or a function of the caller's index giving
 * its own. Each request is bounded by `timeoutMs`; `headers` go on every request (e.g.
 * X-Forwarded-For, to send the whole burst from one client address). `onReleased` is called once every body
 * is sent (something timed against the burst starts then, not while the connections open).
 */
export async function simultaneousCalls<R = Record<string, unknown>>(
  base: string, name: string, data: unknown, tokens: string[], timeoutMs = 60_000, headers: Record<string, string> = {}, onReleased?: () => void,
): Promise<TimedAnswer<R>[]> {
  const { hostname, port } = new URL(base);
  // One payload for everyone, or each caller's own (a burst of families asks for different sizes).
  const bodies = tokens.map((_, i) => JSON.stringify({ data: typeof data === 'function' ? (data as (i: number) => unknown)(i) : data }));
  const pending: { req: ClientRequest; answer: Promise<TimedAnswer<R>> }[] = [];
  const connected: Promise<void>[] = [];
  const released: number[] = [];
  let start = 0;
  tokens.forEach((token, i) => {
    const body = bodies[i];
    const req = httpRequest({
      host: hostname,
      port,
      method: 'POST',
      path: `/api/fn/${name}`,
      agent: false,
      timeout: timeoutMs,
      headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
    });
    const answer = new Promise<TimedAnswer<R>>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const end = performance.now();
          try {
            const parsed = JSON.parse(text) as Answer<R>['body'];
            resolve({ status: res.statusCode ?? 0, body: parsed, latencyMs: end - released[i], doneAtMs: end - start });
          } catch {
            resolve({ status: res.statusCode ?? 0, body: { error: { status: `unparsable: ${text.slice(0, 80)}` } }, latencyMs: end - released[i], doneAtMs: end - start });
          }
        });
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error('request timed out')));
      req.on('error', reject);
    });
    connected.push(new Promise<void>((resolve) => req.on('socket', (s) => (s.connecting ? s.once('connect', () => resolve()) : resolve()))));
    req.flushHeaders();
    pending.push({ req, answer });
  });
  await Promise.all(connected);
  start = performance.now();
  pending.forEach(({ req }, i) => {
    released[i] = performance.now();
    req.end(bodies[i]);
  });
  onReleased?.();
  return Promise.all(pending.map((p) => p.answer));
}
