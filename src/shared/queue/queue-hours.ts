/**
 * A queue's own opening hours (several queues, decision 061): weekly periods in Tokyo wall-clock time, e.g.
 * 予防接種 on Tuesday and Thursday afternoons. null hours = the queue is open whenever the clinic is (its
 * calendar decides). A period is [from, to): `to` may be '24:00' (to the end of that day); a period never runs
 * past midnight (one that would is two: 22:00–24:00 on one day, 00:00–02:00 on the next). No zod here:
 * screens import it; the payload's schema is src/shared/schemas/queues.ts.
 */
import { tokyoWeekdayMinute } from '../time/tokyo.js';

export interface QueuePeriod {
  /** Tokyo weekdays, 0 = Sunday … 6 = Saturday, at least one. */
  days: number[];
  /** 'HH:MM', 00:00–23:59. */
  from: string;
  /** 'HH:MM' after `from`, up to '24:00'. */
  to: string;
}

/** Own weekly periods, or null: the clinic's calendar. */
export type QueueHours = QueuePeriod[] | null;

/** At most this many periods per queue. */
export const QUEUE_PERIODS_MAX = 14;

/** 'HH:MM' as minutes of the day ('24:00' = 1440). */
export const minuteOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** Whether the queue takes numbers at `now` by its own hours (null: always, the clinic's calendar decides). */
export function queueOpenAt(hours: QueueHours, now: Date | string | number): boolean {
  if (hours === null) return true;
  const { weekday, minute } = tokyoWeekdayMinute(now);
  return hours.some((p) => p.days.includes(weekday) && minuteOf(p.from) <= minute && minute < minuteOf(p.to));
}

/**
 * The next instant after `now` at which a period of `hours` opens or closes (null: none within a week, or
 * no own hours): when a screen's "open" must be read again though nothing was written.
 */
export function nextHoursEdge(hours: QueueHours, now: Date | string | number): Date | null {
  if (hours === null) return null;
  const at = new Date(now).getTime();
  const { weekday, minute } = tokyoWeekdayMinute(at);
  // The start of the current Tokyo minute, then whole minutes from it: Tokyo keeps no daylight saving.
  const minuteStart = Math.floor(at / 60_000) * 60_000;
  let best: number | null = null;
  for (const p of hours) {
    for (const edge of [minuteOf(p.from), minuteOf(p.to)]) {
      for (const day of p.days) {
        // Minutes from now's minute to this edge on that weekday, 0 … one week ahead.
        let ahead = ((day - weekday + 7) % 7) * 1440 + edge - minute;
        if (ahead <= 0) ahead += 7 * 1440;
        const t = minuteStart + ahead * 60_000;
        if (best === null || t < best) best = t;
      }
    }
  }
  return best === null ? null : new Date(best);
}
