/**
 * Calendar answers as the server gives them, for the screens' component tests: the shapes of
 * src/shared/schedule/types.ts filled by hand, so a test reads what the patient or receptionist is shown.
 */
import {
  DEFAULT_SCHEDULE,
  type DaySchedule,
  type Period,
  type PublicSchedule,
  type ScheduleForStaff,
  type ScheduleOverride,
} from '../../src/shared/schedule/types.js';

export const MORNING: Period = { start: '09:00', end: '11:30' };
export const EVENING: Period = { start: '16:30', end: '19:00' };
export const MORNING_ONLINE: Period = { start: '09:30', end: '11:00' };
export const EVENING_ONLINE: Period = { start: '17:00', end: '18:30' };

const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/** A regular open day (9:00–11:30, 16:30–19:00), unless `over` says otherwise. */
export function day(date: string, over: Partial<DaySchedule> = {}): DaySchedule {
  return {
    date,
    weekday: weekdayOf(date),
    holidayName: null,
    periods: [MORNING, EVENING],
    online: [MORNING_ONLINE, EVENING_ONLINE],
    closedReason: null,
    note: null,
    ...over,
  };
}

export const closedDay = (date: string, reason: DaySchedule['closedReason'], over: Partial<DaySchedule> = {}) =>
  day(date, { periods: [], online: [], closedReason: reason, ...over });

/**
 * The week from Tuesday 2026-11-24: Monday 11/23 was 勤労感謝の日, Sunday 11/29 closed, Saturday 11/28
 * morning only with a note.
 */
export function week(over: Partial<PublicSchedule> = {}): PublicSchedule {
  return {
    today: '2026-11-24',
    days: [
      day('2026-11-24'),
      day('2026-11-25'),
      day('2026-11-26', { periods: [MORNING], online: [MORNING_ONLINE] }),
      day('2026-11-27'),
      day('2026-11-28', { periods: [MORNING], online: [MORNING_ONLINE], note: '11/28は午前のみの診療です' }),
      closedDay('2026-11-29', 'weekly'),
      day('2026-11-30'),
    ],
    nextOpening: { date: '2026-11-24', start: '17:00' },
    offsets: { openAfterStartMinutes: 30, closeBeforeEndMinutes: 30 },
    version: 3,
    ...over,
  };
}

const ONLINE_OF: Record<string, Period> = { '09:00-11:30': MORNING_ONLINE, '16:30-19:00': EVENING_ONLINE };

/**
 * getSchedule's answer for a month of the default clinic, the holidays of November 2026 and the given
 * overrides applied by hand (only the default two periods get online windows here).
 */
export function staffMonth(month: string, overrides: ScheduleOverride[] = [], holidayOpenings: string[] = []): ScheduleForStaff {
  const holidays: Record<string, string> = { '2026-11-03': '文化の日', '2026-11-23': '勤労感謝の日' };
  const [y, m] = month.split('-').map(Number);
  const length = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  const days = Array.from({ length }, (_, i): DaySchedule => {
    const date = `${month}-${String(i + 1).padStart(2, '0')}`;
    const holidayName = holidays[date] ?? null;
    const override = overrides.find((o) => o.date === date);
    const periods = override ? override.periods : DEFAULT_SCHEDULE.weekly[weekdayOf(date)]!;
    if (override && periods.length === 0) return closedDay(date, 'override', { holidayName, note: override.note });
    if (!override && holidayName && !holidayOpenings.includes(date)) return closedDay(date, 'holiday', { holidayName });
    if (periods.length === 0) return closedDay(date, 'weekly', { holidayName });
    const online = periods.map((p) => ONLINE_OF[`${p.start}-${p.end}`]).filter((p): p is Period => Boolean(p));
    return day(date, { periods, online, holidayName, note: override?.note ?? null });
  });
  return { schedule: { ...DEFAULT_SCHEDULE, overrides, holidayOpenings }, days, version: 1 };
}
