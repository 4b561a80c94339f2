/**
 * Online reception closes on time over real HTTP, two whole servers on one database (on PostgreSQL each
 * with its own pool, as two processes), one clock moved by hand: the staff setting saved and audited, bad
 * input refused with nothing changed, the close once with its audit line, the reason on the public stream of
 * both servers — at the very time patients were shown — and staff reopening by hand. Tuesday 2026-11-24.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../src/shared/schemas/functions.js';
import type { QueueSnapshot } from '../../src/shared/schemas/live.js';
import { waitRange } from '../../src/shared/estimate/range.js';
import { DEFAULT_SCHEDULE, type ScheduleForStaff } from '../../src/shared/schedule/types.js';
import { callFn, mustCall, staffCookie } from '../support/client.js';
import { type ManualClock, manualClock } from '../support/clock.js';
import { seedHistory } from '../support/estimate-history.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import { queueSnapshotText } from '../api/api-support.js';

const jst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`));
const LATE_ON = { ...DEFAULT_SCHEDULE.settings, closeOnlineWhenLate: true, lateMarginMinutes: 15 };

describeStores('online reception closes on time, two servers', (kind) => {
  let clock: ManualClock;
  let ts: TestStore;
  let a: TestServer;
  let b: TestServer;
  let cookie: string;
  const staff = <T>(server: TestServer, name: string, data: unknown = {}) => mustCall<T>(server.url, name, data, { cookie });
  const publicSnapshot = async (server: TestServer) => JSON.parse(await queueSnapshotText(server.url)) as QueueSnapshot;
  const publicWhen = (server: TestServer, check: (s: QueueSnapshot) => void) =>
    vi.waitFor(async () => {
      const snapshot = await publicSnapshot(server);
      check(snapshot);
      return snapshot;
    });
  const audit = async () => (await staff<{ entries: AuditEntry[] }>(a, 'getAuditLog', { limit: 200 })).entries.reverse();

  beforeEach(async () => {
    clock = manualClock(jst('09:20'));
    ts = await openTestStore(kind, { clock: clock.storeClock });
    await seedHistory(ts.store, { weeks: 4, gapMinutes: 5, now: jst('09:20') });
    a = await startTestServer({ store: ts.store, clock });
    b = await startTestServer({ store: kind === 'postgres' ? await ts.reopen() : ts.store, clock });
    cookie = await staffCookie(a.url, a.store);
  });
  afterEach(async () => {
    await a?.close();
    await b?.close();
    await ts?.cleanup();
  });

  it('saves the setting, audited before and after; refuses a margin out of range or a missing field, changing nothing', async () => {
    const before = await staff<ScheduleForStaff>(a, 'getSchedule', { month: '2026-11' });
    expect(before.schedule.settings).toMatchObject({ closeOnlineWhenLate: false, lateMarginMinutes: 0 });
    for (const settings of [
      { ...LATE_ON, lateMarginMinutes: 121 },
      { ...LATE_ON, lateMarginMinutes: -1 },
      { ...LATE_ON, lateMarginMinutes: 7.5 },
      { ...LATE_ON, closeOnlineWhenLate: 'yes' },
      (({ lateMarginMinutes: _m, ...rest }) => rest)(LATE_ON),
    ]) {
      const answer = await callFn(a.url, 'saveScheduleSettings', { settings }, { cookie });
      expect(answer.status).toBe(400);
      expect(JSON.stringify(answer.body)).toContain('INVALID_ARGUMENT');
    }
    expect(await staff<ScheduleForStaff>(b, 'getSchedule', { month: '2026-11' })).toEqual(before);
    await staff(a, 'saveScheduleSettings', { settings: LATE_ON });
    expect((await staff<ScheduleForStaff>(b, 'getSchedule', { month: '2026-11' })).schedule.settings).toEqual(LATE_ON);
    const saved = (await audit()).filter((e) => e.action === 'saveScheduleSettings');
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ before: DEFAULT_SCHEDULE.settings, after: LATE_ON });
  });

  it('a calendar saved before the setting existed reads it as off', async () => {
    const older: Record<string, unknown> = { ...DEFAULT_SCHEDULE.settings, numbersPerSession: 50 };
    delete older.closeOnlineWhenLate;
    delete older.lateMarginMinutes;
    const document = JSON.stringify({ ...DEFAULT_SCHEDULE, settings: older });
    await ts.store.db.insertInto('clinic_schedule').values({ id: 1, document, updated_at: jst('09:00').toISOString() }).execute();
    await ts.store.write((ctx) => ctx.tx.updateTable('runtime').set({ schedule_version: 7 }).where('id', '=', 1).execute());
    const month = await staff<ScheduleForStaff>(a, 'getSchedule', { month: '2026-11' });
    expect(month.schedule.settings).toEqual({ ...DEFAULT_SCHEDULE.settings, numbersPerSession: 50 });
  });

  it('closes once, at the time patients were shown; both streams say why; staff reopen and it stands', async () => {
    await staff(a, 'saveScheduleSettings', { settings: LATE_ON });
    await staff(b, 'startInhouseReception');
    await clock.advanceTo(jst('09:30'));
    await publicWhen(a, (s) => expect(s.runtime.onlineOn).toBe(true));
    for (let i = 0; i < 25; i++) await staff(a, 'allocateNextSlot', { reservedType: 'ADMIN' });
    // What the book screen shows a newcomer at 9:31, from the stream as it stands.
    const shown = await publicWhen(b, (s) => expect(s.runtime.currentWaitCount).toBe(25));
    expect(shown.onlineClosedReason).toBeUndefined();
    const expected = waitRange(shown.estimate!, shown.runtime.currentWaitCount, jst('09:31'))!.expectedAt;
    expect(expected).toBe(jst('11:40').toISOString()); // 9:31 + 25 × 5 + 2.5 min, after 11:30 − 15
    await clock.advanceTo(jst('09:31'));
    for (const server of [a, b]) {
      await publicWhen(server, (s) => expect(s).toMatchObject({ runtime: { onlineOn: false }, onlineClosedReason: 'late' }));
    }
    const closes = (await audit()).filter((e) => e.action === 'schedule.onlineLate');
    expect(closes).toHaveLength(1);
    expect(closes[0]).toMatchObject({
      username: 'schedule',
      target: jst('09:00').toISOString(),
      after: { onlineOn: false, expectedAt: expected, periodEnd: jst('11:30').toISOString(), lateMarginMinutes: 15, waiting: 25 },
    });

    await staff(b, 'startOnlineReception');
    const reopened = await publicWhen(a, (s) => expect(s.runtime.onlineOn).toBe(true));
    expect(reopened.onlineClosedReason).toBeUndefined();
    await clock.advanceTo(jst('10:30'));
    expect((await publicSnapshot(b)).runtime.onlineOn).toBe(true);
    expect((await audit()).filter((e) => e.action === 'schedule.onlineLate')).toHaveLength(1);
  });
});
