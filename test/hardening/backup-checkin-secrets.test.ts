/**
 * A backup file holds no check-in secret in clear (decision 059), on both stores: the file the backup
 * command writes (what `npm run backup` runs) is searched byte for byte for the code secret and the
 * monitor's key, as the server opens them, and finds neither.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, expect, it } from 'vitest';
import { checkinSealer } from '../../src/server/domain/arrival/keys.js';
import { readCheckinKeys } from '../../src/server/domain/arrival/secret.js';
import { mustCall, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { serverTokenSecret } from '../api/api-support.js';

const run = promisify(execFile);
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const fn of cleanups.splice(0).reverse()) await fn();
});

describeStores('a backup of the check-in secrets', (kind) => {
  it('holds neither the code secret nor the monitor key in clear', async () => {
    // SQLite: the server's own file in its data dir, which the command opens; PostgreSQL: the test's database.
    let t: TestStore | undefined;
    if (kind === 'postgres') {
      t = await openTestStore(kind);
      cleanups.push(() => t!.cleanup());
    }
    const server: TestServer = await startTestServer(t ? { store: t.store } : {});
    cleanups.push(() => server.close());
    const cookie = await staffCookie(server.url, server.store);
    const setup = await mustCall<{ monitorKey: string; deskCode: string }>(server.url, 'getArrivalSetup', {}, { cookie });
    const keys = await readCheckinKeys(server.store, checkinSealer(serverTokenSecret(server)));
    expect(keys.secret).toMatch(/^[0-9a-f]{64}$/);
    expect(keys.monitorKey).toBe(setup.monitorKey);

    const dir = mkdtempSync(join(tmpdir(), 'cq-backup-secrets-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    const file = join(dir, 'clinic.backup');
    const env = { ...process.env, DATA_DIR: server.dataDir, ...(t?.url ? { DATABASE_URL: t.url } : {}) };
    await run(process.execPath, ['--import', 'tsx', 'src/server/cli/backup.ts', 'backup', file], { env });
    const bytes = readFileSync(file);
    expect(bytes.toString('utf8')).toMatch(/"table":"runtime"/);
    for (const secret of [keys.secret!, keys.monitorKey!]) {
      expect(bytes.includes(Buffer.from(secret))).toBe(false);
      expect(bytes.includes(Buffer.from(secret.toUpperCase()))).toBe(false);
      expect(bytes.includes(Buffer.from(secret, 'hex'))).toBe(false);
      expect(bytes.includes(Buffer.from(Buffer.from(secret, 'hex').toString('base64')))).toBe(false);
    }
  });
});
