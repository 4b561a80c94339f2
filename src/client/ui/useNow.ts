/** The current time, re-rendering every second (clocks refresh every 1 s). */
import { useEffect, useState } from 'react';

export const CLOCK_TICK_MS = 1000;

export function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    // Aligned to the next whole second, so the seconds digit changes when the wall clock's does.
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
