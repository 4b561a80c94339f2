/**
 * The one rule that turns the live queue's pace into what a patient reads: a range in minutes and an
 * expected time for someone with `ahead` people before them. Server (bench, tests) and every screen use
 * it, so the monitor, the public page and a patient's own card can never disagree
 * (docs/decisions/020-estimated-wait.md).
 */
import { bandFor, type RangeCalibration } from './calibration.js';
import { ROUND_MINUTES, roundDown, roundUp } from './rounding.js';

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

export { ROUND_MINUTES } from './rounding.js';
/**
 * The wider rule, for a clinic without enough history to calibrate on (no `estimate.calibration`): the range
 * is mean − RANGE_Z_LOW·sd to mean + RANGE_Z_HIGH·sd, rounded outwards. Not tuned on one clinic: on the
 * bench's whole family of simulated clinics (σ 0.3–0.7, with and without pauses, no-shows, walk-ins,
 * cancellations, families: bench/estimate-family.ts), three seeds each, 2.2 was the smallest low side (in
 * steps of 0.1) that kept turns before the low end ≤ 5 % on every clinic, and 1.3 then the smallest high
 * side that kept ≥ 80 % inside; each has 0.2 added for clinics unlike the family (decision 054). The low
 * side is the wide one: a patient who trusts it and comes late loses the turn; one who waits longer loses
 * some time. The clinic's own calibration replaces both as soon as its days allow.
 */
export const RANGE_Z_LOW = 2.4;
export const RANGE_Z_HIGH = 1.5;

const MINUTE_MS = 60_000;

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


/** The edges in sd: the clinic's own calibration for this queue position when it has one, else the wider rule. */
export function edgesFor(estimate: WaitEstimate, ahead: number): { lowZ: number; highZ: number } {
  const band = estimate.calibration ? bandFor(estimate.calibration, ahead) : null;
  return band ?? { lowZ: -RANGE_Z_LOW, highZ: RANGE_Z_HIGH };
}

/** The range and expected time for a patient with `ahead` people before them; null for held rows. */
export function waitRange(estimate: WaitEstimate, ahead: number | null, now: Date): WaitRange | null {
  if (ahead === null || ahead < 0) return null;
  const { mean, sd } = waitMoments(estimate, ahead, now);
  const { lowZ, highZ } = edgesFor(estimate, ahead);
  const low = Math.max(0, roundDown(mean + lowZ * sd));
  const high = Math.max(low + ROUND_MINUTES, roundUp(mean + highZ * sd));
  const expected = new Date(now.getTime() + mean * MINUTE_MS);
  const step = ROUND_MINUTES * MINUTE_MS;
  return {
    lowMinutes: low,
    highMinutes: high,
    expectedAt: new Date(Math.round(expected.getTime() / step) * step).toISOString(),
  };
}
