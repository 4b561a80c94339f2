/**
 * The readings recorder (issue 36, decision 054) on both stores with the clock moved by hand: one row per
 * waiting, not held patient at every 5-minute boundary while in-house reception is on, holding what their
 * card showed then; nothing while closed (no timer at all), for held patients or without an estimate; two
 * server processes (two stores on one database) write each tick once; the retention job deletes old ones.
 * Tuesday 2026-11-24 in Tokyo, four weeks of history at 5 minutes a patient (so an estimate from the start).
 */
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { waitMoments, waitRange } from '../../src/shared/estimate/range.js';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import { markSlot } from '../../src/server/domain/mark-slot/apply.js';
import { createLiveEstimator } from '../../src/server/domain/estimate/live-estimate.js';
import { loadQueueState } from '../../src/server/domain/queue-state.js';
import { insertReadings } from '../../src/server/domain/wait-readings/apply.js';
import { startReadingRecorder, type ReadingRecorder } from '../../src/server/domain/wait-readings/timer.js';
import { tickOf } from '../../src/server/domain/wait-readings/rule.js';
import { applyRetention } from '../../src/server/ops/retention.js';
import type { Store } from '../../src/server/storage/port.js';
import { allocateSlot } from '../support/allocation.js';
import { manualClock, type ManualClock } from '../support/clock.js';
import { seedHistory } from '../support/estimate-history.js';
import { startTestServer } from '../support/server.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

const STAFF = { id: 'staff-1', username: 'uketsuke' };
const quietLog = { error: (obj: unknown) => console.error(obj) };
const jst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`));

describeStores('wait readings', (kind) => {
  let ts: TestStore;
  let clock: ManualClock;
  let recorders: ReadingRecorder[];

  function start(store: Store = ts.store) {
    const recorder = startReadingRecorder({ store, clock, log: quietLog });
    recorders.push(recorder);
    return recorder;
  }
  const settled = () => Promise.all(recorders.map((r) => r.settled()));
  const readings = () =>
    ts.store.db.selectFrom('wait_readings').selectAll().orderBy('tick').orderBy('ahead').execute();
  const take = async (n: number) => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) ids.push((await allocateSlot({ store: ts.store, reservedType: 'ADMIN', ownerId: null, actor: STAFF })).slotId);
    return ids;
  };
  /** What the public stream gives a patient with `ahead` before them at the clock's now. */
  async function shown(ahead: number) {
    const now = clock.now();
    const { estimate } = await createLiveEstimator(ts.store)(await loadQueueState(ts.store, now));
    const { mean, sd } = waitMoments(estimate!, ahead, now);
    const range = waitRange(estimate!, ahead, now)!;
    const hundredths = (minutes: number) => Math.round(minutes * 100) / 100;
    return { mean_minutes: hundredths(mean), sd_minutes: hundredths(sd), low_minutes: range.lowMinutes, high_minutes: range.highMinutes };
  }

  beforeEach(async () => {
    clock = manualClock(jst('09:02'));
    ts = await openTestStore(kind, { clock: clock.storeClock });
    recorders = [];
  });
  afterEach(async () => {
    for (const r of recorders) r.stop();
    await settled();
    await ts.cleanup();
  });

  it('records every waiting patient at each 5-minute boundary, with what their card showed', async () => {
    await seedHistory(ts.store, { weeks: 4, gapMinutes: 5, now: jst('09:02') });
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    const [first, second, third] = await take(3);
    const recorder = start();
    await settled();
    expect(recorder.armed()).toBe(true);
    expect(clock.nextTimerAt()).toEqual(jst('09:05'));
    await clock.advanceTo(jst('09:04'));
    expect(await readings()).toEqual([]);

    await clock.advanceTo(jst('09:05'));
    const tick = tickOf(jst('09:05').getTime());
    const rows = await readings();
    expect(rows.map((r) => [r.slot_id, r.ahead, r.tick, r.at])).toEqual([
      [first, 0, tick, jst('09:05').toISOString()],
      [second, 1, tick, jst('09:05').toISOString()],
      [third, 2, tick, jst('09:05').toISOString()],
    ]);
    for (const row of rows) expect(row).toMatchObject(await shown(row.ahead));
    expect(rows[2].low_minutes).toBeLessThan(rows[2].high_minutes);
    expect(new Set(rows.map((r) => r.session_id)).size).toBe(1);

    // The first goes in, the second is called and held: at 9:10 only the third is waiting, now first in line.
    await clock.advanceTo(jst('09:07'));
    await markSlot({ store: ts.store, slotId: first, action: 'start', actor: STAFF });
    await markSlot({ store: ts.store, slotId: second, action: 'hold', actor: STAFF });
    await clock.advanceTo(jst('09:10'));
    const later = (await readings()).filter((r) => r.tick === tick + 1);
    expect(later.map((r) => [r.slot_id, r.ahead])).toEqual([[third, 0]]);
    expect(later[0]).toMatchObject(await shown(0));
    expect(recorder.armed()).toBe(true);
  });

  it('records nothing without an estimate, and nothing at all while reception is closed', async () => {
    // No history and no consultation yet: no estimate, so no card showed a range.
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    const [only] = await take(1);
    const recorder = start();
    await settled();
    await clock.advanceTo(jst('09:30'));
    expect(await readings()).toEqual([]);
    expect(recorder.armed()).toBe(true);

    // Closed: the recorder keeps no timer at all, however long the clinic stays shut.
    await markSlot({ store: ts.store, slotId: only, action: 'delete', actor: STAFF });
    await switchReception({ store: ts.store, name: 'endInhouse', actor: STAFF });
    await vi.waitFor(() => expect(recorder.armed()).toBe(false));
    expect(clock.pendingTimers()).toBe(0);
    await clock.advanceTo(jst('13:00'));
    expect(await readings()).toEqual([]);

    // Opening again wakes it (the change notice), and the next boundary is recorded.
    await seedHistory(ts.store, { weeks: 4, gapMinutes: 5, now: jst('13:00') });
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await vi.waitFor(() => expect(recorder.armed()).toBe(true));
    expect(clock.nextTimerAt()).toEqual(jst('13:05'));
    const [afternoon] = await take(1);
    await clock.advanceTo(jst('13:05'));
    expect((await readings()).map((r) => [r.slot_id, r.tick])).toEqual([[afternoon, tickOf(jst('13:05').getTime())]]);
  });

  it('two server processes on one database write each tick once', async () => {
    await seedHistory(ts.store, { weeks: 4, gapMinutes: 5, now: jst('09:02') });
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    const ids = await take(4);
    // A store each, as separate processes have; their timers fire at the same boundaries of one clock.
    start(ts.store);
    start(await ts.reopen());
    await settled();
    expect(clock.pendingTimers()).toBe(2);
    await clock.advanceTo(jst('09:20'));
    const rows = await readings();
    expect(rows).toHaveLength(4 * 4);
    for (const at of ['09:05', '09:10', '09:15', '09:20']) {
      const tick = tickOf(jst(at).getTime());
      expect(rows.filter((r) => r.tick === tick).map((r) => r.slot_id)).toEqual(ids);
    }
    // Recording a tick again adds nothing and refuses nothing: the primary key keeps the first.
    expect(await insertReadings(ts.store.db, rows.map((r) => ({ ...r, low_minutes: r.low_minutes + 5 })))).toBe(0);
    expect(await readings()).toEqual(rows);
  });

  it('every server records them: the app starts a recorder on its clock and stops it when it closes', async () => {
    await seedHistory(ts.store, { weeks: 4, gapMinutes: 5, now: jst('09:02') });
    const server = await startTestServer({ store: ts.store, clock });
    try {
      await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
      const [id] = await take(1);
      // The recorder's timer for the next tick (the app's minute check of "leave home by" keeps one too).
      await vi.waitFor(() => expect(clock.timerTimes()).toContainEqual(jst('09:05')));
      await clock.advanceTo(jst('09:05'));
      expect((await readings()).map((r) => [r.slot_id, r.ahead])).toEqual([[id, 0]]);
    } finally {
      await server.close();
    }
    // Closed with the server: no timer left behind.
    expect(clock.pendingTimers()).toBe(0);
  });

  it('the retention job deletes readings older than the retention period', async () => {
    await seedHistory(ts.store, { weeks: 4, gapMinutes: 5, now: jst('09:02') });
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    await take(2);
    start();
    await settled();
    await clock.advanceTo(jst('09:10'));
    expect(await readings()).toHaveLength(4);
    const settings = { retentionDays: 90, auditRetentionDays: 365 };
    const day = 86_400_000;
    // 90 days after 9:07: the 9:05 readings are older than the period, the 9:10 ones not yet.
    await applyRetention(ts.store, settings, new Date(jst('09:07').getTime() + 90 * day));
    expect((await readings()).map((r) => r.at)).toEqual([jst('09:10').toISOString(), jst('09:10').toISOString()]);
    await applyRetention(ts.store, settings, new Date(jst('09:11').getTime() + 90 * day));
    expect(await readings()).toEqual([]);
  });
});
