/**
 * How the clinic calendar's times and dates read on screen, for patients and staff alike. Only wording:
 * which hours a day has and when reception next opens are the server's answers (src/shared/schedule),
 * never worked out again here.
 */
import { t } from './language.js';
import { names } from '../../shared/time/tokyo.js';
import type { NextOpening, Period, PublicSchedule } from '../../shared/schedule/types.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** '09:30' → '9:30', as clinics print their hours. */
export function clockText(hhmm: string): string {
  return hhmm.replace(/^0(\d)/, '$1');
}

/** '9:00〜11:30 ／ 16:30〜19:00'. */
export function rangesText(periods: readonly Period[]): string {
  return periods
    .map((p) => t('schedule.range', { start: clockText(p.start), end: clockText(p.end) }))
    .join(t('schedule.separator'));
}

/**
 * A calendar date ('YYYY-MM-DD') read as a UTC midnight: dates carry no zone, so stepping and weekdays
 * come out the same on a phone in any zone.
 */
function dateAsUtc(date: string): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

export function addDays(date: string, n: number): string {
  return new Date(dateAsUtc(date).getTime() + n * DAY_MS).toISOString().slice(0, 10);
}

export function weekdayOf(date: string): number {
  return dateAsUtc(date).getUTCDay();
}

export function weekdayLetter(weekday: number): string {
  return names(t('date.weekdays'))[weekday]!;
}

/** '11/25(水)'. */
export function shortDate(date: string): string {
  const [, m, d] = date.split('-').map(Number);
  return t('schedule.date', { month: m!, day: d!, weekday: weekdayLetter(weekdayOf(date)) });
}

/** 「次回のオンライン受付：本日 17:00から」, 「明日 9:30から」 or 「11/25(水) 9:30から」. */
export function nextOpeningText(next: NextOpening, today: string): string {
  const day =
    next.date === today ? t('schedule.today') : next.date === addDays(today, 1) ? t('schedule.tomorrow') : shortDate(next.date);
  return t('schedule.next', { day, time: clockText(next.start) });
}

/** The 30-minute rule in the clinic's own minutes; null when online reception spans the whole period. */
export function offsetsNote({ openAfterStartMinutes: after, closeBeforeEndMinutes: before }: PublicSchedule['offsets']): string | null {
  if (after > 0 && before > 0) return t('schedule.noteBoth', { after, before });
  if (after > 0) return t('schedule.noteAfter', { after });
  if (before > 0) return t('schedule.noteBefore', { before });
  return null;
}

/** The full list's footer (「オンライン予約は診察開始30分後から可能です。」) in the clinic's own minutes. */
export function openAfterText({ openAfterStartMinutes: after }: PublicSchedule['offsets']): string {
  return after > 0 ? t('schedule.footerAfter', { after }) : t('schedule.footerAtStart');
}
