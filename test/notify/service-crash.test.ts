/**
 * Service messages delivered once across a crash and a silence (decision 051): a server killed after its
 * service send left but before the answer was recorded re-sends with the same token after restart, and LINE's
 * answer tells whether the first one arrived; every call to the MINI App channel is aborted at its timeout.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { mustCall, staffCookie } from '../support/client.js';
import { killServerProcess, startServerProcess, stopAllServerProcesses } from '../support/process.js';
import { describeStores, openTestStore, type StoreKind } from '../support/stores.js';
import type { Store } from '../../src/server/storage/port.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { eventually, lineToken, lineUserId, outboxSettled } from './support.js';
import { outboxOf, serviceEnv, startServiceWorld, type ServiceWorld, tokenRow } from './service-support.js';

describeStores('a server killed between its service send and recording the answer', (kind: StoreKind) => {
  let line: FakeLineMessaging;
  let dataDir: string;
  let cleanup: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    line = await startFakeLineMessaging();
    dataDir = mkdtempSync(join(tmpdir(), 'cq-service-'));
  });
  afterEach(async () => {
    await stopAllServerProcesses();
    await line.close();
    await cleanup?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The servers' store: the SQLite file in DATA_DIR, or a fresh PostgreSQL database they share. */
  async function storeFor(): Promise<{ env: Record<string, string>; open: () => Promise<Store> }> {
    if (kind === 'sqlite') return { env: {}, open: () => openSqliteStore(join(dataDir, 'clinic-queue.sqlite')) };
    const t = await openTestStore('postgres', { poolSize: 2 });
    cleanup = () => t.cleanup();
    return { env: { DATABASE_URL: t.url! }, open: () => t.reopen() };
  }

  async function crashDuringTheTakenSend(step: 'hang' | 'hangBefore') {
    const where = await storeFor();
    const env = { ...serviceEnv(line), DATA_DIR: dataDir, NOTIFY_LEASE_SECONDS: '1', NOTIFY_SEND_TIMEOUT_MS: '900', RATE_LIMIT: 'off', ...where.env };
    const first = await startServerProcess(env);
    const store = await where.open();
    const cookie = await staffCookie(first.url, store);
    await store.close();
    await mustCall(first.url, 'startInhouseReception', {}, { cookie });
    await mustCall(first.url, 'startOnlineReception', {}, { cookie });
    for (let i = 0; i < 6; i++) await mustCall(first.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    line.notifier.sendScript.push(step);
    const token = await lineToken(dataDir, lineUserId(7));
    const liff = line.notifier.liffTokenFor(lineUserId(7));
    const slot = await mustCall<{ slotId: string }>(first.url, 'allocateNextSlot', { reservedType: 'LINE', liffAccessToken: liff }, { token });
    await eventually(() => line.notifier.sends.length === 1, 'the service send reached LINE');
    await killServerProcess(first);

    await startServerProcess(env);
    const reopened = await where.open();
    try {
      const row = await eventually(async () => {
        const rows = await reopened.db.selectFrom('outbox').selectAll().where('slot_id', '=', slot.slotId).execute();
        return rows.length === 1 && rows[0].status === 'sent' && rows[0];
      }, 'the notice recorded as sent after the restart');
      expect(row).toMatchObject({ kind: 'taken', path: 'service-done' });
      expect(await reopened.db.selectFrom('service_tokens').select(['attempt_outbox_id']).where('slot_id', '=', slot.slotId).executeTakeFirst()).toEqual({ attempt_outbox_id: null });
    } finally {
      await reopened.close();
    }
    expect(line.notifier.sends).toHaveLength(2);
    expect(line.notifier.sends[1].notificationToken).toBe(line.notifier.sends[0].notificationToken);
    expect(line.notifier.delivered).toHaveLength(1);
    expect(line.requests).toHaveLength(0); // never pushed
    return line.notifier.sends[1];
  }

  it('counts it delivered when LINE took the first send (the re-send is refused for the spent token)', async () => {
    const resend = await crashDuringTheTakenSend('hang');
    expect(resend.answered).toBe(400);
  });

  it('delivers it with the re-send when the first never arrived', async () => {
    const resend = await crashDuringTheTakenSend('hangBefore');
    expect(resend.answered).toBe(200);
  });
});

describe('calls to the MINI App channel that get no answer', () => {
  let w: ServiceWorld;
  afterEach(async () => w?.close());
  const start = () => startServiceWorld({ env: { NOTIFY_SEND_TIMEOUT_MS: '400' } });

  it('abort a silent service send at the timeout and deliver it once with the same token', async () => {
    w = await start();
    w.line.notifier.sendScript.push('hangBefore');
    for (let i = 0; i < 6; i++) await w.staff('allocateNextSlot', { reservedType: 'ADMIN' });
    const patient = await w.take(7);
    await eventually(() => w.line.notifier.delivered.length === 1, 'the number-taken message');
    await eventually(() => outboxSettled(w.server), 'settled');
    const [silent, again] = w.line.notifier.sends;
    expect(silent).toMatchObject({ answered: 'hung', closed: true }); // the socket was closed by the timeout
    expect(again).toMatchObject({ answered: 200, notificationToken: silent.notificationToken });
    expect((await outboxOf(w.server, patient.slotId))[0]).toMatchObject({ status: 'sent', path: 'service-done', attempts: 2 });
  });

  it('retry a 5xx with the same token, and deliver once', async () => {
    w = await start();
    w.line.notifier.sendScript.push(500, 503);
    const patient = await w.take(1);
    await eventually(() => w.line.notifier.delivered.length === 2, 'both messages');
    await eventually(() => outboxSettled(w.server), 'settled');
    expect(w.line.notifier.sends.map((s) => s.answered)).toEqual([500, 503, 200, 200]);
    expect(w.line.requests).toHaveLength(0);
    expect(await tokenRow(w.server, patient.slotId)).toMatchObject({ state: 'ready', remaining: 3 });
  });

  it.each([
    ['the notification token request', (w: ServiceWorld) => w.line.notifier.issueScript.push('hang')],
    ['the channel access token request', (w: ServiceWorld) => w.line.notifier.channelTokenScript.push('hang')],
  ])('abort %s at the timeout: no token, and the notice due with the number goes by one push', async (_name, silence) => {
    w = await start();
    silence(w);
    const patient = await w.take(1);
    await eventually(async () => (await tokenRow(w.server, patient.slotId))?.state === 'failed', 'the token given up');
    await eventually(() => w.line.delivered.length === 1, 'the push');
    await eventually(() => outboxSettled(w.server), 'settled');
    expect(w.line.delivered[0].text).toContain('受付番号 1番の方へ');
    expect(w.line.notifier.sends).toHaveLength(0);
    expect((await outboxOf(w.server, patient.slotId)).map((r) => r.kind)).toEqual(['ahead5']); // no number-taken notice
  });
});
