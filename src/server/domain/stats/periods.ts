/**
 * The calendar of the statistics: a day, a week (Monday to Sunday, as Japanese work calendars run) or a
 * month, always of Tokyo days. Japan has no daylight saving, so a Tokyo day is exactly [00:00+09, 24:00+09).
 */
import type { StatsPeriod } from '../../../shared/schemas/stats.js';

const TOKYO_OFFSET_MS = 9 * 3600_000;
const DAY_MS = 24 * 3600_000;

export interface DayRange {
  /** First and last Tokyo day, inclusive (yyyy-mm-dd). */
  from: string;
  to: string;
  /** The instants bounding those days, ISO UTC text: [startIso, endIso). */
  startIso: string;
  endIso: string;
}

/** A yyyy-mm-dd day as the UTC midnight of the same calendar date (calendar arithmetic only). */
const calendar = (day: string) => Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)));
const dayText = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Tokyo days [from, to], both inclusive, as a range of instants. */
export function daysRange(from: string, to: string): DayRange {
  return {
    from,
    to,
    startIso: new Date(calendar(from) - TOKYO_OFFSET_MS).toISOString(),
    endIso: new Date(calendar(to) + DAY_MS - TOKYO_OFFSET_MS).toISOString(),
  };
}

/** The day, week or month containing `date`. */
export function periodRange(period: StatsPeriod, date: string): DayRange {
  const at = calendar(date);
  if (period === 'day') return daysRange(date, date);
  if (period === 'week') {
    const monday = at - ((new Date(at).getUTCDay() + 6) % 7) * DAY_MS;
    return daysRange(dayText(monday), dayText(monday + 6 * DAY_MS));
  }
  const d = new Date(at);
  const first = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  const last = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1) - DAY_MS;
  return daysRange(dayText(first), dayText(last));
}

/** The period just before the one containing `date`. */
export function previousPeriod(period: StatsPeriod, date: string): DayRange {
  const current = periodRange(period, date);
  return periodRange(period, dayText(calendar(current.from) - DAY_MS));
}

/** The Tokyo day of an instant, its weekday (0 Sunday) and its minute of the day. */
export function tokyoClock(iso: string): { day: string; weekday: number; minute: number } {
  const shifted = new Date(Date.parse(iso) + TOKYO_OFFSET_MS);
  return {
    day: shifted.toISOString().slice(0, 10),
    weekday: shifted.getUTCDay(),
    minute: shifted.getUTCHours() * 60 + shifted.getUTCMinutes(),
  };
}

