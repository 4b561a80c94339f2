/**
 * The absence notice (issue 34; docs/decisions/047) through the fake LINE and push services: its wording
 * in the patient's language (moved so many places back, or held), the link to /pwa/my and its time to
 * live, LINE only while the clinic sends recalls by LINE; and, on both stores, a notice committed with its
 * absence is delivered once by the server that starts next on the same database.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { startTestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { startFakeLineMessaging, type FakeLineMessaging } from '../fakes/line-messaging.js';
import { eventually, lineToken, lineUserId, notifyEnv, type NotifyWorld, openReception, outboxSettled, startNotifyWorld } from './support.js';

type Slot = { slotId: string; reservationNumber: number };
const MOVED_JA = (n: number, places: number) =>
  `【さくらクリニック】受付番号 ${n}番の方\u3000お呼びしましたがいらっしゃらなかったため、順番を${places}人後ろに移しました。受付にお声がけください。`;

describe('the absence notice over Web Push and LINE', () => {
  let world: NotifyWorld;
  let cookie: string;
  const url = () => world.server.url;
  const staff = (name: string, data: unknown) => mustCall(url(), name, data, { cookie });
  const walkIns = async (n: number) => {
    for (let i = 0; i < n; i++) await staff('allocateNextSlot', { reservedType: 'ADMIN' });
  };
  async function pwaWithPush(lang?: 'en') {
    const patient = await pwaPatient(url());
    await mustCall(url(), 'saveSafariSubscription', { subscription: world.push.subscribe() }, { token: patient.token });
    return mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'PWA', ...(lang ? { lang } : {}) }, { token: patient.token });
  }
  const pushWith = (text: string) => eventually(() => world.push.received.find((p) => p.payload.body.includes(text)), `a push saying ${text}`);

  beforeEach(async () => {
    world = await startNotifyWorld();
    cookie = await staffCookie(url(), world.server.store);
    await openReception(world.server, cookie);
  });
  afterEach(async () => world.close());

  it('tells an app patient in their language that they moved back or are held, linking to their page', async () => {
    const en = await pwaWithPush('en'); // #1
    const ja = await pwaWithPush(); // #2
    await walkIns(5);
    await staff('markAbsent', { slotId: en.slotId, absences: 0 });
    const moved = await pushWith('we called your number');
    expect(moved.payload).toMatchObject({
      title: 'さくらクリニック',
      body: '[さくらクリニック] No. 1: we called your number but you were not here, so we moved it back in the queue (places moved: 3). Please speak to the reception desk.',
      link: '/pwa/my',
    });
    expect(moved.headers.ttl).toBe('1800');

    await world.server.store.db.updateTable('runtime').set({ absence_hold_after: 1 }).where('id', '=', 1).execute();
    await staff('markAbsent', { slotId: ja.slotId, absences: 0 });
    const held = await pushWith('保留');
    expect(held.payload.body).toBe('【さくらクリニック】受付番号 2番の方　お呼びしましたがいらっしゃらなかったため、順番を保留にしました。受付にお声がけください。');
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    // Two turn-is-near notices when they took their numbers, one absence notice each.
    expect(world.push.received).toHaveLength(4);
  });

  it('goes by LINE only while the clinic sends recalls by LINE', async () => {
    await staff('setNoticeSettings', { lineAhead5: false, lineRecall: false });
    const token = await lineToken(world.server.dataDir, lineUserId(34));
    const slot = await mustCall<Slot>(url(), 'allocateNextSlot', { reservedType: 'LINE' }, { token });
    await walkIns(6);
    await staff('markAbsent', { slotId: slot.slotId, absences: 0 });
    await staff('setNoticeSettings', { lineAhead5: false, lineRecall: true });
    await world.server.store.db.updateTable('runtime').set({ absence_hold_after: 5 }).where('id', '=', 1).execute();
    await staff('markAbsent', { slotId: slot.slotId, absences: 1 }); // from 4th to 7th
    const sent = await eventually(() => world.line.delivered[0], 'the LINE notice');
    expect(sent).toMatchObject({ to: lineUserId(34), text: MOVED_JA(1, 3) });
    await eventually(() => outboxSettled(world.server), 'outbox settled');
    expect(world.line.requests).toHaveLength(1);
    expect(world.line.unexpected).toEqual([]);
  });
});

describeStores('an absence notice across a restart', (kind) => {
  let t: TestStore;
  let line: FakeLineMessaging;
  beforeEach(async () => {
    t = await openTestStore(kind);
    line = await startFakeLineMessaging();
  });
  afterEach(async () => {
    await line.close();
    await t.cleanup();
  });

  it('is delivered once by the server that starts next on the same database', async () => {
    // A short lease and send time-out, as a process killed mid-send would leave the row (test/notify/durability.test.ts).
    const env = { ...notifyEnv(line.url), NOTIFY_LEASE_SECONDS: '1', NOTIFY_SEND_TIMEOUT_MS: '900' };
    const first = await startTestServer({ store: t.store, env });
    const cookie = await staffCookie(first.url, first.store);
    await openReception(first, cookie);
    await mustCall(first.url, 'setNoticeSettings', { lineAhead5: false, lineRecall: true }, { cookie });
    const token = await lineToken(first.dataDir, lineUserId(47));
    const slot = await mustCall<Slot>(first.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token });
    for (let i = 0; i < 4; i++) await mustCall(first.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });

    const release = line.pause(); // LINE takes the push and says nothing until released
    await mustCall(first.url, 'markAbsent', { slotId: slot.slotId, absences: 0 }, { cookie });
    await eventually(() => line.requests.length === 1, 'the first server sent the notice');
    await first.close(); // its send is cut off unanswered, and its store closed

    const second = await startTestServer({ store: await t.reopen(), env });
    try {
      await eventually(() => line.requests.length === 2, 'the next server sent it again');
      release();
      await eventually(async () => {
        const rows = await second.store.db.selectFrom('outbox').select('status').where('kind', '=', 'absence').execute();
        return rows.length === 1 && rows[0].status === 'sent';
      }, 'the notice recorded as sent');
      expect(line.delivered).toHaveLength(1);
      expect(line.delivered[0]).toMatchObject({ to: lineUserId(47), text: MOVED_JA(1, 3) });
      // The first server's send was cut off unanswered; the re-send had the same retry key and LINE took it once.
      expect(line.requests[0].closed).toBe(true);
      expect(line.requests.map((r) => r.answered)).toEqual([200, 409]);
      expect(new Set(line.requests.map((r) => r.retryKey)).size).toBe(1);
    } finally {
      await second.close();
    }
  });
});
