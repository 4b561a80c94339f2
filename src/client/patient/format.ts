/**
 * Dates as patients read them, always in Tokyo time whatever the phone's own zone is (a traveller's phone,
 * a test browser). Japan has kept UTC+9 without daylight saving since 1951, so a fixed offset is exact and
 * spares us Intl time-zone data, which some in-app browsers ship incomplete.
 */
import { t } from '../../shared/labels/ja.js';

const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

/** The wall-clock fields in Tokyo, read from a Date shifted by +9 h with the UTC getters. */
function tokyoParts(at: Date | string | number) {
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

/** yyyy/mm/dd(曜) hh:mm, e.g. 2025/09/21(日) 09:35 (SPEC.md "Screen content", LABELS-ja.md my.dateFormat). */
export function formatReservedAt(at: Date | string | number): string {
  const p = tokyoParts(at);
  const weekday = Array.from(t('date.weekdays'))[p.weekday];
  return `${p.year}/${pad(p.month)}/${pad(p.day)}(${weekday}) ${pad(p.hours)}:${pad(p.minutes)}`;
}

/** hh:mm:ss in Tokyo, for the clock line of the full list. */
export function formatClock(at: Date | number): string {
  const p = tokyoParts(at);
  return `${pad(p.hours)}:${pad(p.minutes)}:${pad(p.seconds)}`;
}

/** The Tokyo calendar day as yyyy-mm-dd: reception sessions are per day, so "today" is a Tokyo day. */
export function tokyoDay(at: Date | string | number): string {
  const p = tokyoParts(at);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}
