/**
 * Staff sign-in that one address cannot close (decision 044): random user names from one address are
 * capped per address; the hashing gate shares its places between addresses; and an account locked by
 * failures from elsewhere still lets an address with no failures of its own try the right password.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { concurrencyGate } from '../../src/server/auth/fair-gate.js';
import { hashingStats } from '../../src/server/auth/password-hashing.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { awayFromWindowEdge, failuresFrom, flood, signInFrom } from '../support/sign-in-attack.js';

const servers: TestServer[] = [];
// Each attack runs inside one window of the limits' counters.
beforeEach(() => awayFromWindowEdge(), 120_000);
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(env: Record<string, string> = {}) {
  const s = await startTestServer({ env: { TRUST_PROXY: 'true', ...env } });
  servers.push(s);
  await addStaffAccount(s.store, 'desk', 'the right password');
  return s;
}

const DESK = '192.0.2.10';
const login = (s: TestServer, ip: string, password: string) => signInFrom(s.url, ip, password);

describe('30 parallel sign-ins with random user names from one address', () => {
  it('the per-address cap ends the flood after LOGIN_FAILURES_PER_ADDRESS_PER_15_MIN hashes; the desk signs in throughout', { timeout: 60_000 }, async () => {
    const s = await server();
    const before = hashingStats.verifies;
    const attack = flood(s.url, '203.0.113.7', 30);
    await attack.atCapacity();
    const desk = await Promise.all(Array.from({ length: 5 }, () => login(s, DESK, 'the right password')));
    const capped = await attack.capped();
    await attack.stop();
    expect(capped).toBe(true);
    expect(desk).toEqual(Array(5).fill(200));
    expect(hashingStats.verifies - before - 5).toBeLessThanOrEqual(s.config.LOGIN_FAILURES_PER_ADDRESS_PER_15_MIN);
    expect(attack.statuses.filter((st) => st === 401).length).toBeLessThanOrEqual(s.config.LOGIN_FAILURES_PER_ADDRESS_PER_15_MIN);
    expect(await login(s, '203.0.113.7', 'the right password')).toBe(429);
    expect(await login(s, DESK, 'the right password')).toBe(200);
  });

  it('while the flood is not yet capped, the gate keeps places for other addresses: every desk sign-in is served', { timeout: 60_000 }, async () => {
    const s = await server({ LOGIN_FAILURES_PER_ADDRESS_PER_15_MIN: '100000' });
    const attack = flood(s.url, '203.0.113.8', 30);
    await attack.atCapacity();
    const desk: number[] = [];
    for (let i = 0; i < 5; i++) desk.push(await login(s, DESK, 'the right password'));
    const busyMeanwhile = attack.statuses.filter((st) => st === 503).length;
    await attack.stop();
    expect(desk).toEqual(Array(5).fill(200));
    expect(busyMeanwhile).toBeGreaterThan(0); // the gate was full all along, for the flood
  });
});

describe('50 failures at one account from five addresses', () => {
  it('lock the account only for addresses that failed: the desk signs in during and after, a fresh address gets its few tries', { timeout: 60_000 }, async () => {
    const s = await server();
    expect(s.config.LOGIN_FAILURES_PER_ACCOUNT_PER_15_MIN).toBe(50);
    const attackers = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];
    const attack = Promise.all(attackers.map((ip) => failuresFrom(s.url, ip)));
    const during: number[] = [];
    for (let i = 0; i < 3; i++) during.push(await login(s, DESK, 'the right password'));
    // Each address stops at its ten (per address and name) at most, and the account's 50 are spent together.
    // The desk's right password holds one of the account's units while its hash runs (every try is counted
    // before the check): an address refused for the account in that moment stops one short, as the lock
    // says, so the attack's sum is 49 or 50.
    const failures = await attack;
    for (const n of failures) expect(n).toBeLessThanOrEqual(10);
    expect(failures.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(49);
    expect(failures.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(50);
    expect(during).toEqual(Array(3).fill(200));
    for (const ip of attackers) expect(await login(s, ip, 'the right password')).toBe(429);

    // The desk: no failures of its own, so the lock does not reach it — a typo included.
    expect(await login(s, DESK, 'typo')).toBe(401);
    expect(await login(s, DESK, 'the right password')).toBe(200);

    // A fresh address gets LOGIN_LOCKED_ACCOUNT_TRIES_PER_ADDRESS tries, then the lock holds for it too.
    const tries = s.config.LOGIN_LOCKED_ACCOUNT_TRIES_PER_ADDRESS;
    expect(tries).toBe(3);
    for (let i = 0; i < tries; i++) expect(await login(s, '198.51.100.99', `wrong ${i}`)).toBe(401);
    expect(await login(s, '198.51.100.99', 'the right password')).toBe(429);
  });

  it('LOGIN_LOCKED_ACCOUNT_TRIES_PER_ADDRESS=0 keeps the strict lock: a spent account refuses everyone', async () => {
    const s = await server({ LOGIN_FAILURES_PER_ACCOUNT_PER_15_MIN: '5', LOGIN_LOCKED_ACCOUNT_TRIES_PER_ADDRESS: '0' });
    for (let i = 0; i < 5; i++) expect(await login(s, `198.51.100.${i + 1}`, 'wrong')).toBe(401);
    expect(await login(s, DESK, 'the right password')).toBe(429);
  });
});

describe('the fair gate', () => {
  /** A task that records when it starts and runs until released. */
  function tasks(gate: ReturnType<typeof concurrencyGate>) {
    const started: string[] = [];
    const releases: (() => void)[] = [];
    const task = (name: string, key: string, mayRefuse = true) =>
      gate
        .run(
          async () => {
            started.push(name);
            await new Promise<void>((resolve) => releases.push(resolve));
            return name;
          },
          { key, mayRefuse },
        )
        .catch((e: unknown) => e);
    const releaseOne = async () => {
      releases.shift()?.();
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { started, task, releaseOne };
  }

  it('hands a freed place to the next address in turn, not to the oldest waiter', async () => {
    const gate = concurrencyGate(1, 10);
    const { started, task, releaseOne } = tasks(gate);
    const all = [task('a0', 'A'), task('a1', 'A'), task('a2', 'A'), task('a3', 'A'), task('b0', 'B'), task('a4', 'A')];
    for (let i = 0; i < 6; i++) await releaseOne();
    expect(started).toEqual(['a0', 'a1', 'b0', 'a2', 'a3', 'a4']);
    expect(await Promise.all(all)).toEqual(['a0', 'a1', 'a2', 'a3', 'b0', 'a4']);
  });

  it('a full queue gives a newcomer the newest place of the address holding most; refuses it only when none holds more', async () => {
    const gate = concurrencyGate(2, 3);
    const { task, releaseOne } = tasks(gate);
    const a = ['a0', 'a1', 'a2', 'a3', 'a4'].map((n) => task(n, 'A'));
    expect([gate.running, gate.waiting]).toEqual([2, 3]);
    const b = [task('b0', 'B'), task('b1', 'B')]; // A holds 5, then 4: each B displaces A's newest waiter
    const b2 = await task('b2', 'B'); // A holds 3, B would hold 3: B is refused
    expect(b2).toMatchObject({ code: 'UNAVAILABLE', messageKey: 'error.signInBusy' });
    expect(await a[4]).toMatchObject({ code: 'UNAVAILABLE' });
    expect(await a[3]).toMatchObject({ code: 'UNAVAILABLE' });
    // A task that may not be refused is never displaced, and waits even past a full queue.
    const never = task('c0', 'C', false);
    expect(gate.waiting).toBe(4);
    while (gate.running > 0) await releaseOne();
    expect(await Promise.all([...a.slice(0, 3), ...b, never])).toEqual(['a0', 'a1', 'a2', 'b0', 'b1', 'c0']);
  });
});
