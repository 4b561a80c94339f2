/**
 * How many public streams one client address may hold open on this process. A stream costs a socket and
 * a share of every broadcast for as long as it stays open, so one client opening thousands would cost
 * every patient. Counted in memory: each process guards its own sockets.
 */
import { clientKey } from '../abuse/limits.js';

export interface StreamCap {
  /** Takes a place for `ip`: a release function (safe to call more than once), or null when none is left. */
  take(ip: string): (() => void) | null;
}

export function streamCap(max: number, exempt: (ip: string) => boolean): StreamCap {
  const open = new Map<string, number>();
  return {
    take(ip) {
      if (exempt(ip)) return () => {};
      const key = clientKey(ip);
      const count = open.get(key) ?? 0;
      if (count >= max) return null;
      open.set(key, count + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (open.get(key) ?? 1) - 1;
        if (left > 0) open.set(key, left);
        else open.delete(key);
      };
    },
  };
}
