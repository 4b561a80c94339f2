/** Online reception closes on time, the pure rule: no store, no clock but the one given. */
import { describe, expect, it } from 'vitest';
import { type WaitEstimate, waitRange } from '../estimate/range.js';
import { currentPeriod, decideLateClose, type LateFacts } from './online-late.js';
import { DEFAULT_SCHEDULE } from './types.js';

const noHolidays = () => null;
/** Tuesday 2026-11-24 in Tokyo: periods 9:00–11:30 and 16:30–19:00, online 9:30–11:00 and 17:00–18:30. */
const at = (hhmm: string) => Date.parse(`2026-11-24T${hhmm}:00+09:00`);
const iso = (hhmm: string) => new Date(at(hhmm)).toISOString();
// 5 minutes a person, the one being seen just started at 10:00 (so a newcomer waits waiting × 5 + 5 minutes).
const estimate: WaitEstimate = { minutesPerPerson: 5, spreadMinutes: 1, paceError: 0.05, lastStartAt: iso('10:00'), basis: 'session' };
const on = { ...DEFAULT_SCHEDULE, settings: { ...DEFAULT_SCHEDULE.settings, closeOnlineWhenLate: true, lateMarginMinutes: 15 } };
const facts = (over: Partial<LateFacts> = {}): LateFacts => ({
  now: at('10:00'),
  schedule: on,
  holidays: noHolidays,
  onlineOn: true,
  onlineManualAt: null,
  estimate,
  waiting: 10,
  ...over,
});

describe('the consultation period now', () => {
  it('is the period (not the online window) that holds the instant, or none between periods', () => {
    expect(currentPeriod(DEFAULT_SCHEDULE, at('09:10'), noHolidays)).toEqual({ start: at('09:00'), end: at('11:30') });
    expect(currentPeriod(DEFAULT_SCHEDULE, at('11:15'), noHolidays)).toEqual({ start: at('09:00'), end: at('11:30') });
    expect(currentPeriod(DEFAULT_SCHEDULE, at('11:30'), noHolidays)).toBeNull();
    expect(currentPeriod(DEFAULT_SCHEDULE, at('17:00'), noHolidays)).toEqual({ start: at('16:30'), end: at('19:00') });
    expect(currentPeriod(DEFAULT_SCHEDULE, Date.parse('2026-11-22T10:00:00+09:00'), noHolidays)).toBeNull(); // Sunday
  });
});

describe('closing online reception on time', () => {
  it("closes once a newcomer's expected start falls after the period's end minus the margin", () => {
    // 10:00 + 10 × 5 + 5 = 10:55 ≤ 11:15: in time. 25 waiting: 10:00 + 130 min = 12:10 > 11:15.
    expect(decideLateClose(facts())).toEqual({ close: false, why: 'inTime' });
    expect(decideLateClose(facts({ waiting: 25 }))).toEqual({
      close: true,
      why: 'late',
      period: { start: at('09:00'), end: at('11:30') },
      expectedAt: iso('12:10'),
      deadline: at('11:15'),
    });
  });

  it('compares the very time patients are shown, the edge itself still in time', () => {
    // 14 waiting: 10:00 + 75 = 11:15, exactly the deadline: in time; 15 waiting: 11:20, after it.
    expect(waitRange(estimate, 14, new Date(at('10:00')))!.expectedAt).toBe(iso('11:15'));
    expect(decideLateClose(facts({ waiting: 14 })).close).toBe(false);
    expect(decideLateClose(facts({ waiting: 15 })).close).toBe(true);
    // With no margin the deadline is the period's end (11:30): 15 waiting is then in time.
    const noMargin = { ...on, settings: { ...on.settings, lateMarginMinutes: 0 } };
    expect(decideLateClose(facts({ waiting: 15, schedule: noMargin })).close).toBe(false);
    expect(decideLateClose(facts({ waiting: 18, schedule: noMargin })).close).toBe(true);
  });

  it('does nothing with the setting off (the default), online off, or between periods', () => {
    expect(decideLateClose(facts({ waiting: 100, schedule: DEFAULT_SCHEDULE }))).toEqual({ close: false, why: 'off' });
    expect(decideLateClose(facts({ waiting: 100, onlineOn: false }))).toEqual({ close: false, why: 'onlineOff' });
    expect(decideLateClose(facts({ waiting: 100, now: at('12:00') }))).toEqual({ close: false, why: 'noPeriod' });
  });

  it('says nothing without an estimate (no pace yet: nothing honest to compare)', () => {
    expect(decideLateClose(facts({ waiting: 100, estimate: null }))).toEqual({ close: false, why: 'noEstimate' });
  });

  it("lets a hand on the online switch since the calendar's last online edge stand", () => {
    // Staff reopened at 10:20, after the 9:30 start: the close waits for the next edge.
    expect(decideLateClose(facts({ waiting: 100, now: at('10:30'), onlineManualAt: iso('10:20') }))).toEqual({ close: false, why: 'manual' });
    // A switch before the 9:30 edge (this morning at 9:10, or yesterday) does not.
    expect(decideLateClose(facts({ waiting: 100, onlineManualAt: iso('09:10') })).close).toBe(true);
    // Reopened at 11:10 after the 11:00 end (the period runs to 11:30): that stands too.
    expect(decideLateClose(facts({ waiting: 100, now: at('11:15'), onlineManualAt: iso('11:10') })).why).toBe('manual');
    // In the evening window the morning's hand is older than the 17:00 edge.
    expect(decideLateClose(facts({ waiting: 100, now: at('17:30'), onlineManualAt: iso('10:20') })).close).toBe(true);
  });
});
