/** The load generator's set-up calls and the burst's verdict; the burst itself is test/support/burst.ts. */
import { randomUUID } from 'node:crypto';
import type { Answer } from '../../test/support/burst.js';

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

/**
 * The next opening of a product process: the last opening's numbers (`seenTo`, none before the first) are
 * seen to (deleted) and reception ended, since it ends only once every number is seen to; then in-house
 * and online reception start again, which opens a new session.
 */
export async function reopen(base: string, as: { cookie: string }, seenTo: readonly string[] | null): Promise<void> {
  if (seenTo) {
    for (let i = 0; i < seenTo.length; i += 20) {
      await Promise.all(seenTo.slice(i, i + 20).map((slotId) => mustCall(base, 'markSlot', { slotId, action: 'delete' }, as)));
    }
    await mustCall(base, 'endOnlineReception', {}, as);
    await mustCall(base, 'endInhouseReception', {}, as);
  }
  await mustCall(base, 'startInhouseReception', {}, as);
  await mustCall(base, 'startOnlineReception', {}, as);
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

/**
 * The expected numbers exactly once each (1..200; with numbers kept for the desk, the ones online may
 * take), every other request RESOURCE_EXHAUSTED, nothing else.
 */
export function outcomeProblems(o: BurstOutcome, numbers: readonly number[], refusals: number): string[] {
  const problems: string[] = [];
  const wanted = numbers.length === 0 ? 'none' : `${numbers[0]}..${numbers.at(-1)} (${numbers.length})`;
  if (o.numbers.length !== numbers.length || o.numbers.some((n, i) => n !== numbers[i])) problems.push(`numbers not ${wanted} exactly once (${o.numbers.length} given)`);
  if (o.exhausted !== refusals) problems.push(`${o.exhausted} RESOURCE_EXHAUSTED, expected ${refusals}`);
  if (o.other.length > 0) problems.push(`other outcomes: ${[...new Set(o.other)].join(', ')} (${o.other.length})`);
  return problems;
}
