/**
 * Known staff devices against the real server program, on SQLite and on PostgreSQL (decision 056): the
 * test stands in for a reverse proxy on loopback (TRUST_PROXY=127.0.0.1), so each request's X-Forwarded-For
 * is the client address the server limits by, and the attacker sits on the desk's own address. Revocation
 * is by the real `npm run staff` command beside the running server.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { awayFromWindowEdge, flood } from '../support/sign-in-attack.js';
import { capAddress, deviceSignIn, knownDevice, pausedMinutes } from '../support/staff-device.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/process.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { staffCli } from './process-support.js';

const SLOW = 180_000;
const RIGHT = 'the right password';
const ACCOUNTS = ['desk', 'desk2', 'nurse'];

describeStores('known staff devices under attack, real server process', (kind) => {
  let dataDir: string;
  let pg: TestStore | undefined;
  let server: ServerProcess;
  /** What both the server and the staff command are started with. */
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cq-device-'));
    env = { DATA_DIR: dataDir };
    if (kind === 'postgres') {
      pg = await openTestStore('postgres', { poolSize: 2 });
      for (const name of ACCOUNTS) await addStaffAccount(pg.store, name, RIGHT);
      env.DATABASE_URL = pg.url!;
    } else {
      // The file the server opens in DATA_DIR, closed again before the server starts.
      const store = await openSqliteStore(join(dataDir, 'clinic-queue.sqlite'));
      for (const name of ACCOUNTS) await addStaffAccount(store, name, RIGHT);
      await store.close();
    }
    server = await startServerProcess({ ...env, TRUST_PROXY: '127.0.0.1' });
  }, SLOW);

  // Each attack runs inside one window of the limits' counters.
  beforeEach(() => awayFromWindowEdge(), SLOW);

  afterAll(async () => {
    await stopAllServerProcesses();
    await pg?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('30 parallel random-name sign-ins on the desk’s address: the known desk signs in 5 of 5, a new browser is refused and told why', { timeout: SLOW }, async () => {
    const shared = '192.0.2.30';
    const device = await knownDevice(server.url, shared, 'desk', RIGHT);
    const attack = flood(server.url, shared, 30);
    await attack.atCapacity();
    const desk = await Promise.all(Array.from({ length: 5 }, () => deviceSignIn(server.url, shared, 'desk', RIGHT, device)));
    const capped = await attack.capped();
    await attack.stop();
    expect(desk.map((d) => d.status)).toEqual(Array(5).fill(200));
    expect(capped).toBe(true);
    expect(attack.statuses.filter((st) => st === 401).length).toBeLessThanOrEqual(20);
    const fresh = await deviceSignIn(server.url, shared, 'desk', RIGHT);
    expect(fresh.status).toBe(429);
    expect(fresh.message).toBe(label(staffLabels, 'ja', 'error.loginPausedForNetwork', { minutes: pausedMinutes(fresh.message)! }));
  });

  it('`staff passwd` and `staff disable` make the old device cookie count for nothing', { timeout: SLOW }, async () => {
    const capped = '192.0.2.31';
    const clean = '198.51.100.31';
    await capAddress(server.url, capped);
    const before = await knownDevice(server.url, clean, 'desk2', RIGHT);
    expect((await deviceSignIn(server.url, capped, 'desk2', RIGHT, before)).status).toBe(200);

    const passwd = await staffCli(['passwd', 'desk2'], env, 'a new password\n');
    expect(passwd.code, passwd.stderr).toBe(0);
    expect((await deviceSignIn(server.url, capped, 'desk2', 'a new password', before)).status).toBe(429);

    const renewed = await knownDevice(server.url, clean, 'desk2', 'a new password');
    expect((await deviceSignIn(server.url, capped, 'desk2', 'a new password', renewed)).status).toBe(200);
    for (const action of ['disable', 'enable']) {
      const done = await staffCli([action, 'desk2'], env);
      expect(done.code, done.stderr).toBe(0);
    }
    expect((await deviceSignIn(server.url, capped, 'desk2', 'a new password', renewed)).status).toBe(429);
    // From a line nobody floods, the right password still signs in as any new browser does.
    expect((await deviceSignIn(server.url, clean, 'desk2', 'a new password', renewed)).status).toBe(200);
  });

  it('a stolen device cookie with wrong passwords hits its own budget of 5, then counts for nothing', { timeout: SLOW }, async () => {
    const attacker = '203.0.113.32';
    await capAddress(server.url, attacker);
    const stolen = await knownDevice(server.url, '198.51.100.32', 'nurse', RIGHT);
    const guesses = await Promise.all(Array.from({ length: 10 }, (_, i) => deviceSignIn(server.url, attacker, 'nurse', `guess ${i}`, stolen)));
    expect(guesses.filter((g) => g.status === 401).length).toBe(5);
    expect(guesses.filter((g) => g.status === 429).length).toBe(5);
    expect((await deviceSignIn(server.url, attacker, 'nurse', RIGHT, stolen)).status).toBe(429);
  });
});
