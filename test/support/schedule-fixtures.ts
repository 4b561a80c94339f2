/**
 * Calendar answers as the server gives them, for the screens' component tests: the shapes of
 * src/shared/schedule/types.ts filled by hand, so a test reads what the patient or receptionist is shown.
 */
import type { DaySchedule, Period, PublicSchedule } from '../../src/shared/schedule/types.js';

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
    version: 3,
    ...over,
  };
}
