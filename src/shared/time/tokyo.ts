/**
 * Times as the clinic reads them: always Tokyo, whatever the zone of the phone, the desk PC or the server
 * (day boundaries are Tokyo days). Japan has kept UTC+9 without daylight saving since 1951, so
 * a fixed offset is exact and spares us Intl time-zone data, which some in-app browsers ship incomplete.
 */
import { patientJa } from '../labels/patient-ja.js';
import { label, type Params } from '../labels/text.js';

/** Where a date's words come from: the patient screens pass their `t`, in the reader's language. */
export type DateWords = (key: 'date.pattern' | 'date.weekdays' | 'date.months', params?: Params) => string;

/** The staff screens' and the server's: Japanese. */
const japanese: DateWords = (key, params) => label({ ja: patientJa }, 'ja', key, params);

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

type Instant = Date | string | number;

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields in Tokyo, read from a Date shifted by +9 h with the UTC getters. */
function tokyoParts(at: Instant) {
  const shifted = new Date(new Date(at).getTime() + TOKYO_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    weekday: shifted.getUTCDay(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
    seconds: shifted.getUTCSeconds(),
  };
}

/** Names listed in one label: separated by spaces, or one character each (日月火…). */
/** A catalogue list: space-separated words (Sun Mon …), or one character each (日月火…). */
export const names = (list: string) => (/\s/.test(list) ? list.split(/\s+/) : Array.from(list));

/**
 * The Tokyo day in the pattern of the words' language: yyyy/mm/dd(曜), e.g. 2025/09/21(日), or in English
 * "Sun 21 Sep 2025" (docs/decisions/023). The day is Tokyo's whatever the language.
 */
export function tokyoDate(at: Instant, t: DateWords = japanese): string {
  const p = tokyoParts(at);
  return t('date.pattern', {
    yyyy: p.year,
    mm: pad(p.month),
    dd: pad(p.day),
    d: p.day,
    w: names(t('date.weekdays'))[p.weekday] ?? '',
    mon: names(t('date.months'))[p.month - 1] ?? '',
  });
}

/** hh:mm, or '' for a missing time (a column with nothing to show). */
export function tokyoHhmm(at: Instant | null): string {
  if (at === null) return '';
  const p = tokyoParts(at);
  return `${pad(p.hours)}:${pad(p.minutes)}`;
}

/** hh:mm:ss, for the clocks refreshed every second. */
export function tokyoHhmmss(at: Instant): string {
  const p = tokyoParts(at);
  return `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
}

/** yyyy/mm/dd(曜) hh:mm (the reservation card's date and time). */
export function tokyoDateTime(at: Instant, t: DateWords = japanese): string {
  return `${tokyoDate(at, t)} ${tokyoHhmm(at)}`;
}

/** The Tokyo calendar day as yyyy-mm-dd: reception sessions are per day, so "today" is a Tokyo day. */
export function tokyoDay(at: Instant): string {
  const p = tokyoParts(at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** The first instant of the Tokyo month containing `at`, as UTC ISO text (monthly LINE counts). */
export function tokyoMonthStart(at: Instant): string {
  const p = tokyoParts(at);
  return new Date(Date.UTC(p.year, p.month - 1, 1) - TOKYO_OFFSET_MS).toISOString();
}

/** The Tokyo weekday (0 = Sunday) and hour of an instant: what kind of reception session opened then. */
export function tokyoWeekdayHour(at: Instant): { weekday: number; hour: number } {
  const p = tokyoParts(at);
  return { weekday: p.weekday, hour: p.hours };
}

/** 23:59 of the Tokyo day `at` falls on, as an ISO instant (a staff announcement lasting "today"). */
export function tokyoEndOfDay(at: Instant): string {
  const shifted = new Date(new Date(at).getTime() + TOKYO_OFFSET_MS);
  shifted.setUTCHours(23, 59, 0, 0);
  return new Date(shifted.getTime() - TOKYO_OFFSET_MS).toISOString();
}

/** The Tokyo weekday (0 = Sunday) and the minute of that Tokyo day (0–1439): is a weekly period open now. */
export function tokyoWeekdayMinute(at: Instant): { weekday: number; minute: number } {
  const p = tokyoParts(at);
  return { weekday: p.weekday, minute: p.hours * 60 + p.minutes };
}
