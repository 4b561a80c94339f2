/**
 * A broadcast cannot delay what is urgent (issue 33, docs/decisions/045): the worker claims time-critical
 * notices before announcement rows however many of those wait, and keeps a send slot free of them, so a
 * turn-is-near notice queued behind a large broadcast reaches LINE next, not after it. The real worker,
 * deliverer and LINE sender against the fake LINE, on both stores; the fake holds pushes so nothing
 * depends on timing.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { noticeRows } from '../../src/server/domain/notices/turn-near/rule.js';
import { createDeliverer } from '../../src/server/notify/deliverer.js';
import { lineSender } from '../../src/server/notify/line-sender.js';
import { type NotifyWorker, startNotifyWorker } from '../../src/server/notify/worker.js';
import { createWebPush } from '../../src/server/push/web-push.js';
import type { OutboxTable } from '../../src/server/storage/schema.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { eventually } from './support.js';

const BROADCAST = 60; // more than one pass looks at (50)
const URGENT = 'U-urgent';

describeStores('time-critical notices before a broadcast', (kind) => {
  let t: TestStore;
  let line: FakeLineMessaging;
  let dataDir: string;
  let worker: NotifyWorker | undefined;
  const releases: (() => void)[] = [];

  beforeEach(async () => {
    t = await openTestStore(kind);
    line = await startFakeLineMessaging();
    dataDir = mkdtempSync(join(tmpdir(), 'urgent-first-'));
  });
  afterEach(async () => {
    releases.splice(0).forEach((release) => release());
    await worker?.stop();
    worker = undefined;
    await line.close();
    await t.cleanup();
    rmSync(dataDir, { recursive: true, force: true });
  });

  function startWorker() {
    const deliverer = createDeliverer({
      store: t.store,
      line: lineSender({ channelAccessToken: 'test-channel-token', baseUrl: line.url }),
      webPush: createWebPush({ dataDir }),
      clinicName: 'さくらクリニック',
    });
    // No timed polls: the passes are the first one, the test's own and those a finished send starts.
    worker = startNotifyWorker({ store: t.store, deliverer, log: pino({ level: 'silent' }), pollMs: 60_000, concurrency: 4 });
    return worker;
  }

  /** Rows as the broadcast and the turn-is-near notice write them (domain/notices/turn-near/rule.ts), `at` apart in age. */
  async function queue(kind: OutboxTable['kind'], recipients: string[], at: string) {
    const rows = recipients.flatMap((recipient, i) =>
      noticeRows({ slotId: `slot-${recipient}`, reservationNumber: i + 1, channel: 'LINE', recipient }, kind, kind === 'announcement' ? '混み合っています' : null, [null], at),
    );
    for (let i = 0; i < rows.length; i += 100) await t.store.db.insertInto('outbox').values(rows.slice(i, i + 100)).execute();
  }
  const broadcast = (at: string) => queue('announcement', Array.from({ length: BROADCAST }, (_, i) => `U-bulk-${i}`), at);
  const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
  const pendingBroadcast = async () =>
    (await t.store.db.selectFrom('outbox').select('id').where('kind', '=', 'announcement').where('status', '=', 'pending').execute()).length;

  it('sends a turn-is-near notice queued after a large broadcast next, while the broadcast is in flight', async () => {
    releases.push(line.pause());
    await broadcast(minutesAgo(2));
    const w = startWorker();
    await eventually(() => line.requests.length >= 3, 'the broadcast in flight');
    await w.runOnce();
    await w.runOnce();
    // The broadcast holds all send slots but one.
    expect(line.requests).toHaveLength(3);

    await queue('ahead5', [URGENT], minutesAgo(1));
    await w.runOnce(); // what the write's noticeQueued event does
    await eventually(() => line.requests.length === 4, 'the urgent notice sent');
    expect(line.requests[3].to).toBe(URGENT);
    expect(line.requests[3].text).toContain('前の方が5人');
    expect(await pendingBroadcast()).toBe(BROADCAST - 3);

    releases.splice(0).forEach((release) => release());
    await eventually(async () => (await pendingBroadcast()) === 0 && line.delivered.length === BROADCAST + 1, 'the broadcast sent');
    expect(line.requests.filter((r) => r.to === URGENT)).toHaveLength(1);
  });

  it('claims a time-critical notice before older broadcast rows, beyond what one pass looks at', async () => {
    releases.push(line.pause());
    await broadcast(minutesAgo(3));
    await queue('recall', [URGENT], minutesAgo(1));
    startWorker();
    await eventually(() => line.requests.length === 4, 'the first claims sent');
    expect(line.requests.map((r) => r.to)).toContain(URGENT);
    expect(line.requests.filter((r) => r.to !== URGENT)).toHaveLength(3);
  });
});
