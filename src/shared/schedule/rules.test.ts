/** The calendar's pure rules, with a small holiday table (the dataset is tested in the server's holidays.test.ts). */
import { describe, expect, it } from 'vitest';
import { daySchedule, daysFrom, dueEdges, edgesOfDays, monthSchedule, nextEdge, nextOpening } from './rules.js';
import { scheduleProblem } from './validate.js';
import { type ClinicSchedule, DEFAULT_SCHEDULE } from './types.js';

const holidays = (date: string) => ({ '2026-11-23': '勤労感謝の日', '2026-05-06': 'こどもの日 振替休日' } as Record<string, string>)[date] ?? null;
const at = (local: string) => Date.parse(`${local}+09:00`);
const withChanges = (changes: Partial<ClinicSchedule>): ClinicSchedule => ({ ...DEFAULT_SCHEDULE, ...changes });

describe('a date as the calendar makes it', () => {
  it('weekly hours, then the holiday, then the holiday opening, then the override', () => {
    expect(daySchedule(DEFAULT_SCHEDULE, '2026-11-24', holidays)).toMatchObject({
      weekday: 2,
      holidayName: null,
      periods: [{ start: '09:00', end: '11:30' }, { start: '16:30', end: '19:00' }],
      online: [{ start: '09:30', end: '11:00' }, { start: '17:00', end: '18:30' }],
      closedReason: null,
    });
    expect(daySchedule(DEFAULT_SCHEDULE, '2026-11-22', holidays)).toMatchObject({ weekday: 0, periods: [], online: [], closedReason: 'weekly' });
    expect(daySchedule(DEFAULT_SCHEDULE, '2026-11-23', holidays)).toMatchObject({ holidayName: '勤労感謝の日', periods: [], closedReason: 'holiday' });
    const opened = withChanges({ holidayOpenings: ['2026-11-23'] });
    expect(daySchedule(opened, '2026-11-23', holidays)).toMatchObject({ holidayName: '勤労感謝の日', closedReason: null, online: DEFAULT_SCHEDULE.weekly[1].map(() => expect.anything()) });
    const overridden = withChanges({
      holidayOpenings: ['2026-11-23'],
      overrides: [
        { date: '2026-11-23', periods: [], note: '臨時休診' },
        { date: '2026-11-28', periods: [{ start: '09:00', end: '12:00' }], note: '11/28は午前のみの診療です' },
      ],
    });
    expect(daySchedule(overridden, '2026-11-23', holidays)).toMatchObject({ periods: [], closedReason: 'override', note: '臨時休診' });
    expect(daySchedule(overridden, '2026-11-28', holidays)).toMatchObject({ online: [{ start: '09:30', end: '11:30' }], note: '11/28は午前のみの診療です' });
  });

  it('the week ahead and a month', () => {
    expect(daysFrom(DEFAULT_SCHEDULE, '2026-12-29', 7, holidays).map((d) => d.date)).toEqual([
      '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04',
    ]);
    expect(monthSchedule(DEFAULT_SCHEDULE, '2028-02', holidays)).toHaveLength(29);
    expect(monthSchedule(DEFAULT_SCHEDULE, '2026-02', holidays).at(-1)?.date).toBe('2026-02-28');
  });
});

describe('the next opening', () => {
  it('is later today, tomorrow morning, or after a closed Sunday and holiday', () => {
    expect(nextOpening(DEFAULT_SCHEDULE, at('2026-11-24T08:00'), holidays)).toEqual({ date: '2026-11-24', start: '09:30' });
    expect(nextOpening(DEFAULT_SCHEDULE, at('2026-11-24T09:30'), holidays)).toEqual({ date: '2026-11-24', start: '17:00' });
    expect(nextOpening(DEFAULT_SCHEDULE, at('2026-11-24T18:00'), holidays)).toEqual({ date: '2026-11-25', start: '09:30' });
    // Saturday evening → Sunday closed → Monday 11/23 a holiday → Tuesday.
    expect(nextOpening(DEFAULT_SCHEDULE, at('2026-11-21T19:00'), holidays)).toEqual({ date: '2026-11-24', start: '09:30' });
  });

  it('is null when nothing opens within the horizon', () => {
    expect(nextOpening(withChanges({ weekly: [[], [], [], [], [], [], []] }), at('2026-11-24T08:00'), holidays)).toBeNull();
  });
});

describe('edges', () => {
  it('online edges in order; in-house edges only with autoInhouse, opening before online and closing after it', () => {
    const kinds = (s: ClinicSchedule) => edgesOfDays(s, '2026-11-24', 1, holidays).map((e) => e.kind);
    expect(kinds(DEFAULT_SCHEDULE)).toEqual(['onlineStart', 'onlineEnd', 'onlineStart', 'onlineEnd']);
    const auto = withChanges({ settings: { ...DEFAULT_SCHEDULE.settings, autoInhouse: true, openAfterStartMinutes: 0, closeBeforeEndMinutes: 0 } });
    expect(kinds(auto)).toEqual(['inhouseStart', 'onlineStart', 'onlineEnd', 'inhouseEnd', 'inhouseStart', 'onlineStart', 'onlineEnd', 'inhouseEnd']);
  });

  it('due at an instant: only the latest of each family, so a start whose window ended is never due', () => {
    expect(dueEdges(DEFAULT_SCHEDULE, at('2026-11-24T10:00'), holidays)).toEqual([{ at: at('2026-11-24T09:30'), kind: 'onlineStart' }]);
    expect(dueEdges(DEFAULT_SCHEDULE, at('2026-11-24T12:00'), holidays)).toEqual([{ at: at('2026-11-24T11:00'), kind: 'onlineEnd' }]);
    expect(nextEdge(DEFAULT_SCHEDULE, at('2026-11-24T11:00'), holidays)).toEqual({ at: at('2026-11-24T17:00'), kind: 'onlineStart' });
    expect(nextEdge(DEFAULT_SCHEDULE, at('2026-11-21T18:30'), holidays)).toEqual({ at: at('2026-11-24T09:30'), kind: 'onlineStart' });
  });
});

describe('validation', () => {
  const monday = (periods: { start: string; end: string }[]) => withChanges({ weekly: DEFAULT_SCHEDULE.weekly.map((d, i) => (i === 1 ? periods : d)) });
  it('accepts the default and periods typed out of order', () => {
    expect(scheduleProblem(DEFAULT_SCHEDULE)).toBeNull();
    expect(scheduleProblem(monday([{ start: '16:30', end: '19:00' }, { start: '09:00', end: '11:30' }]))).toBeNull();
  });
  it('names the weekday or date and the period of each problem', () => {
    expect(scheduleProblem(monday([{ start: '09:00', end: '09:00' }]))).toEqual({ key: 'schedule.error.endBeforeStart', params: { where: '月曜日', start: '09:00', end: '09:00' } });
    expect(scheduleProblem(monday([{ start: '12:00', end: '15:00' }, { start: '09:00', end: '12:30' }]))?.params).toEqual({ where: '月曜日', first: '09:00〜12:30', second: '12:00〜15:00' });
    expect(scheduleProblem(monday([{ start: '09:00', end: '10:00' }]))?.key).toBe('schedule.error.emptyWindow');
    expect(scheduleProblem(withChanges({ overrides: [{ date: '2026-11-28', periods: [{ start: '09:00', end: '09:59' }], note: null }] }))?.params.where).toBe('11/28(土)');
  });
});
