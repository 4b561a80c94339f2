/**
 * Calendar arithmetic on Tokyo dates ('YYYY-MM-DD') and wall-clock times ('HH:MM'). Like tokyo.ts, a
 * fixed +9 h offset with the UTC getters: Japan has no daylight saving, and the process's own zone
 * (process.env.TZ, the phone's zone) never enters the result.
 */
const TOKYO_OFFSET_MS = 9 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

const pad = (n: number) => String(n).padStart(2, '0');

function parts(date: string): [number, number, number] {
  const [y, m, d] = date.split('-').map(Number);
  return [y, m, d];
}

/** Minutes since midnight of 'HH:MM'. */
export const minutesOf = (hhmm: string): number => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** 'HH:MM' of minutes since midnight (0–1439). */
export const hhmmOf = (minutes: number): string => `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`;

/** The Tokyo date `n` days after `date`. */
export function addDays(date: string, n: number): string {
  const [y, m, d] = parts(date);
  const shifted = new Date(Date.UTC(y, m - 1, d) + n * DAY_MS);
  return `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`;
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayOf(date: string): number {
  const [y, m, d] = parts(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** The instant (ms since the epoch) of a Tokyo date and wall-clock time. */
export function tokyoInstant(date: string, hhmm: string): number {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d) + minutesOf(hhmm) * 60_000 - TOKYO_OFFSET_MS;
}

/** The Tokyo date and 'HH:MM' of an instant. */
export function tokyoDateAndTime(at: number): { date: string; time: string } {
  const shifted = new Date(at + TOKYO_OFFSET_MS);
  return {
    date: `${shifted.getUTCFullYear()}-${pad(shifted.getUTCMonth() + 1)}-${pad(shifted.getUTCDate())}`,
    time: `${pad(shifted.getUTCHours())}:${pad(shifted.getUTCMinutes())}`,
  };
}

/** Every date of a month 'YYYY-MM', in order. */
export function datesOfMonth(month: string): string[] {
  const [y, m] = month.split('-').map(Number);
  const days = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return Array.from({ length: days }, (_, i) => `${month}-${pad(i + 1)}`);
}
