/**
 * The range's edges calibrated on the clinic's own days (issue 36, docs/decisions/054). The server puts a
 * calibration in the live estimate when the clinic's recent sessions give enough readings (what waiting
 * patients were shown, and when their turn then came: wait_readings); every screen's `waitRange` places the
 * low and high edges with it. Without one (little history) the wider rule applies (range.ts).
 *
 * `calibrate` is split-conformal: the readings of past sessions are the calibration set, the score of a
 * reading is its normalised error (actual − mean) / sd as the patient read it — the range is shown rounded
 * outwards to 5 minutes, so the score is that of the actual wait's 5-minute step — and the edges are ranks
 * of those scores chosen with the (n + 1) correction, so that a new reading exchangeable with them falls
 * below the low edge with probability ≤ LOW_AIM and inside with probability ≥ INSIDE_AIM, in each band
 * of queue position. Judging the rounded range, not the raw one, is what keeps it from being wider than it
 * must: rounding outwards alone would add a step's worth of waits inside on each side.
 */
import { ROUND_MINUTES } from './rounding.js';


/** The edges for patients with up to `maxAhead` people before them, as multiples of the model's sd. */
export interface CalibrationBand {
  /** The band holds readings with `ahead` ≤ this (and above the previous band's); the last band holds all above. */
  maxAhead: number;
  /**
   * The low edge is mean + lowZ·sd (lowZ is usually negative), shown rounded down to 5 minutes: the turn
   * came before it in ≤ 5 % of readings.
   */
  lowZ: number;
  /**
   * The high edge is mean + highZ·sd, shown rounded up: with the low edge, ≥ 80 % of waits fell inside. Near
   * the front, where one 5-minute step is wide beside the spread, highZ may lie below lowZ: the range is
   * then the one step above the low edge.
   */
  highZ: number;
}

/** What the live estimate carries: bands by queue position, ascending `maxAhead`, and what they rest on. */
export interface RangeCalibration {
  bands: CalibrationBand[];
  /** Readings with a known outcome the bands were computed from. */
  samples: number;
  /** Sessions those readings came from. */
  sessions: number;
}

/** One reading whose outcome is known: what the model said (mean, sd) and when the turn really came. */
export interface CalibrationSample {
  /** The session the reading was taken in (recency counts sessions, not readings). */
  session: string;
  ahead: number;
  mean: number;
  sd: number;
  actualMinutes: number;
}

/** The turn may come before the low edge in at most this share of readings: the harm is one-sided. */
export const LOW_SHARE = 0.05;
/** At least this share of waits falls inside the range. */
export const INSIDE_SHARE = 0.8;
/**
 * What the ranks aim at, inside the targets above. The conformal guarantee is for exchangeable readings;
 * a clinic's readings come in days, and a slow morning makes every patient's turn late (or early) together,
 * so an edge learnt from 20 days errs more often on the unsafe side than independent readings would
 * (aiming at exactly 5 % and 80 %, the bench's clinics had 5.4–6.1 % early and 78.4–80.8 % inside; at 4 %
 * one stood on the 5 % line). At 3.5 % and 83 % every clinic of the family (bench/estimate-family.ts) met
 * both targets on three seeds each (decision 054, docs/benchmarks.md).
 */
export const LOW_AIM = 0.035;
export const INSIDE_AIM = 0.83;
/**
 * Only the last this many sessions count: about two weeks of a clinic with mornings and most afternoons.
 * Enough for the thinnest band's 5 % edge to rest on a few hundred readings (a session gives 300–600),
 * short enough that a new doctor, a new season or a change of habit reaches the range within two weeks
 * (bench/estimate.ts measures 10 and 40 beside it: docs/benchmarks.md).
 */
export const CALIBRATION_SESSIONS = 20;
/** Fewer sessions than this say more about one day than about the clinic: no calibration yet. */
export const MIN_CALIBRATION_SESSIONS = 4;
/**
 * A band needs this many readings, else it is merged with the next. Readings of one patient 5 minutes
 * apart are far from independent; 200 readings are about 40 patients, and the low edge then rests on the
 * seventh-lowest score, not on one odd patient.
 */
export const MIN_BAND_READINGS = 200;
/**
 * Where bands end (`maxAhead`), before merging: the next patient and the one after (the consultation under
 * way dominates), then wider steps as the sum of consultations and the pace's uncertainty take over.
 */
export const BAND_LIMITS: readonly number[] = [0, 1, 3, 6, 10, 15, 25];

export interface CalibrateOptions {
  lowShare?: number;
  insideShare?: number;
  sessions?: number;
  minSessions?: number;
  minPerBand?: number;
  limits?: readonly number[];
}

/**
 * The calibration from readings with known outcomes, oldest first (the order the sessions ran in), or null
 * when there is too little history. Only the last `sessions` sessions count.
 */
export function calibrate(samples: readonly CalibrationSample[], options: CalibrateOptions = {}): RangeCalibration | null {
  const keep = options.sessions ?? CALIBRATION_SESSIONS;
  const minSessions = options.minSessions ?? MIN_CALIBRATION_SESSIONS;
  const shares = { low: options.lowShare ?? LOW_AIM, inside: options.insideShare ?? INSIDE_AIM };
  const minPerBand = Math.max(options.minPerBand ?? MIN_BAND_READINGS, minimumForEdges(shares));
  const limits = options.limits ?? BAND_LIMITS;

  const lastSeen = new Map<string, number>();
  samples.forEach((s, i) => lastSeen.set(s.session, i));
  const recent = new Set([...lastSeen.entries()].sort((a, b) => a[1] - b[1]).slice(-keep).map(([id]) => id));
  // A reading without a usable spread or outcome says nothing about the range's edges.
  const used = samples.filter(
    (s) => recent.has(s.session) && s.sd > 0 && Number.isFinite(s.mean) && Number.isFinite(s.actualMinutes) && s.ahead >= 0,
  );
  const sessions = new Set(used.map((s) => s.session)).size;
  if (sessions < Math.min(minSessions, keep) || used.length < minPerBand) return null;

  const groups = mergeThin(groupByLimits(used, limits), minPerBand);
  const bands = groups.map(({ maxAhead, scores }): CalibrationBand => ({ maxAhead, ...edges(scores, shares) }));
  return { bands, samples: used.length, sessions };
}

/** A band's readings as two scores each (see `scores`). */
interface Scored {
  low: number;
  high: number;
}

interface Group {
  maxAhead: number;
  /** The most people ahead in any of its readings: the last band's stated `maxAhead` (JSON has no Infinity). */
  seen: number;
  scores: Scored[];
}

/**
 * The turn came before the shown low edge roundDown(mean + z·sd) exactly when z ≥ `low`: the normalised
 * error of the end of the actual wait's 5-minute step. It came after the shown high edge roundUp(mean + z·sd)
 * exactly when z ≤ `high`: that of the step's start.
 */
export function scores(s: Pick<CalibrationSample, 'mean' | 'sd' | 'actualMinutes'>): Scored {
  const step = Math.floor(s.actualMinutes / ROUND_MINUTES);
  return {
    low: ((step + 1) * ROUND_MINUTES - s.mean) / s.sd,
    high: ((Math.ceil(s.actualMinutes / ROUND_MINUTES) - 1) * ROUND_MINUTES - s.mean) / s.sd,
  };
}

function groupByLimits(samples: readonly CalibrationSample[], limits: readonly number[]): Group[] {
  const groups: Group[] = [...limits, Infinity].map((maxAhead) => ({ maxAhead, seen: 0, scores: [] }));
  for (const s of samples) {
    const group = groups.find((g) => s.ahead <= g.maxAhead)!;
    group.scores.push(scores(s));
    group.seen = Math.max(group.seen, s.ahead);
  }
  return groups;
}

/**
 * Adjacent thin bands merge, nearest first: a band reaches up to where enough readings were gathered, and
 * a thin remainder at the far end joins the last full band. The last band holds everyone above the one
 * before it; its `maxAhead` says how far its readings reached.
 */
function mergeThin(groups: readonly Group[], minPerBand: number): Group[] {
  const out: Group[] = [];
  let open: Group | null = null;
  for (const g of groups) {
    open = open ? { maxAhead: g.maxAhead, seen: Math.max(open.seen, g.seen), scores: open.scores.concat(g.scores) } : { ...g, scores: [...g.scores] };
    if (open.scores.length >= minPerBand) {
      out.push(open);
      open = null;
    }
  }
  if (open && open.scores.length > 0) {
    const last = out.pop()!;
    out.push({ maxAhead: open.maxAhead, seen: Math.max(last.seen, open.seen), scores: last.scores.concat(open.scores) });
  }
  const last = out[out.length - 1]!;
  const before = out.length > 1 ? out[out.length - 2]!.maxAhead : -1;
  last.maxAhead = Math.max(before + 1, Math.min(last.maxAhead, last.seen));
  return out;
}

/** The smallest band for which both conformal ranks exist: k ≥ 1 and k + ⌈inside·(n+1)⌉ ≤ n. */
function minimumForEdges(shares: { low: number; inside: number }): number {
  for (let n = 1; ; n++) {
    const k = Math.floor(shares.low * (n + 1));
    if (k >= 1 && k + Math.ceil(shares.inside * (n + 1)) <= n) return n;
  }
}

/**
 * Split-conformal ranks. A new reading is early exactly when its low score is ≤ lowZ; with lowZ just below
 * the k-th smallest of n exchangeable low scores that has probability ≤ k / (n + 1), so k = ⌊LOW_AIM (n + 1)⌋
 * keeps early turns ≤ LOW_AIM. It is late exactly when its high score is ≥ highZ; with highZ just above the j-th
 * smallest high score that has probability ≤ (n + 1 − j) / (n + 1), so j = k + ⌈INSIDE_AIM (n + 1)⌉
 * keeps ≥ INSIDE_AIM inside. Three decimals keep the snapshot small, rounded outwards too.
 */
function edges(scored: readonly Scored[], shares: { low: number; inside: number }): { lowZ: number; highZ: number } {
  const n = scored.length;
  const k = Math.floor(shares.low * (n + 1));
  const j = Math.min(n, k + Math.ceil(shares.inside * (n + 1)));
  const lows = scored.map((s) => s.low).sort((a, b) => a - b);
  const highs = scored.map((s) => s.high).sort((a, b) => a - b);
  const below = (z: number) => (Math.ceil(z * 1000) - 1) / 1000;
  const above = (z: number) => (Math.floor(z * 1000) + 1) / 1000;
  return { lowZ: below(lows[k - 1]!), highZ: above(highs[j - 1]!) };
}

/** The band that holds a patient with `ahead` people before them. */
export function bandFor(calibration: RangeCalibration, ahead: number): CalibrationBand | null {
  const { bands } = calibration;
  if (bands.length === 0) return null;
  return bands.find((b) => ahead <= b.maxAhead) ?? bands[bands.length - 1]!;
}
