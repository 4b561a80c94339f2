/**
 * What staff may save: periods that end after they start, do not overlap, and leave an online window
 * once the offsets are applied. A problem names where it is (曜日 or date) for the staff message.
 */
import { staffLabels, type StaffKey } from '../labels/staff.js';
import { label } from '../labels/text.js';
import { minutesOf, weekdayOf } from './calendar.js';
import { onlineWindow } from './rules.js';
import type { ClinicSchedule, Period, ScheduleSettings } from './types.js';

export interface ScheduleProblem {
  key: StaffKey;
  params: Record<string, string | number>;
}

/** Periods in start order: what is stored, whatever order they were typed in. */
export const sortPeriods = (periods: Period[]): Period[] =>
  [...periods].sort((a, b) => minutesOf(a.start) - minutesOf(b.start));

export const weekdayWhere = (weekday: number) => `${Array.from(label(staffLabels, 'ja', 'date.weekdays'))[weekday]}曜日`;
export const dateWhere = (date: string) =>
  `${Number(date.slice(5, 7))}/${Number(date.slice(8, 10))}(${Array.from(label(staffLabels, 'ja', 'date.weekdays'))[weekdayOf(date)]})`;

export function periodsProblem(periods: Period[], settings: ScheduleSettings, where: string): ScheduleProblem | null {
  const sorted = sortPeriods(periods);
  for (const p of sorted) {
    if (minutesOf(p.end) <= minutesOf(p.start)) {
      return { key: 'schedule.error.endBeforeStart', params: { where, start: p.start, end: p.end } };
    }
  }
  for (let i = 1; i < sorted.length; i++) {
    if (minutesOf(sorted[i].start) < minutesOf(sorted[i - 1].end)) {
      const [a, b] = [sorted[i - 1], sorted[i]];
      return { key: 'schedule.error.overlap', params: { where, first: `${a.start}〜${a.end}`, second: `${b.start}〜${b.end}` } };
    }
  }
  for (const p of sorted) {
    if (!onlineWindow(p, settings)) {
      return {
        key: 'schedule.error.emptyWindow',
        params: { where, start: p.start, end: p.end, open: settings.openAfterStartMinutes, close: settings.closeBeforeEndMinutes },
      };
    }
  }
  return null;
}

/** The first problem of a whole calendar (weekly hours, then overrides), or null when it may be saved. */
export function scheduleProblem(schedule: ClinicSchedule): ScheduleProblem | null {
  for (let weekday = 0; weekday < 7; weekday++) {
    const problem = periodsProblem(schedule.weekly[weekday], schedule.settings, weekdayWhere(weekday));
    if (problem) return problem;
  }
  for (const o of schedule.overrides) {
    const problem = periodsProblem(o.periods, schedule.settings, dateWhere(o.date));
    if (problem) return problem;
  }
  return null;
}
