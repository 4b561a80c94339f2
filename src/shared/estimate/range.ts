/**
 * The one rule that turns the live queue's pace into what a patient reads: a range in minutes and an
 * expected time for someone with `ahead` people before them. Server (bench, tests) and every screen use
 * it, so the monitor, the public page and a patient's own card can never disagree
 * (docs/decisions/020-estimated-wait.md).
 */

/** The pace the server puts in the live queue snapshot: small, the same for every viewer. */
export interface WaitEstimate {
  /** Typical minutes between two consultation starts (the clinic's pace per person). */
  minutesPerPerson: number;
  /** How much one person's consultation varies around that pace, in minutes (a robust standard deviation). */
  spreadMinutes: number;
  /** Relative uncertainty of the pace itself (0.1 = the pace may be 10 % off): few data, wider ranges. */
  paceError: number;
  /** When the latest consultation started (ISO), so the wait shrinks while it runs; null before the first. */
  lastStartAt: string | null;
  /** What the pace rests on: today's starts, recent sessions of the same kind, or both. */
  basis: 'session' | 'history' | 'blend';
  /**
   * The range's edges calibrated on the clinic's own recent sessions (issue 36, decision 054); null or
   * absent: not enough history yet, and the wider rule applies.
   */
  calibration?: RangeCalibration | null;
}

export interface WaitRange {
  /** Whole minutes, multiples of ROUND_MINUTES (rounded outwards), low < high. */
  lowMinutes: number;
  highMinutes: number;
  /** The most likely start, rounded to ROUND_MINUTES (ISO). */
  expectedAt: string;
}

/** Ranges and times are shown in steps of 5 minutes: finer would promise more than anyone knows. */
export const ROUND_MINUTES = 5;
/**
 * Width of the range in standard deviations below and above the expected wait. 1.28 each side would hold
 * 80 % of waits if the errors were normal; waits run late far more often than early (a pause, a long case,
 * a held patient coming back all add, nothing subtracts as much), so the upper side is wider. Chosen on
 * the simulated clinic of bench/estimate.ts (bench/records/benchmark-history.md, "Estimated wait").
 */
export const RANGE_Z_LOW = 1.2;
export const RANGE_Z_HIGH = 1.9;

const MINUTE_MS = 60_000;

import type { RangeCalibration } from './calibration.js';

/**
 * The expected wait and its standard deviation, in minutes, for `ahead` people before the patient at `now`.
 * The person being seen now still needs what remains of their consultation: the pace minus what already
 * passed, but never less than a quarter of it (a long consultation is not over just because it is long).
 */
export function waitMoments(estimate: WaitEstimate, ahead: number, now: Date): { mean: number; sd: number } {
  const pace = estimate.minutesPerPerson;
  let current = pace / 2;
  if (estimate.lastStartAt !== null) {
    const elapsed = (now.getTime() - Date.parse(estimate.lastStartAt)) / MINUTE_MS;
    current = Math.min(pace, Math.max(pace / 4, pace - Math.max(0, elapsed)));
  }
  const mean = ahead * pace + current;
  const spread = estimate.spreadMinutes;
  const random = ahead * spread * spread + (spread * spread) / 4;
  const paceDrift = ahead * pace * estimate.paceError;
  return { mean, sd: Math.sqrt(random + paceDrift * paceDrift) };
}

// Outwards: rounding must never narrow the range it was asked to show.
const roundDown = (minutes: number) => Math.floor(minutes / ROUND_MINUTES) * ROUND_MINUTES;
const roundUp = (minutes: number) => Math.ceil(minutes / ROUND_MINUTES) * ROUND_MINUTES;

/** The range and expected time for a patient with `ahead` people before them; null for held rows. */
export function waitRange(estimate: WaitEstimate, ahead: number | null, now: Date): WaitRange | null {
  if (ahead === null || ahead < 0) return null;
  const { mean, sd } = waitMoments(estimate, ahead, now);
  const low = Math.max(0, roundDown(mean - RANGE_Z_LOW * sd));
  const high = Math.max(low + ROUND_MINUTES, roundUp(mean + RANGE_Z_HIGH * sd));
  const expected = new Date(now.getTime() + mean * MINUTE_MS);
  const step = ROUND_MINUTES * MINUTE_MS;
  return {
    lowMinutes: low,
    highMinutes: high,
    expectedAt: new Date(Math.round(expected.getTime() / step) * step).toISOString(),
  };
}
