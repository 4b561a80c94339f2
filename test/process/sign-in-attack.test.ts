/**
 * The staff sign-in attacks against the real server program, on SQLite and on PostgreSQL: the test stands
 * in for a reverse proxy on loopback (TRUST_PROXY=127.0.0.1), so each request's X-Forwarded-For is the
 * client address the server limits by. Decision 044.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { awayFromWindowEdge, failuresFrom, flood, signInFrom } from '../support/sign-in-attack.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/process.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

const SLOW = 120_000;
const DESK = '192.0.2.10';
const RIGHT = 'the right password';

describeStores('staff sign-in under attack, real server process', (kind) => {
  let dataDir: string;
  let pg: TestStore | undefined;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cq-signin-'));
    const env: Record<string, string> = { DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' };
    if (kind === 'postgres') {
      pg = await openTestStore('postgres', { poolSize: 2 });
      await addStaffAccount(pg.store, 'desk', RIGHT);
      env.DATABASE_URL = pg.url!;
    } else {
      // The file the server opens in DATA_DIR, closed again before the server starts.
      const store = await openSqliteStore(join(dataDir, 'clinic-queue.sqlite'));
      await addStaffAccount(store, 'desk', RIGHT);
      await store.close();
    }
    server = await startServerProcess(env);
  }, SLOW);

  // Each attack runs inside one window of the limits' counters.
  beforeEach(() => awayFromWindowEdge(), SLOW);

  afterAll(async () => {
    await stopAllServerProcesses();
    await pg?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('30 parallel sign-ins with random names from one address: the desk signs in, the address is capped at 20 hashes', { timeout: SLOW }, async () => {
    const attack = flood(server.url, '203.0.113.7', 30);
    await attack.atCapacity();
    const desk = await Promise.all(Array.from({ length: 5 }, () => signInFrom(server.url, DESK, RIGHT)));
    const capped = await attack.capped();
    await attack.stop();
    expect(desk).toEqual(Array(5).fill(200));
    expect(capped).toBe(true);
    expect(attack.statuses.filter((st) => st === 401).length).toBeLessThanOrEqual(20);
  });

  it('50 failures at the account from five addresses: the desk signs in during and after', { timeout: SLOW }, async () => {
    const attackers = ['198.51.100.1', '198.51.100.2', '198.51.100.3', '198.51.100.4', '198.51.100.5'];
    const attack = Promise.all(attackers.map((ip) => failuresFrom(server.url, ip)));
    const during: number[] = [];
    for (let i = 0; i < 3; i++) during.push(await signInFrom(server.url, DESK, RIGHT));
    // Each address stops at its ten (per address and name) at most, and the account's 50 are spent together.
    // The desk's right password holds one of the account's units while its hash runs (every try is counted
    // before the check): an address refused for the account in that moment stops one short, as the lock
    // says, so the attack's sum is 49 or 50.
    const failures = await attack;
    for (const n of failures) expect(n).toBeLessThanOrEqual(10);
    expect(failures.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(49);
    expect(failures.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(50);
    expect(during).toEqual(Array(3).fill(200));
    for (const ip of attackers) expect(await signInFrom(server.url, ip, RIGHT)).toBe(429);
    expect(await signInFrom(server.url, DESK, 'typo')).toBe(401);
    expect(await signInFrom(server.url, DESK, RIGHT)).toBe(200);
    for (let i = 0; i < 3; i++) expect(await signInFrom(server.url, '198.51.100.99', `wrong ${i}`)).toBe(401);
    expect(await signInFrom(server.url, '198.51.100.99', RIGHT)).toBe(429);
  });
});
