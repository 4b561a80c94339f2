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

export interface BurstOptions {
  /** Caller i goes to `bases[i mod n]`, as a round-robin proxy in front of several processes would send it. */
  bases: readonly string[];
  name: string;
  /** Every caller's payload, or a function of the caller's index giving its own. */
  data: unknown;
  tokens: string[];
  timeoutMs?: number;
  /** On every request (e.g. X-Forwarded-For for one client address, X-Forwarded-Host for a clinic). */
  headers?: Record<string, string>;
  /** Called once every body is sent: something timed against the burst starts then. */
  onReleased?: () => void;
  /**
   * A caller whose connection fails or times out is an answer (status 0, the error's code) instead of the
   * end of the whole burst: for a burst of bursts that may overrun something (the benchmark).
   */
  failureIsAnswer?: boolean;
}

/**
 * The opening-time burst: every caller has its own connection, and every request head is sent first; then
 * all bodies are released in one synchronous loop, so the server gets the whole burst together whatever
 * the speed of this process. Each request is bounded by `timeoutMs`.
 */
export async function burstCalls<R = Record<string, unknown>>(options: BurstOptions): Promise<TimedAnswer<R>[]> {
  const { bases, name, data, tokens, timeoutMs = 60_000, headers = {}, onReleased, failureIsAnswer = false } = options;
  const targets = bases.map((b) => new URL(b));
  // One payload for everyone, or each caller's own (a burst of families asks for different sizes).
  const bodies = tokens.map((_, i) => JSON.stringify({ data: typeof data === 'function' ? (data as (i: number) => unknown)(i) : data }));
  const pending: { req: ClientRequest; answer: Promise<TimedAnswer<R>> }[] = [];
  const connected: Promise<void>[] = [];
  const released: number[] = [];
  let start = 0;
  tokens.forEach((token, i) => {
    const body = bodies[i];
    const { hostname, port } = targets[i % targets.length];
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
      const failed = (err: Error & { code?: string }) => {
        if (!failureIsAnswer) return reject(err);
        const end = performance.now();
        resolve({ status: 0, body: { error: { status: err.code ?? err.message } }, latencyMs: end - (released[i] ?? end), doneAtMs: end - start });
      };
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const end = performance.now();
          let parsed: Answer<R>['body'];
          try {
            parsed = JSON.parse(text) as Answer<R>['body'];
          } catch {
            parsed = { error: { status: `unparsable: ${text.slice(0, 80)}` } };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, latencyMs: end - released[i], doneAtMs: end - start });
        });
        res.on('error', failed);
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('request timed out'), { code: 'TIMEOUT' })));
      req.on('error', failed);
    });
    connected.push(
      new Promise<void>((resolve) => {
        req.on('socket', (s) => (s.connecting ? s.once('connect', () => resolve()) : resolve()));
        // A connection that fails before it opens counts as connected: its answer is its error.
        req.once('error', () => resolve());
      }),
    );
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

/** One server's burst (most tests): see burstCalls. */
export function simultaneousCalls<R = Record<string, unknown>>(
  base: string, name: string, data: unknown, tokens: string[], timeoutMs = 60_000, headers: Record<string, string> = {}, onReleased?: () => void,
): Promise<TimedAnswer<R>[]> {
  return burstCalls<R>({ bases: [base], name, data, tokens, timeoutMs, headers, onReleased });
}
