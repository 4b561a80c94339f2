/**
 * The group sign-in's failure limits (decision 081), per client address, per user name and per both, in
 * 15-minute windows sized by the staff sign-in's settings (LOGIN_FAILURES_PER_*). Kept in this process's
 * memory, not in `rate_counters` as the staff limits are (abuse/limits.ts): those counters are a clinic's
 * rows (its export carries them), and a group account belongs to no clinic. So each server process counts
 * its own failures: with N processes behind one balancer a guesser gets at most N times the budget, which
 * argon2 and the fair hashing gate still slow to a few tries a second.
 */
import { AppError } from '../errors.js';

const WINDOW_MS = 15 * 60_000;
/** Past this many live counters the ended windows are dropped (a flood of made-up names stays bounded). */
const PRUNE_AT = 10_000;

export interface LoginLimits {
  perAddress: number;
  perName: number;
  perAddressAndName: number;
}

export interface LoginLimiter {
  /** Takes a failure's unit of each counter before the hash runs; the refund gives them back (a right password). */
  reserve(address: string, username: string, now?: number): () => void;
}

export function loginLimiter(limits: LoginLimits): LoginLimiter {
  const counters = new Map<string, { window: number; count: number }>();
  return {
    reserve(address, username, now = Date.now()) {
      const window = Math.floor(now / WINDOW_MS);
      if (counters.size > PRUNE_AT) for (const [key, c] of counters) if (c.window !== window) counters.delete(key);
      const keys: [string, number][] = [
        [`a:${address}`, limits.perAddress],
        [`n:${username}`, limits.perName],
        [`an:${address}:${username}`, limits.perAddressAndName],
      ];
      const current = keys.map(([key, max]) => {
        const c = counters.get(key);
        return { key, max, count: c && c.window === window ? c.count : 0 };
      });
      // All or none: a try refused for one counter takes no unit of the others.
      if (current.some((c) => c.count >= c.max)) throw new AppError('RESOURCE_EXHAUSTED', 'error.loginThrottled');
      for (const c of current) counters.set(c.key, { window, count: c.count + 1 });
      return () => {
        for (const c of current) {
          const held = counters.get(c.key);
          if (held && held.window === window && held.count > 0) held.count--;
        }
      };
    },
  };
}
