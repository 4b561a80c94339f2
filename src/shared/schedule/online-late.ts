/**
 * Online reception closes on time (issue 35, docs/decisions/050-online-closes-on-time.md), pure: with the
 * clinic's setting on, online reception ends early once a newcomer's expected start — the time the book
 * screen shows them (「〇時〇分ごろ」: waitRange's `expectedAt` for `ahead` = the people waiting now) — falls
 * after the current consultation period's end minus the clinic's margin. The server applies it
 * (src/server/domain/schedule/online-late/apply.ts), at most once per period.
 */
import { type WaitEstimate, waitRange } from '../estimate/range.js';
import { tokyoDateAndTime, tokyoInstant } from './calendar.js';
import { type HolidayLookup, daySchedule, dueEdges, edgeFamily } from './rules.js';
import type { ClinicSchedule } from './types.js';

export interface LateFacts {
  now: number;
  schedule: ClinicSchedule;
  holidays: HolidayLookup;
  onlineOn: boolean;
  /** The runtime row's last manual switch of online reception (ISO), or null. */
  onlineManualAt: string | null;
  /** The pace the live queue snapshot carries (null: nothing honest to say yet, so nothing closes). */
  estimate: WaitEstimate | null;
  /** People waiting now (the snapshot's currentWaitCount): a newcomer's `ahead`. */
  waiting: number;
}

/** A consultation period of today as instants. */
export interface PeriodSpan {
  start: number;
  end: number;
}

export type LateDecision =
  | { close: false; why: 'off' | 'onlineOff' | 'noPeriod' | 'manual' | 'noEstimate' | 'inTime' }
  | { close: true; why: 'late'; period: PeriodSpan; expectedAt: string; deadline: number };

/** The consultation period (診療時間, not the online window) that `now` falls in, or null between periods. */
export function currentPeriod(schedule: ClinicSchedule, now: number, holidays: HolidayLookup): PeriodSpan | null {
  const day = daySchedule(schedule, tokyoDateAndTime(now).date, holidays);
  for (const p of day.periods) {
    const span = { start: tokyoInstant(day.date, p.start), end: tokyoInstant(day.date, p.end) };
    if (span.start <= now && now < span.end) return span;
  }
  return null;
}

/** "Close now", or why not. Whether this period was closed already is the store's to know (a schedule_edges row). */
export function decideLateClose(f: LateFacts): LateDecision {
  const { closeOnlineWhenLate, lateMarginMinutes } = f.schedule.settings;
  if (!closeOnlineWhenLate) return { close: false, why: 'off' };
  if (!f.onlineOn) return { close: false, why: 'onlineOff' };
  const period = currentPeriod(f.schedule, f.now, f.holidays);
  if (!period) return { close: false, why: 'noPeriod' };
  // A hand on the online switch stands until the calendar's next edge, against this close as against an edge.
  const lastEdge = dueEdges(f.schedule, f.now, f.holidays).filter((e) => edgeFamily(e.kind) === 'online').at(-1);
  if (f.onlineManualAt !== null && (!lastEdge || Date.parse(f.onlineManualAt) > lastEdge.at)) return { close: false, why: 'manual' };
  if (!f.estimate) return { close: false, why: 'noEstimate' };
  const { expectedAt } = waitRange(f.estimate, f.waiting, new Date(f.now))!;
  const deadline = period.end - lateMarginMinutes * 60_000;
  if (Date.parse(expectedAt) <= deadline) return { close: false, why: 'inTime' };
  return { close: true, why: 'late', period, expectedAt, deadline };
}
