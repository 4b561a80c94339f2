/**
 * Time as the server reads it, and waiting for it. Production uses the system clock and unref'd timers;
 * tests pass a clock they move by hand (test/support/clock.ts), so nothing really waits and no fake timers
 * reach any other module.
 */
export interface Clock {
  now(): Date;
  /** Calls `fn` after `ms` of this clock's time; returns a cancel. Never keeps the process alive. */
  setTimer(ms: number, fn: () => unknown): () => void;
}

export const systemClock: Clock = {
  now: () => new Date(),
  setTimer(ms, fn) {
    const timer = setTimeout(fn, ms);
    timer.unref();
    return () => clearTimeout(timer);
  },
};
