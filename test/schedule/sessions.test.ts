/**
 * Numbers per session (the calendar's setting replaces the fixed 200) and the optional automatic in-house
 * reception: opened at a period's start, closed at its end only when nobody is waiting.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { startScheduleRunner, type ScheduleRunner } from '../../src/server/domain/schedule/timer.js';
import { switchReception } from '../../src/server/domain/reception/apply.js';
import { saveScheduleSettings } from '../../src/server/domain/schedule/edit/apply.js';
import { allocateSlot } from '../support/allocation.js';
import { loadQueueState } from '../../src/server/domain/queue-state.js';
import { markSlot } from '../../src/server/domain/mark-slot/apply.js';
import { DEFAULT_SCHEDULE } from '../../src/shared/schedule/types.js';
import { manualClock, type ManualClock } from '../support/clock.js';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';

const STAFF = { id: 'staff-1', username: 'uketsuke' };
const quietLog = { info: () => {}, error: (obj: unknown) => console.error(obj) };
const jst = (hhmm: string) => new Date(Date.parse(`2026-11-24T${hhmm}:00+09:00`));

describeStores('sessions from the calendar', (kind) => {
  let ts: TestStore;
  let clock: ManualClock;
  let runner: ScheduleRunner | undefined;
  const runtime = () => ts.store.db.selectFrom('runtime').selectAll().executeTakeFirstOrThrow();
  const sessionSize = async () => {
    const { current_session_id } = await runtime();
    const row = await ts.store.db
      .selectFrom('reservation_slots')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('session_id', '=', current_session_id!)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  beforeEach(async () => {
    clock = manualClock(jst('08:50'));
    ts = await openTestStore(kind, { clock: clock.storeClock });
  });
  afterEach(async () => {
    runner?.stop();
    runner = undefined;
    await ts.cleanup();
  });

  it('in-house reception opens the numbers the calendar says, and the session runs out at that count', async () => {
    await saveScheduleSettings({ store: ts.store, actor: STAFF, settings: { ...DEFAULT_SCHEDULE.settings, numbersPerSession: 3 } });
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    expect(await sessionSize()).toBe(3);
    for (let n = 1; n <= 3; n++) {
      expect((await loadQueueState(ts.store)).nextFreeNumber).toBe(n);
      expect(await allocateSlot({ store: ts.store, reservedType: 'ADMIN', ownerId: null, actor: STAFF })).toMatchObject({ reservationNumber: n });
    }
    expect((await loadQueueState(ts.store)).nextFreeNumber).toBeNull();
    await expect(allocateSlot({ store: ts.store, reservedType: 'ADMIN', ownerId: null, actor: STAFF })).rejects.toMatchObject({ code: 'RESOURCE_EXHAUSTED' });
  });

  it('999 numbers, the most the setting allows, open in one start', async () => {
    await saveScheduleSettings({ store: ts.store, actor: STAFF, settings: { ...DEFAULT_SCHEDULE.settings, numbersPerSession: 999 } });
    await switchReception({ store: ts.store, name: 'startInhouse', actor: STAFF });
    expect(await sessionSize()).toBe(999);
  });

  it('autoInhouse: in-house opens at 9:00 with the set count, online at 9:30; at 11:30 it stays open while someone waits', async () => {
    await saveScheduleSettings({ store: ts.store, actor: STAFF, settings: { ...DEFAULT_SCHEDULE.settings, numbersPerSession: 40, autoInhouse: true } });
    runner = startScheduleRunner({ store: ts.store, clock, log: quietLog });
    await runner.settled();
    expect((await runtime()).inhouse_on).toBe(0);
    await clock.advanceTo(jst('09:00'));
    expect(await runtime()).toMatchObject({ inhouse_on: 1, online_on: 0 });
    expect(await sessionSize()).toBe(40);
    await clock.advanceTo(jst('09:30'));
    expect((await runtime()).online_on).toBe(1);
    const slot = await allocateSlot({ store: ts.store, reservedType: 'ADMIN', ownerId: null, actor: STAFF });
    await clock.advanceTo(jst('11:30'));
    expect(await runtime()).toMatchObject({ inhouse_on: 1, online_on: 0 }); // patient #1 still waits
    await markSlot({ store: ts.store, slotId: slot.slotId, action: 'start', actor: STAFF });
    await clock.advanceTo(jst('16:30'));
    // The evening start finds in-house still open (nobody ended it): the morning's session carries on.
    expect((await runtime()).inhouse_on).toBe(1);
    await clock.advanceTo(jst('19:00'));
    expect((await runtime()).inhouse_on).toBe(0);
    const audit = await ts.store.db.selectFrom('audit_log').select('action').where('username', '=', 'schedule').orderBy('id').execute();
    expect(audit.map((a) => a.action)).toEqual(['startInhouse', 'startOnline', 'endOnline', 'startOnline', 'endOnline', 'endInhouse']);
  });
});
