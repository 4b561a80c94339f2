/**
 * One clinic's opening burst spread over several server processes (issue 45): test/support/burst.ts's
 * simultaneous calls (every caller its own connection, every head sent first, then every body released in
 * one loop), caller i going to process i mod n as a round-robin proxy would send it, each with the headers
 * a proxy passes on (X-Forwarded-Host). Where a burst of bursts may overrun something, a caller whose
 * connection fails is an answer (status 0, the error's code) rather than the end of the whole run.
 */
import { type ClientRequest, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { TimedAnswer } from '../../test/support/burst.js';

export async function spreadCalls<R = Record<string, unknown>>(
  bases: readonly string[], name: string, data: unknown, tokens: string[], headers: Record<string, string>, timeoutMs = 120_000,
): Promise<TimedAnswer<R>[]> {
  const targets = bases.map((b) => new URL(b));
  const body = JSON.stringify({ data });
  const pending: { req: ClientRequest; answer: Promise<TimedAnswer<R>> }[] = [];
  const connected: Promise<void>[] = [];
  const released: number[] = [];
  let start = 0;
  tokens.forEach((token, i) => {
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
    const failed = (err: Error & { code?: string }): TimedAnswer<R> => {
      const end = performance.now();
      return { status: 0, body: { error: { status: err.code ?? err.message } }, latencyMs: end - (released[i] ?? end), doneAtMs: end - start };
    };
    const answer = new Promise<TimedAnswer<R>>((resolve) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const end = performance.now();
          let parsed: TimedAnswer<R>['body'];
          try {
            parsed = JSON.parse(text) as TimedAnswer<R>['body'];
          } catch {
            parsed = { error: { status: `unparsable: ${text.slice(0, 80)}` } };
          }
          resolve({ status: res.statusCode ?? 0, body: parsed, latencyMs: end - released[i], doneAtMs: end - start });
        });
        res.on('error', (err) => resolve(failed(err)));
      });
      req.on('timeout', () => req.destroy(Object.assign(new Error('request timed out'), { code: 'TIMEOUT' })));
      req.on('error', (err) => resolve(failed(err)));
    });
    // A connection that fails before it opens counts as connected: its answer is its error.
    connected.push(new Promise<void>((resolve) => {
      req.on('socket', (s) => (s.connecting ? s.once('connect', () => resolve()) : resolve()));
      req.once('error', () => resolve());
    }));
    req.flushHeaders();
    pending.push({ req, answer });
  });
  await Promise.all(connected);
  start = performance.now();
  pending.forEach(({ req }, i) => {
    released[i] = performance.now();
    req.end(body);
  });
  return Promise.all(pending.map((p) => p.answer));
}
