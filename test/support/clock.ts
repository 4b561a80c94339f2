/**
 * A clock tests move by hand: `now()` stands still until `advanceTo`/`advance`, which fires the timers that
 * came due, in time order (those due at one instant together), and waits for what they started (an edge's
 * write). Nothing really waits.
 * Give the same clock to the store (`storeClock`) and the app, so the writes' times agree with it.
 */
import type { Clock } from '../../src/server/clock.js';

export interface ManualClock extends Clock {
  /** For openSqliteStore / openPostgresStore's `clock` option. */
  storeClock: () => Date;
  advanceTo(at: string | Date): Promise<void>;
  advance(ms: number): Promise<void>;
  /** Timers armed and not yet fired or cancelled. */
  pendingTimers(): number;
  /** When the earliest armed timer fires, or null. */
  nextTimerAt(): Date | null;
  /** When each armed timer fires, earliest first (several of the app's parts keep timers of their own). */
  timerTimes(): Date[];
}

export function manualClock(start: string | Date): ManualClock {
  let now = new Date(start).getTime();
  let seq = 0;
  const timers = new Map<number, { due: number; fn: () => unknown }>();

  async function advanceTo(at: string | Date) {
    const target = new Date(at).getTime();
    if (target < now) throw new Error('a manual clock only moves forward (use a new one for a jump back)');
    for (;;) {
      const due = [...timers.entries()].filter(([, t]) => t.due <= target);
      if (due.length === 0) break;
      const first = Math.min(...due.map(([, t]) => t.due));
      // Timers due at the same instant fire together, as two server processes' timers would.
      const batch = due.filter(([, t]) => t.due === first);
      for (const [id] of batch) timers.delete(id);
      now = Math.max(now, first);
      await Promise.all(batch.map(([, t]) => t.fn()));
    }
    now = target;
  }

  return {
    now: () => new Date(now),
    storeClock: () => new Date(now),
    setTimer(ms, fn) {
      const id = ++seq;
      timers.set(id, { due: now + Math.max(0, ms), fn });
      return () => timers.delete(id);
    },
    advanceTo,
    advance: (ms) => advanceTo(new Date(now + ms)),
    pendingTimers: () => timers.size,
    nextTimerAt: () => (timers.size === 0 ? null : new Date(Math.min(...[...timers.values()].map((t) => t.due)))),
    timerTimes: () => [...timers.values()].map((t) => t.due).sort((a, b) => a - b).map((due) => new Date(due)),
  };
}
