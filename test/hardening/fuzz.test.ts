/**
 * Fuzzing over real HTTP: at least 10,000 generated malformed or hostile requests per run, against every
 * function and both live streams of ONE real server on a real store, a few at a time (bounded concurrency).
 * Properties: no 5xx and no hang, ever; every refusal is exactly `{error: {status, message}}` with a
 * catalogue code and its HTTP status; and the store is exactly as it was, down to runtime.version (a
 * refusal must not count as a change: the live streams would rebuild and re-send for nothing). Only the
 * abuse counters may move (failed staff sign-ins are counted even with RATE_LIMIT=off, by design).
 *
 * A failure prints fast-check's seed and the shrunk request; rerun with FUZZ_SEED=<seed> (printed) to replay it.
 */
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { patientTokens } from '../../src/server/auth/patient-tokens.js';
import { FUNCTION_NAMES } from '../../src/shared/schemas/functions.js';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { lineEnv, startFakeLine, type FakeLine } from '../fakes/line-server.js';
import { openReception, queueSnapshotText, serverTokenSecret, signedLinePatient } from '../api/api-support.js';
import { anyProbe } from './fuzz-cases.js';
import type { Credential, World } from './fuzz-probes.js';
import { fuzzAgent, judge, send } from './fuzz-wire.js';
import { dumpDifference, dumpStore, type StoreDump } from './store-dump.js';

const LANES = 8; // requests in flight at once: a few phones, as other engineers share this machine's two cores
const RUNS_PER_LANE = 1_275; // 10,200 requests in all, more while shrinking a failure

let server: TestServer;
let fake: FakeLine;
let world: World;
let before: StoreDump;
let snapshotBefore: string;

const bearer = (label: string, token: string): Credential => ({ label, headers: { authorization: `Bearer ${token}` }, privileged: false });
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

/** Tokens that look right and are not: other key, expired, unsigned, tampered, wrong claims under our key. */
async function badCredentials(secret: string, uid: string, patientToken: string, staffToken: string): Promise<Credential[]> {
  const key = new TextEncoder().encode(secret);
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: uid, ch: 'PWA', iss: 'clinic-queue', aud: 'patient', iat: now, exp: now + 3600 };
  const signed = (payload: Record<string, unknown>, alg = 'HS256') => new SignJWT(payload).setProtectedHeader({ alg }).sign(key);
  const [head, , signature] = patientToken.split('.');
  return [
    bearer('forged', await patientTokens('another-secret-of-the-right-length-0123456789', 24).issue({ uid, channel: 'PWA' })),
    bearer('expired', await patientTokens(secret, -1).issue({ uid, channel: 'PWA' })),
    bearer('unsigned', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`),
    bearer('tampered', `${head}.${b64({ ...claims, sub: 'PWA_someone-else' })}.${signature}`),
    bearer('wrong audience', await signed({ ...claims, aud: 'staff' })),
    bearer('wrong issuer', await signed({ ...claims, iss: 'evil' })),
    bearer('ADMIN channel', await signed({ ...claims, ch: 'ADMIN' })),
    bearer('no subject', await signed({ ...claims, sub: undefined })),
    bearer('HS512', await signed(claims, 'HS512')),
    bearer('empty', ''),
    bearer('two tokens', `${patientToken} ${patientToken}`),
    bearer('staff session as bearer', staffToken),
    { label: 'lower-case scheme', headers: { authorization: `bearer ${patientToken}` }, privileged: false },
    { label: 'basic auth', headers: { authorization: 'Basic YWRtaW46YWRtaW4=' }, privileged: false },
    { label: 'mangled staff cookie', headers: { cookie: `qs_staff=${staffToken.slice(0, -1)}${staffToken.endsWith('A') ? 'B' : 'A'}` }, privileged: false },
    { label: 'staff cookie under another name', headers: { cookie: `QS_STAFF=${staffToken}; xqs_staff=${staffToken}` }, privileged: false },
    { label: 'empty staff cookie', headers: { cookie: 'qs_staff=' } , privileged: false },
    { label: 'patient token as staff cookie', headers: { cookie: `qs_staff=${patientToken}` }, privileged: false },
  ];
}

beforeAll(async () => {
  fake = await startFakeLine();
  // Limits off so they cannot mask anything: every request reaches validation, auth and the rules.
  server = await startTestServer({ env: { ...lineEnv(fake), RATE_LIMIT: 'off' } });
  const cookie = await staffCookie(server.url, server.store);
  await openReception(server.url, cookie);
  const a = await pwaPatient(server.url);
  const b = await pwaPatient(server.url);
  const line = await signedLinePatient(server);
  const slotA = await mustCall<{ slotId: string; reservationNumber: number }>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: a.token });
  const walkIn = await mustCall<{ slotId: string; reservationNumber: number }>(server.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  const staffToken = cookie.slice('qs_staff='.length);
  world = {
    host: new URL(server.url).host,
    bad: await badCredentials(serverTokenSecret(server), a.uid, a.token, staffToken),
    patientA: { label: 'patient A', headers: { authorization: `Bearer ${a.token}` }, privileged: true },
    patientB: { label: 'patient B', headers: { authorization: `Bearer ${b.token}` }, privileged: true },
    line: { label: 'LINE patient', headers: { authorization: `Bearer ${line.token}` }, privileged: true },
    staff: { label: 'staff', headers: { cookie }, privileged: true },
    slotA: { id: slotA.slotId, number: slotA.reservationNumber },
    walkIn: { id: walkIn.slotId, number: walkIn.reservationNumber },
  };
  // Let the notify worker and the live hub settle before the "before" picture is taken.
  await new Promise((r) => setTimeout(r, 300));
  before = await dumpStore(server.store, ['rate_counters']);
  snapshotBefore = await queueSnapshotText(server.url);
});

afterAll(async () => {
  await server?.close();
  await fake?.close();
});

describe('fuzzing every function and both streams', () => {
  it(`${LANES * RUNS_PER_LANE} hostile requests: no 5xx, no hang, catalogue refusals only, store unchanged`, async () => {
    const base = new URL(server.url);
    const agent = fuzzAgent(LANES);
    let sent = 0;
    const hits = new Map<string, number>();
    const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
    // One property per lane, the lanes side by side: bounded concurrency, and a failure shrinks to one request.
    const lanes = await Promise.allSettled(
      Array.from({ length: LANES }, (_, lane) =>
        fc.assert(
          fc.asyncProperty(anyProbe(world), async (probe) => {
            sent++;
            const target = probe.raw ? 'raw' : /^\/api\/(fn\/[A-Za-z]+|live\/(queue|admin))(\?|$)/.exec(probe.path)?.[1];
            if (target) hits.set(target, (hits.get(target) ?? 0) + 1);
            judge(probe, await send(base, agent, probe));
          }),
          // A shrinking failure replays requests; the bound keeps a broken build from running for ever.
          { numRuns: RUNS_PER_LANE, seed: seed + lane, interruptAfterTimeLimit: 150_000, markInterruptAsFailure: true },
        ),
      ),
    );
    agent.destroy();
    const failed = lanes.find((l): l is PromiseRejectedResult => l.status === 'rejected');
    if (failed) throw new Error(`fuzzing failed (FUZZ_SEED=${seed})`, { cause: failed.reason });
    expect(sent).toBeGreaterThanOrEqual(10_000);
    // Every function, both streams and malformed HTTP were each hit many times, not just "some requests".
    const targets = [...FUNCTION_NAMES.map((n) => `fn/${n}`), 'live/queue', 'live/admin', 'raw'];
    expect(targets.filter((t) => (hits.get(t) ?? 0) < 40)).toEqual([]);

    // Still healthy, and nothing changed: every table, and what the public stream shows.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    expect(dumpDifference(before, await dumpStore(server.store, ['rate_counters']))).toEqual({});
    expect(await queueSnapshotText(server.url)).toBe(snapshotBefore);
    expect(fake.unexpected).toEqual([]);
  }, 180_000);
});
