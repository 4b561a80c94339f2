import { describe, expect, it } from 'vitest';
import { blendEstimate, HISTORY_WEIGHT, MIN_SESSION_INTERVALS } from './blend.js';
import { sessionKind } from './history.js';
import { historyPace, paceOf, PAUSE_MIN_MINUTES, sessionPace, startIntervals } from './pace.js';
import { todayFacts } from './today.js';
import type { SlotFields } from '../../../shared/queue/slot.js';

const T0 = Date.parse('2026-11-23T00:00:00.000Z'); // 09:00 Tokyo, a Monday
/** Start times (ISO) after the given minute gaps. */
function startsAfter(gaps: number[]): string[] {
  let at = T0;
  return [new Date(at).toISOString(), ...gaps.map((g) => new Date((at += g * 60_000)).toISOString())];
}

describe('startIntervals', () => {
  it('gives the minutes between starts in time order, whatever order they come in', () => {
    const starts = startsAfter([5, 4, 6]);
    expect(startIntervals([starts[2]!, starts[0]!, starts[3]!, starts[1]!])).toEqual([5, 4, 6]);
  });

  it('drops pauses: a gap over the bound is a break, not a pace', () => {
    expect(startIntervals(startsAfter([5, 4, 40, 6, 5]))).toEqual([5, 4, 6, 5]);
    // The bound is at least PAUSE_MIN_MINUTES, so a slow but steady doctor keeps all gaps.
    expect(startIntervals(startsAfter([12, 14, PAUSE_MIN_MINUTES, 13]))).toEqual([12, 14, PAUSE_MIN_MINUTES, 13]);
  });

  it('has no interval before the second start', () => {
    expect(startIntervals([])).toEqual([]);
    expect(startIntervals(startsAfter([]))).toEqual([]);
  });
});

describe('paceOf', () => {
  it('follows the latest intervals only', () => {
    const early = Array(20).fill(10);
    const late = Array(12).fill(4);
    expect(paceOf([...early, ...late])!.mean).toBe(4);
  });

  it('is not thrown far by one long case once pauses are dropped', () => {
    const gaps = [5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 14];
    const pace = paceOf(gaps)!;
    expect(pace.mean).toBeCloseTo(5.75, 2);
    expect(pace.spread).toBeGreaterThan(2);
  });

  it('never claims a spread below 30 % of the pace from a few identical intervals', () => {
    expect(paceOf([5, 5, 5])!.spread).toBeCloseTo(1.5, 5);
  });

  it('is null with no interval', () => {
    expect(paceOf([])).toBeNull();
  });
});

describe('sessionPace (history)', () => {
  it('keeps short pauses in the mean but not in the spread, and leaves out a long break', () => {
    const pace = sessionPace(startsAfter([5, 5, 5, 5, 20, 5, 5, 5, 5, 90, 5]))!;
    // 20 is a pause for today's rules but part of the session's real pace; 90 (a long break) is not.
    expect(pace.mean).toBeCloseTo(65 / 10, 5);
    expect(pace.spread).toBeCloseTo(1.5, 5);
  });
});

describe('historyPace', () => {
  it('takes the median session, so one odd day does not move it', () => {
    const s = (mean: number) => ({ mean, spread: 2, count: 30 });
    const h = historyPace([s(5), s(5.5), s(4.5), s(15)])!;
    expect(h.median).toBe(5.25);
    expect(h.sessions).toBe(4);
  });

  it('ignores sessions with too few starts to say anything', () => {
    expect(historyPace([{ mean: 3, spread: 1, count: 2 }])).toBeNull();
  });
});

describe('blendEstimate', () => {
  const history = { median: 6, spread: 2, dayToDay: 0.1, sessions: 6 };
  const today = (mean: number, count: number) => ({ mean, spread: 1.5, count });

  it('says nothing with neither history nor pace', () => {
    expect(blendEstimate({ today: null, history: null, lastStartAt: null })).toBeNull();
    // Two intervals alone are not a pace yet.
    expect(blendEstimate({ today: today(4, MIN_SESSION_INTERVALS - 1), history: null, lastStartAt: null })).toBeNull();
  });

  it('uses history alone in a fresh session', () => {
    const e = blendEstimate({ today: null, history, lastStartAt: null })!;
    expect(e).toMatchObject({ minutesPerPerson: 6, spreadMinutes: 2, basis: 'history', lastStartAt: null });
    expect(e.paceError).toBe(0.1);
  });

  it('uses today alone when there is no history', () => {
    const e = blendEstimate({ today: today(4, 9), history: null, lastStartAt: '2026-11-23T01:00:00.000Z' })!;
    expect(e).toMatchObject({ minutesPerPerson: 4, basis: 'session', lastStartAt: '2026-11-23T01:00:00.000Z' });
  });

  it('moves from history towards today as starts come in', () => {
    const few = blendEstimate({ today: today(4, 2), history, lastStartAt: null })!;
    const many = blendEstimate({ today: today(4, 12), history, lastStartAt: null })!;
    expect(few.basis).toBe('blend');
    expect(few.minutesPerPerson).toBeCloseTo((2 * 4 + HISTORY_WEIGHT * 6) / (2 + HISTORY_WEIGHT), 2);
    expect(many.minutesPerPerson).toBeLessThan(few.minutesPerPerson);
    expect(many.minutesPerPerson).toBeGreaterThan(4);
  });
});

describe('todayFacts', () => {
  const slot = (n: number, startedAt: string | null, extra: Partial<SlotFields> = {}) =>
    ({ reservationNumber: n, isReceptionAccepted: startedAt !== null, receptionAcceptedAt: startedAt, canceled: false, ...extra }) as SlotFields;

  it('calls the number started last, not the highest number', () => {
    const facts = todayFacts([slot(3, '2026-11-23T00:10:00.000Z'), slot(5, '2026-11-23T00:05:00.000Z'), slot(6, null)]);
    expect(facts).toMatchObject({ nowCalling: 3, lastStartAt: '2026-11-23T00:10:00.000Z' });
    expect(facts.starts).toHaveLength(2);
  });

  it('moves back when a start is undone (the row has no start any more), and is null before any start', () => {
    expect(todayFacts([slot(3, null), slot(5, '2026-11-23T00:05:00.000Z')]).nowCalling).toBe(5);
    expect(todayFacts([slot(1, null)])).toEqual({ nowCalling: null, lastStartAt: null, starts: [] });
  });

  it('leaves held rows out until they are started', () => {
    const held = slot(2, null, { hold: true, holdAt: '2026-11-23T00:07:00.000Z' });
    expect(todayFacts([slot(1, '2026-11-23T00:01:00.000Z'), held]).nowCalling).toBe(1);
  });
});

describe('sessionKind', () => {
  it('reads the Tokyo weekday and half-day, whatever the server zone', () => {
    // 23:30 UTC on Sunday is 08:30 on Monday in Tokyo.
    expect(sessionKind('2026-11-22T23:30:00.000Z')).toEqual({ weekday: 1, period: 'morning' });
    // 03:00 UTC is noon in Tokyo: the afternoon.
    expect(sessionKind('2026-11-23T03:00:00.000Z')).toEqual({ weekday: 1, period: 'afternoon' });
    expect(sessionKind('2026-11-23T08:30:00.000Z')).toEqual({ weekday: 1, period: 'afternoon' });
  });
});
