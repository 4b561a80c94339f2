/**
 * Two whole servers on one database (on PostgreSQL each with its own pool, as two processes), one clock moved
 * by hand: the staff screen's banner and the calendar's version arrive on the admin stream, and each edge
 * switches once and is audited once, by "schedule". Each test starts a new database at 9:20 on Tuesday
 * 2026-11-24 and moves the clock through the part of the day it needs (the fixtures below).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../src/shared/schemas/functions.js';
import type { AdminSnapshot } from '../../src/shared/schemas/live.js';
import { DEFAULT_SCHEDULE } from '../../src/shared/schedule/types.js';
import { mustCall, staffCookie } from '../support/client.js';
import { type ManualClock, manualClock } from '../support/clock.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { adminSnapshot } from '../api/api-support.js';

const jst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`));

describeStores('two servers run reception from the calendar', (kind) => {
  let clock: ManualClock;
  let ts: TestStore;
  let a: TestServer;
  let b: TestServer;
  let cookie: string;
  // The server that did not apply an edge learns of it through the change notice, a moment later.
  const snapshotWhen = (server: TestServer, check: (s: AdminSnapshot) => void) =>
    vi.waitFor(async () => {
      const snapshot = await adminSnapshot<AdminSnapshot>(server.url, cookie);
      check(snapshot);
      return snapshot;
    });
  const staff = <T>(server: TestServer, name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
  const scheduleAudit = async () =>
    (await staff<{ entries: AuditEntry[] }>(a, 'getAuditLog', { limit: 100 })).entries.filter((e) => e.username === 'schedule').map((e) => e.action).reverse();

  beforeEach(async () => {
    clock = manualClock(jst('09:20'));
    ts = await openTestStore(kind, { clock: clock.storeClock });
    a = await startTestServer({ store: ts.store, clock });
    b = await startTestServer({ store: kind === 'postgres' ? await ts.reopen() : ts.store, clock });
    cookie = await staffCookie(a.url, a.store);
  });
  afterEach(async () => {
    await a?.close();
    await b?.close();
    await ts?.cleanup();
  });

  /** 9:30 has passed with in-house reception off: the morning's online window did not open, the banner is up. */
  async function morningWindowMissed() {
    await clock.advanceTo(jst('09:30'));
    await snapshotWhen(a, (snapshot) => expect(snapshot.scheduleNotice).not.toBeNull());
  }

  /** The morning window missed, then staff set 20 numbers per session and started in-house reception. */
  async function inhouseStartedWith20Numbers() {
    await morningWindowMissed();
    await staff(a, 'saveScheduleSettings', { settings: { ...DEFAULT_SCHEDULE.settings, numbersPerSession: 20 } });
    await staff(b, 'startInhouseReception');
    await snapshotWhen(a, (snapshot) => expect(snapshot).toMatchObject({ scheduleNotice: null, nextFreeNumber: 1 }));
  }

  it('the admin stream carries the calendar version and no banner before any window', async () => {
    const snapshot = await adminSnapshot<AdminSnapshot>(b.url, cookie);
    expect(snapshot).toMatchObject({ scheduleVersion: 0, scheduleNotice: null });
  });

  it('9:30 with in-house off: no online reception, the banner on both servers, audited once', async () => {
    await clock.advanceTo(jst('09:30'));
    for (const server of [a, b]) {
      await snapshotWhen(server, (snapshot) => {
        expect(snapshot.runtime.onlineOn).toBe(false);
        expect(snapshot.scheduleNotice).toEqual({ kind: 'inhouseOffAtWindowStart', windowStart: '2026-11-24T00:30:00.000Z' });
      });
    }
    expect(await scheduleAudit()).toEqual(['schedule.inhouseOff']);
  });

  it('staff set 20 numbers and start in-house: the banner goes, the session has 20 numbers', async () => {
    await morningWindowMissed();
    await staff(a, 'saveScheduleSettings', { settings: { ...DEFAULT_SCHEDULE.settings, numbersPerSession: 20 } });
    await staff(b, 'startInhouseReception');
    await snapshotWhen(a, (snapshot) => expect(snapshot).toMatchObject({ scheduleVersion: 1, scheduleNotice: null, nextFreeNumber: 1 }));
    const { n } = await ts.store.db.selectFrom('reservation_slots').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(n)).toBe(20);
  });

  it('17:00 starts online once and 18:30 ends it once, whichever server wakes first', async () => {
    await inhouseStartedWith20Numbers();
    await clock.advanceTo(jst('17:00'));
    await snapshotWhen(b, (snapshot) => expect(snapshot.runtime.onlineOn).toBe(true));
    await clock.advanceTo(jst('18:30'));
    await snapshotWhen(a, (snapshot) => expect(snapshot.runtime.onlineOn).toBe(false));
    expect(await scheduleAudit()).toEqual(['schedule.inhouseOff', 'startOnline', 'endOnline']);
    const edges = await ts.store.db.selectFrom('schedule_edges').select(['kind', 'outcome']).where('edge_at', '>', jst('00:00').toISOString()).orderBy('edge_at').execute();
    expect(edges).toEqual([
      { kind: 'onlineStart', outcome: 'inhouseOff' },
      { kind: 'onlineEnd', outcome: 'unchanged' },
      { kind: 'onlineStart', outcome: 'started' },
      { kind: 'onlineEnd', outcome: 'ended' },
    ]);
  });
});
