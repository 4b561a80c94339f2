/** The load generator's HTTP side: single calls for set-up, and a burst of simultaneous calls for the measure. */
import { randomUUID } from 'node:crypto';
import { type ClientRequest, request as httpRequest } from 'node:http';
import { performance } from 'node:perf_hooks';

export interface Answer {
  status: number;
  body: { result?: Record<string, unknown>; error?: { status: string } };
}

/** One call over its own connection (set-up traffic, not measured). */
export async function callFn(base: string, name: string, data: unknown = {}, auth: { token?: string; cookie?: string } = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  const res = await fetch(`${base}/api/fn/${name}`, { method: 'POST', headers, body: JSON.stringify({ data }), signal: AbortSignal.timeout(30_000) });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

export async function mustCall(base: string, name: string, data: unknown = {}, auth: { token?: string; cookie?: string } = {}) {
  const answer = await callFn(base, name, data, auth);
  if (answer.status !== 200) throw new Error(`${name} refused: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.result!;
}

export async function staffLogin(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/staff/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('qs_staff='));
  if (res.status !== 200 || !cookie) throw new Error(`staff login failed: ${res.status}`);
  return cookie.split(';')[0];
}

/** Real patient tokens from exchangePwaInstallation, minted a few dozen at a time (set-up, not the load). */
export async function mintTokens(base: string, count: number): Promise<string[]> {
  const tokens: string[] = [];
  while (tokens.length < count) {
    const batch = Math.min(50, count - tokens.length);
    const results = await Promise.all(
      Array.from({ length: batch }, () => mustCall(base, 'exchangePwaInstallation', { installId: randomUUID() })),
    );
    tokens.push(...results.map((r) => r.customToken as string));
  }
  return tokens;
}

export interface TimedAnswer extends Answer {
  /** From the moment this request's body was released to the end of its response. */
  latencyMs: number;
  /** From the release of the first body to the end of this response. */
  doneAtMs: number;
}

/**
 * The opening-time burst: every caller has its own connection, and every request head is sent first; then
 * all bodies are released in one synchronous loop, so the server gets the whole burst together whatever
 * the speed of this process. Each request is bounded by `timeoutMs`.
 */
export async function simultaneousCalls(base: string, name: string, data: unknown, tokens: string[], timeoutMs = 60_000): Promise<TimedAnswer[]> {
  const { hostname, port } = new URL(base);
  const body = JSON.stringify({ data });
  const pending: { req: ClientRequest; answer: Promise<TimedAnswer> }[] = [];
  const connected: Promise<void>[] = [];
  const released: number[] = [];
  let start = 0;
  tokens.forEach((token, i) => {
    const req = httpRequest({
      host: hostname,
      port,
      method: 'POST',
      path: `/api/fn/${name}`,
      agent: false,
      timeout: timeoutMs,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), authorization: `Bearer ${token}` },
    });
    const answer = new Promise<TimedAnswer>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const end = performance.now();
          try {
            const parsed = JSON.parse(text) as Answer['body'];
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
    req.end(body);
  });
  return Promise.all(pending.map((p) => p.answer));
}

export interface BurstOutcome {
  numbers: number[];
  exhausted: number;
  other: string[];
}

/** Sorts the answers into winners, RESOURCE_EXHAUSTED, and anything else (which must not happen). */
export function outcome(answers: Answer[]): BurstOutcome {
  const numbers: number[] = [];
  const other: string[] = [];
  let exhausted = 0;
  for (const a of answers) {
    if (a.status === 200 && typeof a.body.result?.reservationNumber === 'number') numbers.push(a.body.result.reservationNumber);
    else if (a.status === 429 && a.body.error?.status === 'RESOURCE_EXHAUSTED') exhausted++;
    else other.push(`${a.status} ${a.body.error?.status ?? '?'}`);
  }
  return { numbers: numbers.sort((x, y) => x - y), exhausted, other };
}

/** 200 numbers 1..200 exactly once each, 800 RESOURCE_EXHAUSTED, nothing else. */
export function outcomeProblems(o: BurstOutcome, numbers: number, refusals: number): string[] {
  const problems: string[] = [];
  if (o.numbers.length !== numbers || o.numbers.some((n, i) => n !== i + 1)) problems.push(`numbers not 1..${numbers} exactly once (${o.numbers.length} given)`);
  if (o.exhausted !== refusals) problems.push(`${o.exhausted} RESOURCE_EXHAUSTED, expected ${refusals}`);
  if (o.other.length > 0) problems.push(`other outcomes: ${[...new Set(o.other)].join(', ')} (${o.other.length})`);
  return problems;
}
