/**
 * Notices survive a crash and are sent once across processes: the outbox row is claimed under a lease,
 * a killed server's claim lapses, and the re-send carries the same X-Line-Retry-Key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it, describe } from 'vitest';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { mustCall, staffCookie } from '../support/client.js';
import { killServerProcess, startServerProcess, stopAllServerProcesses } from '../support/process.js';
import { describePostgres, openTestStore, type TestStore } from '../support/stores.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { eventually, lineToken, lineUserId, notifyEnv } from './support.js';

type Slot = { slotId: string; reservationNumber: number };
type Status = { lineSentThisMonth: number; failures: unknown[] };

let line: FakeLineMessaging;
let dataDir: string;
beforeEach(async () => {
  line = await startFakeLineMessaging();
  dataDir = mkdtempSync(join(tmpdir(), 'cq-notify-'));
});
afterEach(async () => {
  await stopAllServerProcesses();
  await line.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed between claiming a notice and hearing back from LINE', () => {
  it('delivers it after restart, once, with the same retry key', async () => {
    const env = { ...notifyEnv(line.url), DATA_DIR: dataDir, NOTIFY_LEASE_SECONDS: '1', NOTIFY_SEND_TIMEOUT_MS: '900' };
    const first = await startServerProcess(env);
    const store = await openSqliteStore(join(dataDir, 'clinic-queue.sqlite'));
    const cookie = await staffCookie(first.url, store);
    await store.close();
    await mustCall(first.url, 'startInhouseReception', {}, { cookie });
    await mustCall(first.url, 'startOnlineReception', {}, { cookie });

    line.script.push('hang'); // LINE accepts the push but the answer never comes back
    const token = await lineToken(dataDir, lineUserId(7));
    await mustCall<Slot>(first.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token });
    await eventually(() => line.requests.length === 1, 'the push reached LINE');
    await killServerProcess(first);

    const second = await startServerProcess(env);
    await eventually(() => line.requests.length === 2, 'the re-send after the lease lapsed');
    const status = await eventually(async () => {
      const s = await mustCall<Status>(second.url, 'getMessagingStatus', {}, { cookie });
      return s.lineSentThisMonth === 1 && s;
    }, 'the notice recorded as sent');
    expect(status.failures).toEqual([]);
    expect(line.requests[1].retryKey).toBe(line.requests[0].retryKey);
    expect(line.requests[1].answered).toBe(409);
    expect(line.delivered).toHaveLength(1);
    expect(line.delivered[0].to).toBe(lineUserId(7));
  });
});

describePostgres('two server processes sharing one outbox', () => {
  let t: TestStore;
  beforeEach(async () => {
    t = await openTestStore('postgres', { poolSize: 2 });
  });
  afterEach(async () => t?.cleanup());

  it('send each notice exactly once', async () => {
    const env = { ...notifyEnv(line.url), DATA_DIR: dataDir, DATABASE_URL: t.url!, RATE_LIMIT: 'off' };
    const a = await startServerProcess(env);
    const b = await startServerProcess(env);
    const servers = [a, b];
    const cookie = await staffCookie(a.url, t.store);
    await mustCall(a.url, 'startInhouseReception', {}, { cookie });
    await mustCall(b.url, 'startOnlineReception', {}, { cookie });

    const patients = 30;
    const slots: Slot[] = [];
    for (let i = 0; i < patients; i++) {
      const token = await lineToken(dataDir, lineUserId(100 + i));
      slots.push(await mustCall<Slot>(servers[i % 2].url, 'allocateNextSlot', { reservedType: 'LINE' }, { token }));
    }
    // Each start brings one more patient within 5 of the front: every patient crosses once.
    for (let i = 0; i < patients - 6; i++) {
      await mustCall(servers[i % 2].url, 'markSlot', { slotId: slots[i].slotId, action: 'start' }, { cookie });
    }
    await eventually(async () => {
      const s = await mustCall<Status>(a.url, 'getMessagingStatus', {}, { cookie });
      return s.lineSentThisMonth === patients;
    }, 'every notice sent');

    const keys = line.requests.map((r) => r.retryKey);
    expect(new Set(keys).size).toBe(keys.length); // no message was even attempted twice
    expect(line.requests.every((r) => r.answered === 200)).toBe(true);
    expect(new Set(line.delivered.map((r) => r.to)).size).toBe(patients);
    expect(line.unexpected).toEqual([]);
  });
});
