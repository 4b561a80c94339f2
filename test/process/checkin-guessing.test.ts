/**
 * Guessing check-in codes from home, against the real server program on SQLite and on PostgreSQL (decision
 * 059): one address mints app identities, takes a number with each and tries a wrong code with each. The
 * test stands in for a reverse proxy on loopback (TRUST_PROXY=127.0.0.1), so X-Forwarded-For is the client
 * address the server limits by. The address compares 10 codes an hour, however many identities it mints;
 * another address has its own 10.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { staffLogin } from '../support/client.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/process.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

const SLOW = 180_000;
const HOUR = 3600_000;
const PASSWORD = 'the right password';
/** Five digits: neither the monitor's four nor the desk's six, so always compared and always wrong. */
const WRONG = '00000';

async function call(url: string, name: string, data: unknown, auth: { ip: string; token?: string; cookie?: string }) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': auth.ip };
  if (auth.token) headers.authorization = `Bearer ${auth.token}`;
  if (auth.cookie) headers.cookie = auth.cookie;
  const response = await fetch(`${url}/api/fn/${name}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  return (await response.json()) as { result?: Record<string, string>; error?: { status: string } };
}

/** A fresh app identity on `ip` holding a number, then one wrong code: the answer's status. */
async function mintAndGuess(url: string, ip: string): Promise<string> {
  const minted = await call(url, 'exchangePwaInstallation', { installId: randomUUID() }, { ip });
  const token = minted.result!.customToken;
  const taken = await call(url, 'allocateNextSlot', { reservedType: 'PWA' }, { ip, token });
  const answer = await call(url, 'checkIn', { slotId: taken.result!.slotId, code: WRONG }, { ip, token });
  return answer.error?.status ?? 'OK';
}

describeStores('check-in codes guessed from one address, real server process', (kind) => {
  let dataDir: string;
  let pg: TestStore | undefined;
  let server: ServerProcess;
  let cookie: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cq-checkin-'));
    const env: Record<string, string> = { DATA_DIR: dataDir, TRUST_PROXY: '127.0.0.1' };
    if (kind === 'postgres') {
      pg = await openTestStore('postgres', { poolSize: 2 });
      await addStaffAccount(pg.store, 'desk', PASSWORD);
      env.DATABASE_URL = pg.url!;
    } else {
      const store = await openSqliteStore(join(dataDir, 'clinic-queue.sqlite'));
      await addStaffAccount(store, 'desk', PASSWORD);
      await store.close();
    }
    server = await startServerProcess(env);
    cookie = (await staffLogin(server.url, 'desk', PASSWORD, { 'x-forwarded-for': '192.0.2.10' })).cookie!;
    for (const name of ['startInhouseReception', 'startOnlineReception', 'getArrivalSetup']) {
      expect(await call(server.url, name, {}, { ip: '192.0.2.10', cookie })).toHaveProperty('result');
    }
  }, SLOW);

  afterAll(async () => {
    await stopAllServerProcesses();
    await pg?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('14 minted identities on one address: 10 wrong codes compared, then every try refused; another address has its own', { timeout: SLOW }, async () => {
    // The address's counter is hourly: keep the probe inside one hour.
    const toEdge = HOUR - (Date.now() % HOUR);
    if (toEdge < 60_000) await pause(toEdge + 50);
    const answers: string[] = [];
    for (let i = 0; i < 14; i++) answers.push(await mintAndGuess(server.url, '203.0.113.50'));
    expect(answers).toEqual([...Array(10).fill('FAILED_PRECONDITION'), ...Array(4).fill('RESOURCE_EXHAUSTED')]);
    // Another address has a budget of its own (within the session's 100).
    expect(await mintAndGuess(server.url, '198.51.100.7')).toBe('FAILED_PRECONDITION');
  });
});
