/**
 * The gate in front of the process's one PostgreSQL pool (decision 082): each acquisition names its clinic
 * and is let through when fair-pool-rule.ts says so; the pool itself then has a connection for it (the gate
 * never lets more through than the pool's size). Waiting happens here, per clinic, instead of in the pool's
 * one first-come line.
 */
import { DEPLOYMENT, mayTake, nextClinic, type PoolState } from './fair-pool-rule.js';

/** pg-pool's own words for a wait that ran out, which postgres.ts already reads as UNAVAILABLE. */
const TIMEOUT_MESSAGE = 'timeout exceeded when trying to connect (waiting for a share of the pool)';

interface Waiter {
  resolve: () => void;
  reject: (err: Error) => void;
  timer: NodeJS.Timeout;
}

export interface FairGate {
  /** Resolves once `clinic` may take a connection from the pool; rejects after `timeoutMs`. */
  enter(clinic: string): Promise<void>;
  /** A connection let through for `clinic` went back to the pool (or was never taken). */
  leave(clinic: string): void;
  /** For tests: what the gate holds now. */
  readonly state: PoolState;
}

export function fairGate(size: number, timeoutMs: number): FairGate {
  const held = new Map<string, number>();
  const waiting = new Map<string, number>();
  const lines = new Map<string, Waiter[]>();
  /** Clinics with acquisitions waiting, in their turn; a clinic served goes to the back. */
  const turns: string[] = [];
  const state: PoolState = { size, held, waiting, clinics: 0 };
  /** The clinics seen; once there are two the count stops mattering, so the set stops growing there. */
  const seen = new Set<string>();
  const see = (clinic: string) => {
    if (clinic === DEPLOYMENT || seen.size > 1 || seen.has(clinic)) return;
    seen.add(clinic);
    state.clinics = seen.size;
  };

  const add = (map: Map<string, number>, clinic: string, n: number) => {
    const next = (map.get(clinic) ?? 0) + n;
    if (next > 0) map.set(clinic, next);
    else map.delete(clinic);
  };

  function dequeue(clinic: string): Waiter {
    const line = lines.get(clinic)!;
    const waiter = line.shift()!;
    add(waiting, clinic, -1);
    turns.splice(turns.indexOf(clinic), 1);
    if (line.length > 0) turns.push(clinic);
    else lines.delete(clinic);
    return waiter;
  }

  /** Lets through as many waiting acquisitions as the rule allows, one clinic's turn at a time. */
  function serve(): void {
    for (let clinic = nextClinic(state, turns); clinic !== null; clinic = nextClinic(state, turns)) {
      const waiter = dequeue(clinic);
      clearTimeout(waiter.timer);
      add(held, clinic, 1);
      waiter.resolve();
    }
  }

  return {
    state,
    enter(clinic) {
      see(clinic);
      // Nobody waiting and within the rule: straight through, as the pool alone would (a one-clinic process).
      if (turns.length === 0 && mayTake(state, clinic)) {
        add(held, clinic, 1);
        return Promise.resolve();
      }
      return new Promise<void>((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          timer: setTimeout(() => {
            const line = lines.get(clinic)!;
            line.splice(line.indexOf(waiter), 1);
            add(waiting, clinic, -1);
            if (line.length === 0) {
              lines.delete(clinic);
              turns.splice(turns.indexOf(clinic), 1);
            }
            reject(new Error(TIMEOUT_MESSAGE));
          }, timeoutMs),
        };
        let line = lines.get(clinic);
        if (!line) {
          lines.set(clinic, (line = []));
          turns.push(clinic);
        }
        line.push(waiter);
        add(waiting, clinic, 1);
        serve();
      });
    },
    leave(clinic) {
      add(held, clinic, -1);
      serve();
    },
  };
}
