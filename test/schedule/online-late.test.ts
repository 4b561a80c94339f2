/**
 * Online reception closes on time (issue 35, decision 050), on both stores with the clock moved by hand:
 * two schedule runners on one database (on PostgreSQL each with its own pool, as two processes) close it
 * once, audited once by "schedule" with the reason; staff reopening by hand stands until the next calendar
 * edge; the reason stands on the runtime row until then. Tuesday 2026-11-24 in Tokyo, the default calendar
 * (periods 9:00–11:30 and 16:30–19:00, online 9:30–11:00 and 17:00–18:30), four weeks of history at 5
 * minutes a patient: a newcomer with n waiting is expected at now + 5n + 2.5 minutes (rounded to 5).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import { saveScheduleSettings } from '../../src/server/domain/schedule/edit/apply.js';
import { LATE_CHECK_MS, startScheduleRunner, type ScheduleRunner } from '../../src/server/domain/schedule/timer.js';
import { createLiveEstimator } from '../../src/server/domain/estimate/live-estimate.js';
import type { Store } from '../../src/server/storage/port.js';
import { DEFAULT_SCHEDULE } from '../../src/shared/schedule/types.js';
import { allocateSlot } from '../support/allocation.js';
import { manualClock, type ManualClock } from '../support/clock.js';
import { seedHistory } from '../support/estimate-history.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

const STAFF = { id: 'staff-1', username: 'uketsuke' };
const quietLog = { info: () => {}, error: (obj: unknown) => console.error(obj) };
const jst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`));
const LATE_ON = { ...DEFAULT_SCHEDULE.settings, closeOnlineWhenLate: true, lateMarginMinutes: 10 };

describeStores('online reception closes on time', (kind) => {
  let ts: TestStore;
  let clock: ManualClock;
  let stores: Store[];
  let runners: ScheduleRunner[];

  async function startRunners(n: number) {
    for (let i = 0; i < n; i++) {
      const store = kind === 'sqlite' || stores.length === 0 ? ts.store : await ts.reopen();
      stores.push(store);
      const runner = startScheduleRunner({ store, clock, log: quietLog });
      runners.push(runner);
      await runner.settled();
    }
  }
  /** Every wake-up under way (a queue change wakes a runner too) has finished. */
  const settled = () => Promise.all(runners.map((r) => r.settled()));
  const runtime = () => ts.store.db.selectFrom('runtime').selectAll().executeTakeFirstOrThrow();
  const lateAudit = () =>
    ts.store.db.selectFrom('audit_log').select(['username', 'target', 'before', 'after']).where('action', '=', 'schedule.onlineLate').orderBy('id').execute();
  const lateRows = () => ts.store.db.selectFrom('schedule_edges').select(['edge_at', 'outcome']).where('kind', '=', 'onlineLate').orderBy('edge_at').execute();
  const take = async (n: number) => {
    for (let i = 0; i < n; i++) await allocateSlot({ store: ts.store, reservedType: 'ADMIN', ownerId: null, actor: STAFF });
  };

  beforeEach(async () => {
    clock = manualClock(jst('08:50'));
    ts = await openTestStore(kind, { clock: clock.storeClock });
    stores = [];
    runners = [];
    await seedHistory(ts.store, { weeks: 4, gapMinutes: 5, now: jst('08:50') });
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
  });
  afterEach(async () => {
    for (const r of runners) r.stop();
    await settled();
    await ts.cleanup();
  });

  it('off by default: no minute tick, and a long queue never closes online', async () => {
    await startRunners(1);
    await clock.advanceTo(jst('09:30'));
    await take(40); // expected 9:30 + 202.5 min, long after 11:30
    await clock.advanceTo(jst('10:30'));
    await settled();
    expect((await runtime()).online_on).toBe(1);
    // The runner sleeps as it always did (ten minutes at most): no check every minute when nobody asked for one.
    expect(clock.nextTimerAt()).toEqual(jst('10:40'));
    expect(await lateRows()).toEqual([]);
  });

  it('two servers: closed once within a minute of the queue growing past the period, one audit line with the reason', async () => {
    await saveScheduleSettings({ store: ts.store, actor: STAFF, settings: LATE_ON });
    await startRunners(2);
    await clock.advanceTo(jst('09:30'));
    expect((await runtime()).online_on).toBe(1);
    // The deadline is 11:30 − 10 = 11:20. 20 waiting at 9:31: 9:31 + 102.5 = 11:13:30, shown 11:15: in time.
    await take(20);
    await clock.advanceTo(jst('09:31'));
    await settled();
    expect((await runtime()).online_on).toBe(1);
    // 21 waiting at 9:32: 9:32 + 107.5 = 11:19:30, shown 11:20 — the deadline itself: still in time.
    await take(1);
    await clock.advanceTo(jst('09:32'));
    await settled();
    expect((await runtime()).online_on).toBe(1);
    // 22 waiting at 9:33: 9:33 + 112.5 = 11:25:30, shown 11:25 — after 11:20: closed at that check.
    await take(1);
    await clock.advanceTo(new Date(jst('09:32').getTime() + LATE_CHECK_MS));
    await settled();
    expect(await runtime()).toMatchObject({ online_on: 0, online_late_at: jst('09:33').toISOString() });
    await clock.advanceTo(jst('10:30'));
    await settled();
    expect(await lateRows()).toEqual([{ edge_at: jst('09:00').toISOString(), outcome: 'ended' }]);
    const audit = await lateAudit();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ username: 'schedule', target: jst('09:00').toISOString(), before: JSON.stringify({ onlineOn: true }) });
    expect(JSON.parse(audit[0]!.after!)).toEqual({
      onlineOn: false,
      expectedAt: jst('11:25').toISOString(),
      periodEnd: jst('11:30').toISOString(),
      lateMarginMinutes: 10,
      waiting: 22,
    });
  });

  it("staff reopening by hand stands until the calendar's next edge; the evening closes again, once", async () => {
    await saveScheduleSettings({ store: ts.store, actor: STAFF, settings: LATE_ON });
    await startRunners(2);
    await clock.advanceTo(jst('09:30'));
    await take(30);
    await clock.advanceTo(jst('09:31'));
    await settled();
    expect((await runtime()).online_on).toBe(0);
    await switchReception({ store: ts.store, name: 'startOnline', actor: STAFF });
    expect(await runtime()).toMatchObject({ online_on: 1, online_late_at: null });
    await take(10);
    await clock.advanceTo(jst('10:59'));
    await settled();
    expect((await runtime()).online_on).toBe(1); // reopened by hand: no second close in this period
    await clock.advanceTo(jst('11:00'));
    expect((await runtime()).online_on).toBe(0); // the calendar's edge ends it as always
    // 40 still waiting at 17:00: the evening's window opens, and closes at the first check.
    await clock.advanceTo(jst('17:00'));
    await settled();
    await clock.advanceTo(jst('17:02'));
    await settled();
    expect(await runtime()).toMatchObject({ online_on: 0, online_late_at: jst('17:00').toISOString() });
    expect((await lateRows()).map((r) => r.edge_at)).toEqual([jst('09:00').toISOString(), jst('16:30').toISOString()]);
    expect(await lateAudit()).toHaveLength(2);
  });

  it('the reason stands until the window ends, and a calendar start takes it down', async () => {
    await saveScheduleSettings({ store: ts.store, actor: STAFF, settings: LATE_ON });
    await startRunners(1);
    await clock.advanceTo(jst('09:30'));
    await take(30);
    await clock.advanceTo(jst('09:31'));
    await settled();
    expect((await runtime()).online_late_at).toBe(jst('09:31').toISOString());
    await clock.advanceTo(jst('10:59'));
    expect((await runtime()).online_late_at).toBe(jst('09:31').toISOString());
    await clock.advanceTo(jst('11:00'));
    expect(await runtime()).toMatchObject({ online_on: 0, online_late_at: null });
  });

  it('a queue change wakes the check without waiting for the minute, at most once per 15 s of the clock', async () => {
    await saveScheduleSettings({ store: ts.store, actor: STAFF, settings: LATE_ON });
    await startRunners(1);
    await clock.advanceTo(jst('09:30'));
    await take(30); // checked at 9:30 a moment ago: these wake nothing
    await settled();
    expect((await runtime()).online_on).toBe(1);
    await clock.advance(20_000); // the last check is now 20 s old, the next tick 40 s away
    await take(1);
    await vi.waitFor(async () => expect((await runtime()).online_on).toBe(0));
    expect((await runtime()).online_late_at).toBe(new Date(jst('09:30').getTime() + 20_000).toISOString());
  });

  it('a burst of 50 numbers costs one read of the queue, not 50', async () => {
    await saveScheduleSettings({ store: ts.store, actor: STAFF, settings: LATE_ON });
    let reads = 0;
    const live = createLiveEstimator(ts.store);
    const runner = startScheduleRunner({ store: ts.store, clock, log: quietLog, estimator: (state) => (reads++, live(state)) });
    runners.push(runner);
    await runner.settled();
    await clock.advanceTo(jst('09:30'));
    expect((await runtime()).online_on).toBe(1);
    await clock.advance(20_000);
    reads = 0;
    await take(50);
    await settled();
    // The first number's notice woke the check (it saw however many were in by then); the rest asked for none.
    expect(reads).toBe(1);
  });

  it('without an estimate (no history, no starts yet) nothing closes', async () => {
    await ts.store.db.deleteFrom('reservation_slots').where('session_id', '!=', (await runtime()).current_session_id!).execute();
    // A new session, so no history is cached for it.
    await switchReception({ store: ts.store, name: 'endInhouse', actor: STAFF });
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await saveScheduleSettings({ store: ts.store, actor: STAFF, settings: LATE_ON });
    await startRunners(1);
    await clock.advanceTo(jst('09:30'));
    await take(60);
    await clock.advanceTo(jst('10:00'));
    await settled();
    expect((await runtime()).online_on).toBe(1);
  });
});
