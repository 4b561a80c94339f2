import { describe, expect, it } from 'vitest';
import type { Edge } from '../../../../shared/schedule/rules.js';
import { DEFAULT_SCHEDULE } from '../../../../shared/schedule/types.js';
import { MAX_SLEEP_MS, decideEdge, sleepUntilNextEdge, vanishedWindow } from './rule.js';

// Tuesday 2026-03-03, Tokyo: online opens at 09:30 (00:30Z) and closes at 11:00 (02:00Z).
const OPEN_AT = Date.parse('2026-03-03T00:30:00.000Z');
const edge = (kind: Edge['kind'], at = OPEN_AT): Edge => ({ kind, at });
const runtime = {
  inhouse_on: 1, online_on: 0, current_session_id: 's1', schedule_notice_at: null, online_manual_at: null, inhouse_manual_at: null,
};
const counts = { activeReservations: 0, numbersPerSession: 120 };
const noHolidays = () => null;

describe('decideEdge', () => {
  it('opens online at its start when in-house is on', () => {
    const plan = decideEdge(edge('onlineStart'), runtime, counts);
    expect(plan.outcome).toBe('started');
    expect(plan.change).toMatchObject({ name: 'startOnline', set: { online_on: 1 } });
    expect(plan.notice).toBeNull();
  });

  it('leaves online shut and raises the banner when in-house is off', () => {
    expect(decideEdge(edge('onlineStart'), { ...runtime, inhouse_on: 0 }, counts)).toEqual({ outcome: 'inhouseOff', change: null, notice: 'set' });
  });

  it('finds reception already so', () => {
    expect(decideEdge(edge('onlineStart'), { ...runtime, online_on: 1 }, counts).outcome).toBe('unchanged');
    expect(decideEdge(edge('onlineEnd'), runtime, counts).outcome).toBe('unchanged');
    expect(decideEdge(edge('inhouseStart'), runtime, counts).outcome).toBe('unchanged');
    expect(decideEdge(edge('inhouseEnd'), { ...runtime, inhouse_on: 0 }, counts).outcome).toBe('unchanged');
  });

  it('opens in-house with the calendar’s numbers per session', () => {
    const plan = decideEdge(edge('inhouseStart'), { ...runtime, inhouse_on: 0 }, counts);
    expect(plan.outcome).toBe('started');
    expect(plan.change?.openSession).toEqual({ numbers: 120 });
  });

  it('ends in-house only when nobody waits and online is shut', () => {
    expect(decideEdge(edge('inhouseEnd'), runtime, { ...counts, activeReservations: 2 })).toEqual({ outcome: 'waiting', change: null, notice: null });
    expect(decideEdge(edge('inhouseEnd'), { ...runtime, online_on: 1 }, counts).outcome).toBe('waiting');
    const plan = decideEdge(edge('inhouseEnd'), runtime, counts);
    expect(plan.outcome).toBe('ended');
    expect(plan.change?.closeSession).toBe('s1');
  });

  it('lets a hand on the switch after the edge stand, and only for its family', () => {
    const later = new Date(OPEN_AT + 60_000).toISOString();
    const earlier = new Date(OPEN_AT - 60_000).toISOString();
    expect(decideEdge(edge('onlineStart'), { ...runtime, online_manual_at: later }, counts).outcome).toBe('manual');
    expect(decideEdge(edge('onlineStart'), { ...runtime, online_manual_at: earlier }, counts).outcome).toBe('started');
    expect(decideEdge(edge('onlineStart'), { ...runtime, inhouse_manual_at: later }, counts).outcome).toBe('started');
  });

  it('takes the banner down at the end of online hours, even when staff switched by hand', () => {
    const noticed = { ...runtime, schedule_notice_at: new Date(OPEN_AT).toISOString() };
    expect(decideEdge(edge('onlineEnd'), noticed, counts)).toEqual({ outcome: 'unchanged', change: null, notice: 'clear' });
    const manual = { ...noticed, online_manual_at: new Date(OPEN_AT + 60_000).toISOString() };
    expect(decideEdge(edge('onlineEnd'), manual, counts)).toEqual({ outcome: 'manual', change: null, notice: 'clear' });
    expect(decideEdge(edge('onlineStart'), noticed, counts).notice).toBeNull();
  });
});

describe('vanishedWindow', () => {
  const now = new Date(OPEN_AT + 10 * 60_000);
  const opened = { edge_at: new Date(OPEN_AT).toISOString(), kind: 'onlineStart' };

  it('ends now a window that left the calendar while it was open', () => {
    const closedThatDay = { ...DEFAULT_SCHEDULE, overrides: [{ date: '2026-03-03', periods: [], note: null }] };
    expect(vanishedWindow(opened, closedThatDay, now, noHolidays)).toEqual({ kind: 'onlineEnd', at: now.getTime() });
  });

  it('owes nothing while the window is still there, after an end, or before any edge', () => {
    expect(vanishedWindow(opened, DEFAULT_SCHEDULE, now, noHolidays)).toBeNull();
    expect(vanishedWindow({ ...opened, kind: 'onlineEnd' }, DEFAULT_SCHEDULE, now, noHolidays)).toBeNull();
    expect(vanishedWindow(undefined, DEFAULT_SCHEDULE, now, noHolidays)).toBeNull();
  });
});

describe('sleepUntilNextEdge', () => {
  it('sleeps until the next edge, but never longer than the cap', () => {
    expect(sleepUntilNextEdge(DEFAULT_SCHEDULE, OPEN_AT - 60_000, noHolidays)).toBe(60_000);
    expect(sleepUntilNextEdge(DEFAULT_SCHEDULE, OPEN_AT - 3 * 3_600_000, noHolidays)).toBe(MAX_SLEEP_MS);
    // 85 minutes after online opened, its close at 11:00 is 5 minutes away.
    expect(sleepUntilNextEdge(DEFAULT_SCHEDULE, OPEN_AT + 85 * 60_000, noHolidays)).toBe(5 * 60_000);
  });

  it('wakes at the cap when the calendar has no edge ahead', () => {
    const closed = { ...DEFAULT_SCHEDULE, weekly: DEFAULT_SCHEDULE.weekly.map(() => []) };
    expect(sleepUntilNextEdge(closed, OPEN_AT, noHolidays)).toBe(MAX_SLEEP_MS);
  });
});
