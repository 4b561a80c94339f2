/**
 * An opening burst with poisoned names mixed in, against the real server program on SQLite and on
 * PostgreSQL (docs/decisions/058): every clean request gets its own number, every poisoned one a 400
 * INVALID_ARGUMENT with error.patientText, and nothing answers 500. Before, a NUL reached PostgreSQL
 * (22021), failed the whole group commit and answered INTERNAL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { callFn, mustCall, pwaPatients, staffLogin } from '../support/client.js';
import { startServerProcess, stopAllServerProcesses, type ServerProcess } from '../support/process.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

const SLOW = 120_000;
const PASSWORD = 'the desk password';
/** 8 of 40, spread through the burst: the ones the database would have refused, and the ones it would have stored. */
const POISON: string[][] = [['\u0000'], ['太\u0007郎', '花子'], ['\u202Eたろう'], ['た\u200Dろう'], ['a\u0000b', 'c'], ['\u2028'], ['\uFEFF'], ['x\u0085']];

describeStores('a burst with poisoned names, real server process', (kind) => {
  let dataDir: string;
  let pg: TestStore | undefined;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cq-poison-'));
    // The burst comes from one address here: its limits are not what this test is about.
    const env: Record<string, string> = { DATA_DIR: dataDir, RATE_LIMIT: 'off' };
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
  }, SLOW);

  afterAll(async () => {
    await stopAllServerProcesses();
    await pg?.cleanup();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers every clean request with its number and every poisoned one with 400, none with 500', { timeout: SLOW }, async () => {
    const { cookie } = await staffLogin(server.url, 'desk', PASSWORD);
    await mustCall(server.url, 'saveAllocationSettings', { keepEvery: 0, onlineCap: 0, familyMax: 2 }, { cookie });
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
    await mustCall(server.url, 'startOnlineReception', {}, { cookie });
    const patients = await pwaPatients(server.url, 40);
    // Every fifth request is poisoned.
    const members = patients.map((_, i) => (i % 5 === 2 ? POISON[(i - 2) / 5] : [`p${i}`]));
    const answers = await Promise.all(
      patients.map((p, i) => callFn<{ reservationNumber: number }>(server.url, 'allocateNextSlot', { reservedType: 'PWA', members: members[i] }, { token: p.token })),
    );
    const poisoned = answers.filter((_, i) => i % 5 === 2);
    const clean = answers.filter((_, i) => i % 5 !== 2);
    expect(answers.filter((a) => a.status >= 500)).toEqual([]);
    expect(poisoned.map((a) => a.status)).toEqual(Array(8).fill(400));
    expect(poisoned.map((a) => ('error' in a.body ? a.body.error.message : ''))).toEqual(Array(8).fill(label(staffLabels, 'ja', 'error.patientText')));
    expect(clean.map((a) => a.status)).toEqual(Array(32).fill(200));
    const numbers = clean.map((a) => ('result' in a.body ? a.body.result.reservationNumber : 0)).sort((x, y) => x - y);
    expect(numbers).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
  });
});
