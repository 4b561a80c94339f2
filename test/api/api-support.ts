/** Helpers shared by the API tests: refusal checks, raw posts, the public snapshot, patients of each channel. */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { expect } from 'vitest';
import { ERROR_HTTP_STATUS, type ErrorCode } from '../../src/shared/errors.js';
import { patientTokens } from '../../src/server/auth/patient-tokens.js';
import { type FnAnswer, mustCall, staffCookie } from '../support/client.js';
import { openSse } from '../support/sse.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { openTestStore, type StoreKind, type TestStore } from '../support/stores.js';
import type { ScheduleForStaff } from '../../src/shared/schedule/types.js';
import { type FakeLine, randomLineUserId } from '../fakes/line-server.js';

/** Hiragana, katakana or kanji: a message meant for Japanese readers. */
export const JAPANESE = /[\u3040-\u30ff\u4e00-\u9fff]/;

export interface RawAnswer {
  status: number;
  contentType: string;
  text: string;
  body: unknown;
}

/** POSTs exactly the given bytes and headers (nothing added but what fetch must add). */
export async function rawPost(url: string, body: string | undefined, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const response = await fetch(url, { method: 'POST', headers, body });
  const text = await response.text();
  let parsed: unknown = undefined;
  try {
    parsed = JSON.parse(text);
  } catch {
    // left undefined: the assertions say what was expected
  }
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', text, body: parsed };
}

/** The answer is exactly `{error: {status, message}}` with the code's HTTP status and a Japanese message. */
export function expectRefusal(answer: { status: number; body: unknown }, code: ErrorCode, messagePart?: string) {
  const body = answer.body as { error?: { status?: unknown; message?: unknown } };
  expect(body, JSON.stringify(answer.body)).toBeTypeOf('object');
  expect(Object.keys(body)).toEqual(['error']);
  expect(Object.keys(body.error ?? {}).sort()).toEqual(['message', 'status']);
  expect(body.error?.status).toBe(code);
  expect(answer.status).toBe(ERROR_HTTP_STATUS[code]);
  expect(body.error?.message).toMatch(JAPANESE);
  if (messagePart) expect(body.error?.message).toContain(messagePart);
}

export function errorCodeOf(answer: FnAnswer): ErrorCode | null {
  return 'error' in answer.body ? answer.body.error.status : null;
}

/** The first snapshot of the public stream, as the raw JSON text of its data line. */
export async function queueSnapshotText(baseUrl: string): Promise<string> {
  const reader = await openSse(`${baseUrl}/api/live/queue`);
  try {
    return (await reader.next((e) => e.event === 'queue')).data;
  } finally {
    reader.close();
  }
}

/** The first snapshot of the staff stream, parsed. */
export async function adminSnapshot<T = AdminData>(baseUrl: string, cookie: string): Promise<T> {
  const reader = await openSse(`${baseUrl}/api/live/admin`, { cookie });
  try {
    return JSON.parse((await reader.next((e) => e.event === 'admin')).data) as T;
  } finally {
    reader.close();
  }
}

export interface AdminData {
  runtime: { inhouseOn: boolean; onlineOn: boolean; currentWaitCount: number };
  slots: Record<string, unknown>[];
  nextFreeNumber: number | null;
  version: number;
}

export async function openReception(baseUrl: string, cookie: string) {
  await mustCall(baseUrl, 'startInhouseReception', {}, { cookie });
  await mustCall(baseUrl, 'startOnlineReception', {}, { cookie });
}

/** A LINE patient signed in through the whole LINE Login flow against the fake. */
export async function linePatient(baseUrl: string, fake: FakeLine): Promise<{ uid: string; token: string }> {
  const userId = randomLineUserId();
  const redirectUri = 'https://clinic.example/line/callback';
  const code = fake.issueCode({ userId, displayName: '山田 太郎', redirectUri });
  const result = await mustCall<{ customToken: string; profile: { userId: string } }>(baseUrl, 'exchangeLineCode', {
    code,
    state: 'state-1',
    redirectUri,
  });
  return { uid: result.profile.userId, token: result.customToken };
}

/** The server's own token secret (generated into DATA_DIR on first start). */
export const serverTokenSecret = (server: TestServer) =>
  server.config.TOKEN_SECRET ?? readFileSync(join(server.dataDir, 'token-secret'), 'utf8').trim();

/** A LINE patient token signed directly with the server's secret (no LINE round trip). */
export async function signedLinePatient(server: TestServer): Promise<{ uid: string; token: string }> {
  const uid = randomLineUserId();
  const token = await patientTokens(serverTokenSecret(server), 1).issue({ uid, channel: 'LINE' });
  return { uid, token };
}

/** A port on this machine that nothing listens on: a push service or LINE that cannot be reached. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/**
 * A server on a fresh store of `kind` whose sessions have `numbers` numbers (the end of a session a few
 * takes away), with the abuse limits off and a staff cookie: the allocation settings' tests start here.
 */
export async function smallSessionServer(kind: StoreKind, numbers: number): Promise<{ t: TestStore; server: TestServer; cookie: string }> {
  const t = await openTestStore(kind);
  const server = await startTestServer({ store: t.store, env: { RATE_LIMIT: 'off' } });
  const cookie = await staffCookie(server.url, t.store);
  const { schedule } = await mustCall<ScheduleForStaff>(server.url, 'getSchedule', { month: '2026-11' }, { cookie });
  await mustCall(server.url, 'saveScheduleSettings', { settings: { ...schedule.settings, numbersPerSession: numbers } }, { cookie });
  return { t, server, cookie };
}
