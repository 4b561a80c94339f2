/**
 * Clock and time formats for the staff screens. The clinic runs on Tokyo time whatever the desk PC's own
 * time zone is set to (DESIGN.md "Day boundaries use Asia/Tokyo"), so every format names the zone.
 */
import { useEffect, useState } from 'react';

const hhmm = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const hhmmss = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});
const date = new Intl.DateTimeFormat('ja-JP', {
  timeZone: 'Asia/Tokyo',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
});

/** hh:mm in Tokyo, or '' for a missing time. */
export function tokyoHhmm(iso: string | null): string {
  return iso ? hhmm.format(new Date(iso)) : '';
}

export function tokyoHhmmss(at: Date): string {
  return hhmmss.format(at);
}

/** yyyy/mm/dd(曜) in Tokyo. */
export function tokyoDate(at: Date): string {
  const parts = Object.fromEntries(date.formatToParts(at).map((p) => [p.type, p.value]));
  return `${parts.year}/${parts.month}/${parts.day}(${parts.weekday})`;
}

export const CLOCK_TICK_MS = 1000;

/** The current time, re-rendering every second (SPEC.md §9 clock refresh 1 s). */
export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // Align to the next whole second so the seconds digit changes when the wall clock's does.
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      setNow(new Date());
      timer = setTimeout(tick, CLOCK_TICK_MS - (Date.now() % CLOCK_TICK_MS));
    };
    timer = setTimeout(tick, CLOCK_TICK_MS - (Date.now() % CLOCK_TICK_MS));
    return () => clearTimeout(timer);
  }, []);
  return now;
}

/** yyyy/mm/dd(曜) hh:mm in Tokyo, for lists of past events (notices, the audit trail). */
export function formatTokyoDateTime(iso: string): string {
  return `${tokyoDate(new Date(iso))} ${tokyoHhmm(iso)}`;
}
