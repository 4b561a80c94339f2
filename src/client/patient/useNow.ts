/** The current time, re-rendering every `intervalMs` (SPEC.md §9: the clock refreshes every second). */
import { useEffect, useState } from 'react';

export const CLOCK_INTERVAL_MS = 1000;

export function useNow(intervalMs = CLOCK_INTERVAL_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
