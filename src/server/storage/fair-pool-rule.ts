/**
 * Which clinic gets the process's next pooled connection (decision 082). Every clinic of a process shares
 * one pool (decision 077); handed out first come, first served, a clinic whose burst queued a hundred
 * acquisitions makes a quiet clinic's one wait behind all of them. The rule: once a process has served
 * more than one clinic, a clinic holds at most its share of the pool, so another finds a connection free;
 * and the clinics waiting are served in turn, one connection each, not in the order their requests came.
 * A process serving one clinic never meets either limit, so it takes its connections exactly as before.
 *
 * Pure: the gate (fair-pool.ts) keeps the counts and the waiting lists and asks this file what to do.
 */

/** What the rule reads: the pool's size, and per clinic the connections it holds and its waiting acquisitions. */
export interface PoolState {
  size: number;
  /** Connections each clinic holds now (absent: none). */
  held: ReadonlyMap<string, number>;
  /** Acquisitions waiting per clinic (absent or 0: none). */
  waiting: ReadonlyMap<string, number>;
  /** How many clinics (the deployment's own connections not counted) this process has taken connections for. */
  clinics: number;
}

/**
 * The most connections a clinic may hold in a process of several clinics: all but a quarter of the pool (at
 * least one connection kept back), so a quiet clinic finds a free connection at once instead of waiting
 * for a busy clinic's transactions to end. A pool of one has nothing to keep back.
 */
export function shareOf(size: number): number {
  return size <= 1 ? size : size - Math.max(1, Math.ceil(size / 4));
}

const count = (map: ReadonlyMap<string, number>, clinic: string) => map.get(clinic) ?? 0;

function total(state: PoolState): number {
  let sum = 0;
  for (const n of state.held.values()) sum += n;
  return sum;
}

/**
 * The deployment's own connections (`*`: the clinic list read every 10 s, migrations, the operator's
 * commands) are served in turn like a clinic's but are not a clinic: a one-clinic process reading its
 * clinic list stays a one-clinic process.
 */
export const DEPLOYMENT = '*';

/** Whether `clinic` may take a connection now: one is free, and it is within its share or the only clinic. */
export function mayTake(state: PoolState, clinic: string): boolean {
  if (total(state) >= state.size) return false;
  return state.clinics <= 1 || clinic === DEPLOYMENT || count(state.held, clinic) < shareOf(state.size);
}

/**
 * The clinic whose oldest waiting acquisition gets a free connection: the first in `turns` that has one
 * waiting and may take it, or null. `turns` is the round: the gate puts a clinic it served at the back, so
 * a clinic with a hundred acquisitions waiting is served once for every other waiting clinic's once.
 */
export function nextClinic(state: PoolState, turns: readonly string[]): string | null {
  for (const clinic of turns) if (count(state.waiting, clinic) > 0 && mayTake(state, clinic)) return clinic;
  return null;
}
