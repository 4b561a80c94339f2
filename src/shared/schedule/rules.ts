/**
 * The clinic calendar's rules, pure: which hours a Tokyo date has, its online windows, the next opening,
 * the week ahead, a month, and the instants at which reception switches. No I/O: public holidays come in
 * as a lookup (the server's dataset), so the same rules serve the server and any screen.
 */
import { addDays, datesOfMonth, hhmmOf, minutesOf, tokyoDateAndTime, tokyoInstant, weekdayOf } from './calendar.js';
import type { ClinicSchedule, DaySchedule, NextOpening, Period, ScheduleSettings } from './types.js';

/** The public holiday's name on a Tokyo date, or null. */
export type HolidayLookup = (date: string) => string | null;

/** A period's online window (start + offset to end − offset), or null when the offsets leave nothing. */
export function onlineWindow(period: Period, settings: ScheduleSettings): Period | null {
  const start = minutesOf(period.start) + settings.openAfterStartMinutes;
  const end = minutesOf(period.end) - settings.closeBeforeEndMinutes;
  return start < end ? { start: hhmmOf(start), end: hhmmOf(end) } : null;
}

export function onlineWindows(periods: Period[], settings: ScheduleSettings): Period[] {
  return periods.map((p) => onlineWindow(p, settings)).filter((w): w is Period => w !== null);
}

/** A date as the calendar makes it: the week's hours, closed on a holiday unless opened, then the override. */
export function daySchedule(schedule: ClinicSchedule, date: string, holidays: HolidayLookup): DaySchedule {
  const weekday = weekdayOf(date);
  const holidayName = holidays(date);
  let periods = schedule.weekly[weekday];
  let closedReason: DaySchedule['closedReason'] = periods.length === 0 ? 'weekly' : null;
  if (holidayName !== null && !schedule.holidayOpenings.includes(date)) {
    periods = [];
    closedReason = 'holiday';
  }
  const override = schedule.overrides.find((o) => o.date === date);
  if (override) {
    periods = override.periods;
    closedReason = periods.length === 0 ? 'override' : null;
  }
  return {
    date,
    weekday,
    holidayName,
    periods,
    online: onlineWindows(periods, schedule.settings),
    closedReason,
    note: override?.note ?? null,
  };
}

/** `count` days from `from` (a Tokyo date), the calendar applied. */
export function daysFrom(schedule: ClinicSchedule, from: string, count: number, holidays: HolidayLookup): DaySchedule[] {
  return Array.from({ length: count }, (_, i) => daySchedule(schedule, addDays(from, i), holidays));
}

/** Every day of a month 'YYYY-MM'. */
export function monthSchedule(schedule: ClinicSchedule, month: string, holidays: HolidayLookup): DaySchedule[] {
  return datesOfMonth(month).map((date) => daySchedule(schedule, date, holidays));
}

/** How far ahead the next opening is looked for: past that, the clinic shows none (a long closure). */
export const OPENING_HORIZON_DAYS = 62;

/** The first online window that opens after `now` (strictly), Tokyo date and time; null within the horizon. */
export function nextOpening(schedule: ClinicSchedule, now: number, holidays: HolidayLookup): NextOpening | null {
  const today = tokyoDateAndTime(now).date;
  for (let i = 0; i <= OPENING_HORIZON_DAYS; i++) {
    const day = daySchedule(schedule, addDays(today, i), holidays);
    const window = day.online.find((w) => tokyoInstant(day.date, w.start) > now);
    if (window) return { date: day.date, start: window.start };
  }
  return null;
}

/**
 * What the server does at an instant. Online edges always; in-house edges only with `autoInhouse`. At one
 * instant ends come before starts, and in-house opens before online and closes after it.
 */
export type EdgeKind = 'onlineEnd' | 'inhouseEnd' | 'inhouseStart' | 'onlineStart';
export const EDGE_ORDER: readonly EdgeKind[] = ['onlineEnd', 'inhouseEnd', 'inhouseStart', 'onlineStart'];

export interface Edge {
  at: number;
  kind: EdgeKind;
}

export const edgeFamily = (kind: EdgeKind): 'online' | 'inhouse' => (kind.startsWith('online') ? 'online' : 'inhouse');

/** Every edge of the Tokyo days `from` … `from + days − 1`, in time order. */
export function edgesOfDays(schedule: ClinicSchedule, from: string, days: number, holidays: HolidayLookup): Edge[] {
  const edges: Edge[] = [];
  for (const day of daysFrom(schedule, from, days, holidays)) {
    if (schedule.settings.autoInhouse) {
      for (const p of day.periods) {
        edges.push({ at: tokyoInstant(day.date, p.start), kind: 'inhouseStart' });
        edges.push({ at: tokyoInstant(day.date, p.end), kind: 'inhouseEnd' });
      }
    }
    for (const w of day.online) {
      edges.push({ at: tokyoInstant(day.date, w.start), kind: 'onlineStart' });
      edges.push({ at: tokyoInstant(day.date, w.end), kind: 'onlineEnd' });
    }
  }
  return edges.sort((a, b) => a.at - b.at || EDGE_ORDER.indexOf(a.kind) - EDGE_ORDER.indexOf(b.kind));
}

/** How far back a server that was down looks for the edge it missed. */
export const CATCH_UP_DAYS = 7;

/**
 * The edges due at `now`: for each family, only its latest edge at or before `now` (a start whose window
 * already ended is stale: its end is the later edge). Returned in the order they are applied.
 */
export function dueEdges(schedule: ClinicSchedule, now: number, holidays: HolidayLookup): Edge[] {
  const today = tokyoDateAndTime(now).date;
  const past = edgesOfDays(schedule, addDays(today, -CATCH_UP_DAYS), CATCH_UP_DAYS + 1, holidays).filter((e) => e.at <= now);
  const latest = new Map<string, Edge>();
  for (const edge of past) latest.set(edgeFamily(edge.kind), edge);
  return [...latest.values()].sort((a, b) => a.at - b.at || EDGE_ORDER.indexOf(a.kind) - EDGE_ORDER.indexOf(b.kind));
}

/** The first edge strictly after `now` within the opening horizon, or null. */
export function nextEdge(schedule: ClinicSchedule, now: number, holidays: HolidayLookup): Edge | null {
  const today = tokyoDateAndTime(now).date;
  for (let i = 0; i <= OPENING_HORIZON_DAYS; i++) {
    const edge = edgesOfDays(schedule, addDays(today, i), 1, holidays).find((e) => e.at > now);
    if (edge) return edge;
  }
  return null;
}
