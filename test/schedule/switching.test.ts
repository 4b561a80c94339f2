/**
 * The calendar switches reception at its edges: exactly once with two servers on one database (two
 * runners, two stores, one clock moved by hand), the banner when in-house is off, the staff's manual switch
 * standing until the next edge, and the catch-up of a server that was down. Tuesday 2026-11-24 in Tokyo,
 * the default calendar: online 9:30–11:00 and 17:00–18:30.
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { startScheduleRunner, type ScheduleRunner } from '../../src/server/domain/schedule/timer.js';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import { saveScheduleOverride } from '../../src/server/domain/schedule/edit/apply.js';
import { applyDueEdges } from '../../src/server/domain/schedule/edges/apply.js';
import { japaneseHoliday } from '../../src/server/domain/schedule/holidays.js';
import type { Store } from '../../src/server/storage/port.js';
import { manualClock, type ManualClock } from '../support/clock.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

const STAFF = { id: 'staff-1', username: 'uketsuke' };
const quietLog = { info: () => {}, error: (obj: unknown) => console.error(obj) };
/** Tokyo wall-clock time on Tuesday 2026-11-24 as an instant. */
const jst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`));

describeStores('automatic switching', (kind) => {
  let ts: TestStore;
  let clock: ManualClock;
  let stores: Store[];
  let runners: ScheduleRunner[];

  async function startRunners(n: number) {
    for (let i = 0; i < n; i++) {
      // PostgreSQL: a store (pool) each, as separate processes have. SQLite serves one process: its
      // connections in one process would block each other's synchronous driver, so they share the store.
      const store = kind === 'sqlite' || stores.length === 0 ? ts.store : await ts.reopen();
      stores.push(store);
      const runner = startScheduleRunner({ store, clock, log: quietLog });
      runners.push(runner);
      await runner.settled();
    }
  }
  function stopRunners() {
    for (const r of runners) r.stop();
    runners = [];
  }
  const runtime = () => ts.store.db.selectFrom('runtime').selectAll().executeTakeFirstOrThrow();
  const scheduleAudit = () =>
    ts.store.db.selectFrom('audit_log').select(['action', 'target']).where('username', '=', 'schedule').orderBy('id').execute();
  // Today's: a server starting at 8:50 first applies yesterday's 18:30 end (online was off: unchanged).
  const edges = () =>
    ts.store.db
      .selectFrom('schedule_edges')
      .select(['edge_at', 'kind', 'outcome'])
      .where('edge_at', '>', jst('00:00').toISOString())
      .orderBy('edge_at')
      .execute();

  beforeEach(async () => {
    clock = manualClock(jst('08:50'));
    ts = await openTestStore(kind, { clock: clock.storeClock });
    stores = [];
    runners = [];
  });
  afterEach(async () => {
    stopRunners();
    await ts.cleanup();
  });

  it('two servers: online starts once at 9:30 and ends once at 11:00, one audit row each, by "schedule"', async () => {
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await startRunners(2);
    // Each server sleeps until the next edge (one timer each, no polling).
    expect(clock.pendingTimers()).toBe(2);
    await clock.advanceTo(jst('09:29'));
    expect((await runtime()).online_on).toBe(0);
    await clock.advanceTo(jst('09:30'));
    expect((await runtime()).online_on).toBe(1);
    await clock.advanceTo(jst('11:00'));
    expect((await runtime()).online_on).toBe(0);
    expect(await scheduleAudit()).toEqual([
      { action: 'startOnline', target: null },
      { action: 'endOnline', target: null },
    ]);
    expect(await edges()).toEqual([
      { edge_at: jst('09:30').toISOString(), kind: 'onlineStart', outcome: 'started' },
      { edge_at: jst('11:00').toISOString(), kind: 'onlineEnd', outcome: 'ended' },
    ]);
    expect(clock.pendingTimers()).toBe(2);
  });

  it('in-house off at the window start: online stays off, the banner is set, in-house starting clears it', async () => {
    await startRunners(2);
    await clock.advanceTo(jst('09:30'));
    const rt = await runtime();
    expect(rt).toMatchObject({ online_on: 0, schedule_notice_at: jst('09:30').toISOString() });
    expect(await scheduleAudit()).toEqual([{ action: 'schedule.inhouseOff', target: jst('09:30').toISOString() }]);
    await clock.advanceTo(jst('09:40'));
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    expect(await runtime()).toMatchObject({ inhouse_on: 1, online_on: 0, schedule_notice_at: null });
  });

  it('the window end clears a banner nobody acted on', async () => {
    await startRunners(1);
    await clock.advanceTo(jst('09:30'));
    expect((await runtime()).schedule_notice_at).not.toBeNull();
    await clock.advanceTo(jst('11:00'));
    expect((await runtime()).schedule_notice_at).toBeNull();
  });

  it("a staff member's manual switch stands until the next edge", async () => {
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await startRunners(2);
    await clock.advanceTo(jst('09:30'));
    await clock.advanceTo(jst('10:00'));
    await switchReception({ store: ts.store, name: 'endOnline', actor: STAFF });
    await clock.advanceTo(jst('10:59'));
    expect((await runtime()).online_on).toBe(0);
    await clock.advanceTo(jst('11:00'));
    await clock.advanceTo(jst('12:00'));
    await switchReception({ store: ts.store, name: 'startOnline', actor: STAFF });
    await clock.advanceTo(jst('16:59'));
    expect((await runtime()).online_on).toBe(1);
    await clock.advanceTo(jst('18:30'));
    expect((await runtime()).online_on).toBe(0);
    expect((await scheduleAudit()).map((e) => e.action)).toEqual(['startOnline', 'endOnline']);
    expect((await edges()).map((e) => `${e.kind}:${e.outcome}`)).toEqual([
      'onlineStart:started',
      'onlineEnd:unchanged',
      'onlineStart:unchanged',
      'onlineEnd:ended',
    ]);
  });

  it('a server that was down at 9:30 catches up when it starts inside the window', async () => {
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await clock.advanceTo(jst('10:15'));
    await startRunners(1);
    expect((await runtime()).online_on).toBe(1);
    expect(await edges()).toEqual([{ edge_at: jst('09:30').toISOString(), kind: 'onlineStart', outcome: 'started' }]);
  });

  it('a restart inside the window applies nothing twice; a restart after it never replays the stale start', async () => {
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await startRunners(1);
    await clock.advanceTo(jst('09:30'));
    stopRunners();
    await clock.advanceTo(jst('10:00'));
    await startRunners(1); // restarted inside the window
    expect((await scheduleAudit()).map((e) => e.action)).toEqual(['startOnline']);
    stopRunners();
    await switchReception({ store: ts.store, name: 'endOnline', actor: STAFF });
    await clock.advanceTo(jst('11:30')); // down through the window's end
    await switchReception({ store: ts.store, name: 'startOnline', actor: STAFF });
    await startRunners(1);
    // The latest edge is 11:00's end; it is applied, but staff opened online after it, so their choice stands.
    expect((await runtime()).online_on).toBe(1);
    expect((await edges()).map((e) => `${e.kind}:${e.outcome}`)).toEqual(['onlineStart:started', 'onlineEnd:manual']);
  });

  it('a staff switch made while every server was down is not overridden by the missed edge', async () => {
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await clock.advanceTo(jst('09:40'));
    await switchReception({ store: ts.store, name: 'startOnline', actor: STAFF });
    await clock.advanceTo(jst('09:50'));
    await switchReception({ store: ts.store, name: 'endOnline', actor: STAFF });
    await clock.advanceTo(jst('10:00'));
    await startRunners(1);
    expect((await runtime()).online_on).toBe(0);
    expect(await edges()).toEqual([{ edge_at: jst('09:30').toISOString(), kind: 'onlineStart', outcome: 'manual' }]);
  });

  it('re-arms when the calendar changes: a window added for this afternoon opens at its start', async () => {
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await startRunners(1);
    await clock.advanceTo(jst('12:58'));
    // 12:29–15:00 → online from 12:59, earlier than the timer's next planned wake-up.
    await saveScheduleOverride({ store: ts.store, actor: STAFF, override: { date: '2026-11-24', periods: [{ start: '09:00', end: '11:30' }, { start: '12:29', end: '15:00' }], note: null } });
    // The change reaches the runner as a change notice (on PostgreSQL through NOTIFY, a moment later).
    await vi.waitFor(() => expect(runners[0].armedVersion()).toBe(1));
    await runners[0].settled();
    await clock.advanceTo(jst('12:59'));
    expect((await runtime()).online_on).toBe(1);
  });

  it('five servers waking at the same instant: one applies the edge, the others find it claimed', async () => {
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await applyDueEdges(ts.store, jst('09:00'), japaneseHoliday); // yesterday's end, out of the way
    const all = kind === 'sqlite' ? Array.from({ length: 5 }, () => ts.store) : [ts.store, ...(await Promise.all(Array.from({ length: 4 }, () => ts.reopen())))];
    const results = await Promise.all(all.map((store) => applyDueEdges(store, jst('09:30'), japaneseHoliday)));
    expect(results.filter((done) => done.length > 0)).toEqual([[{ edge: { at: jst('09:30').getTime(), kind: 'onlineStart' }, outcome: 'started' }]]);
    expect((await scheduleAudit()).map((e) => e.action)).toEqual(['startOnline']);
  });

  it('sleeps until the edge, but never longer than ten minutes: a wall clock that jumped is noticed', async () => {
    await startRunners(1);
    expect(clock.nextTimerAt()).toEqual(jst('09:00')); // 8:50 + the ten-minute cap, before the 9:30 edge
    await clock.advanceTo(jst('09:25'));
    expect(clock.nextTimerAt()).toEqual(jst('09:30')); // the edge itself, closer than the cap
    expect(clock.pendingTimers()).toBe(1);
  });

  it('closing today while its window is open ends online reception at once; moving the start later reopens it then', async () => {
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await startRunners(1);
    await clock.advanceTo(jst('10:00'));
    expect((await runtime()).online_on).toBe(1);
    // The morning now starts at 10:00: online from 10:30, so not at 10:00.
    const morning = { start: '10:00', end: '11:30' };
    await saveScheduleOverride({ store: ts.store, actor: STAFF, override: { date: '2026-11-24', periods: [morning], note: null } });
    await vi.waitFor(() => expect(runners[0].armedVersion()).toBe(1));
    await runners[0].settled();
    expect((await runtime()).online_on).toBe(0);
    await clock.advanceTo(jst('10:30'));
    expect((await runtime()).online_on).toBe(1);
    // Closed for the day at 10:40 (休診): the window that was open ends.
    await clock.advanceTo(jst('10:40'));
    await saveScheduleOverride({ store: ts.store, actor: STAFF, override: { date: '2026-11-24', periods: [], note: '臨時休診' } });
    await vi.waitFor(() => expect(runners[0].armedVersion()).toBe(2));
    await runners[0].settled();
    expect((await runtime()).online_on).toBe(0);
    expect((await edges()).map((e) => `${e.edge_at.slice(11, 16)} ${e.kind}:${e.outcome}`)).toEqual([
      '00:30 onlineStart:started',
      '01:00 onlineEnd:ended',
      '01:30 onlineStart:started',
      '01:40 onlineEnd:ended',
    ]);
  });
});
