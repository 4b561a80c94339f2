/**
 * Staff sign-in under a flood: a failure is reserved before the password hash runs, per address and name
 * and per account, so parallel guesses cannot all pass a read made before any of them counted; and the
 * hashing itself takes turns behind a small gate, so a flood cannot hold libuv's whole thread pool.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { hashingStats } from '../../src/server/auth/password-hashing.js';
import { concurrencyGate } from '../../src/server/auth/fair-gate.js';
import { AppError } from '../../src/server/errors.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { staffLogin } from '../support/client.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(env: Record<string, string>) {
  const s = await startTestServer({ env: { TRUST_PROXY: 'true', ...env } });
  servers.push(s);
  await addStaffAccount(s.store, 'desk', 'the right password');
  return s;
}

const login = (s: TestServer, ip: string, password: string, username = 'desk') =>
  staffLogin(s.url, username, password, { 'x-forwarded-for': ip }).then(({ status, body }) => ({ status, body }));

/** 100 wrong passwords at once; returns the answers and how many reached the password hash. */
async function flood(s: TestServer, ipOf: (i: number) => string) {
  const before = hashingStats.verifies;
  const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => login(s, ipOf(i), `wrong ${i}`)));
  return { answers, hashed: hashingStats.verifies - before };
}

const throttled = { status: 429, body: { error: { status: 'RESOURCE_EXHAUSTED', message: label(staffLabels, 'ja', 'error.loginThrottled') } } };

describe('wrong passwords in parallel', () => {
  it('from one address: at most LOGIN_FAILURES_PER_15_MIN reach the hash, the rest RESOURCE_EXHAUSTED', async () => {
    const s = await server({});
    const { answers, hashed } = await flood(s, () => '203.0.113.40');
    const limit = s.config.LOGIN_FAILURES_PER_15_MIN;
    expect(hashed).toBeLessThanOrEqual(limit);
    const failed = answers.filter((a) => a.status === 401);
    expect(failed.length).toBe(hashed);
    expect(answers.filter((a) => a.status !== 401)).toEqual(Array(100 - failed.length).fill(throttled));
    // The window is spent: even the right password waits, as before.
    expect(await login(s, '203.0.113.40', 'the right password')).toEqual(throttled);
  });

  // Strict: a locked account refuses every address (by default an address with no failures of its own
  // still gets a few tries: sign-in-fairness.test.ts, decision 044).
  it('from 100 addresses: the per-account budget holds', async () => {
    const s = await server({ LOGIN_FAILURES_PER_ACCOUNT_PER_15_MIN: '15', LOGIN_LOCKED_ACCOUNT_TRIES_PER_ADDRESS: '0' });
    const { answers, hashed } = await flood(s, (i) => `198.51.100.${i + 1}`);
    expect(hashed).toBeLessThanOrEqual(15);
    expect(answers.filter((a) => a.status === 401).length).toBe(hashed);
    expect(answers.filter((a) => a.status !== 401)).toEqual(Array(100 - hashed).fill(throttled));
    // Another account is not locked by the flood on this one.
    await addStaffAccount(s.store, 'nurse', 'the nurse password');
    expect((await login(s, '198.51.100.1', 'the nurse password', 'nurse')).status).toBe(200);
  });

  it('a right password gives its unit back: signing in often never locks anyone out', async () => {
    const s = await server({ LOGIN_FAILURES_PER_15_MIN: '2' });
    for (let i = 0; i < 5; i++) expect((await login(s, '203.0.113.41', 'the right password')).status).toBe(200);
    expect((await login(s, '203.0.113.41', 'wrong')).status).toBe(401);
    expect((await login(s, '203.0.113.41', 'the right password')).status).toBe(200);
  });
});

describe('the password-hashing gate', () => {
  it('runs at most two at once, queues a few, refuses the rest with UNAVAILABLE', async () => {
    const gate = concurrencyGate(2, 3);
    let running = 0;
    let peak = 0;
    const releases: (() => void)[] = [];
    const task = () =>
      gate.run(async () => {
        peak = Math.max(peak, ++running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return 'done';
      });
    const outcomes = Array.from({ length: 7 }, () => task().catch((e: unknown) => e));
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(3);
    const refused = await Promise.all(outcomes.slice(5));
    for (const err of refused) {
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: 'UNAVAILABLE', messageKey: 'error.signInBusy' });
    }
    // Release one at a time: each finishing task hands its place to the next waiting one.
    while (releases.length > 0 || gate.waiting > 0) {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
      expect(running).toBeLessThanOrEqual(2);
    }
    expect(await Promise.all(outcomes.slice(0, 5))).toEqual(Array(5).fill('done'));
    expect(peak).toBe(2);
    expect(gate.running).toBe(0);
  });
});
