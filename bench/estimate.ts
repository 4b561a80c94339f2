/**
 * The `estimate` scenario (issue 14): replays simulated clinic days (bench/estimate-sim.ts) through the
 * real estimator — the pace rules of src/server/domain/estimate and the range rule every screen uses — and
 * measures what a patient would have read against when their turn really came. Pure computation: no
 * server, no store; the same seed gives the same figures on every machine.
 */
import { type WaitEstimate, waitMoments, waitRange } from '../src/shared/estimate/range.js';
import { blendEstimate } from '../src/server/domain/estimate/blend.js';
import { HISTORY_SESSIONS } from '../src/server/domain/estimate/history.js';
import { historyPace, MIN_HISTORY_INTERVALS, paceOf, type PaceStats, sessionPace, startIntervals } from '../src/server/domain/estimate/pace.js';
import { type SimSession, simulateWeeks } from './estimate-sim.js';
import { median, pct, type Row } from './lib/stats.js';
import { type OracleFloor, oracleFloors, shortestWindow } from './estimate-oracle.js';

export const SEED = 20261123;
export const WEEKS = 10;
/** A patient looks at the screen every this many minutes while waiting. */
const SAMPLE_EVERY = 5;
const BASE = Date.UTC(2026, 0, 5, 0, 0); // any instant: the estimator only sees differences

interface Sample {
  ahead: number;
  low: number;
  high: number;
  /** Actual wait and the error of the expected time, in minutes. */
  actual: number;
  error: number;
  /** Actual wait minus the expected wait the range was built around (unrounded), minutes. */
  residual: number;
  basis: WaitEstimate['basis'];
}

export interface EstimateFigures {
  samples: number;
  noEstimate: number;
  inside: number;
  medianError: number;
  widthAt10: number;
  insideAt10: number;
  /** Came sooner than the range said / later than it said. */
  sooner: number;
  later: number;
  sessions: number;
  patients: number;
  byBasis: Record<WaitEstimate['basis'], { samples: number; inside: number }>;
  /** The narrowest fixed window around this estimator's own expectation that held 80 % at 10 ahead, in hindsight. */
  hindsightAt10: number;
  /** What estimators that know more could do at 10 ahead on the same days (bench/estimate-oracle.ts). */
  oracles: OracleFloor[];
}

const iso = (minutes: number) => new Date(BASE + minutes * 60_000).toISOString();

/** What the patients of one session would have read, every SAMPLE_EVERY minutes. */
function measureSession(session: SimSession, history: ReturnType<typeof historyPace>, out: Sample[], missing: { n: number }) {
  for (let t = 0; t <= session.end; t += SAMPLE_EVERY) {
    const starts = session.patients.filter((p) => p.startedAt !== null && p.startedAt <= t).map((p) => p.startedAt!);
    const lastStart = starts.length > 0 ? Math.max(...starts) : null;
    const estimate = blendEstimate({
      today: paceOf(startIntervals(starts.map((m) => BASE + m * 60_000))),
      history,
      lastStartAt: lastStart === null ? null : iso(lastStart),
    });
    const waiting = session.patients.filter(
      (p) => p.reservedAt <= t && (p.calledAt === null || p.calledAt > t) && (p.canceledAt === null || p.canceledAt > t),
    );
    waiting.forEach((p, ahead) => {
      if (p.calledAt === null) return; // cancelled later: no turn to compare with
      if (!estimate) {
        missing.n++;
        return;
      }
      const range = waitRange(estimate, ahead, new Date(BASE + t * 60_000))!;
      const actual = p.calledAt - t;
      const error = Math.abs((Date.parse(range.expectedAt) - BASE) / 60_000 - p.calledAt);
      const residual = actual - waitMoments(estimate, ahead, new Date(BASE + t * 60_000)).mean;
      out.push({ ahead, low: range.lowMinutes, high: range.highMinutes, actual, error, residual, basis: estimate.basis });
    });
  }
}

export function runEstimateSimulation(seed = SEED, weeks = WEEKS): EstimateFigures {
  const past: { weekday: number; period: string; pace: PaceStats }[] = [];
  const samples: Sample[] = [];
  const missing = { n: 0 };
  let patients = 0;
  const sessions = simulateWeeks(seed, weeks);
  {
    for (const session of sessions) {
      const { weekday, period } = session;
      patients += session.patients.length;
      // The same choice as readHistory: same weekday and period, else the same period on any weekday.
      const usable = past.filter((s) => s.pace.count >= MIN_HISTORY_INTERVALS);
      const same = usable.filter((s) => s.weekday === weekday && s.period === period);
      const pick = same.length > 0 ? same : usable.filter((s) => s.period === period);
      const history = historyPace(pick.slice(-HISTORY_SESSIONS).map((s) => s.pace));
      measureSession(session, history, samples, missing);
      const starts = session.patients.filter((p) => p.startedAt !== null).map((p) => BASE + p.startedAt! * 60_000);
      const pace = sessionPace(starts);
      if (pace) past.push({ weekday, period, pace });
    }
  }
  const inside = (s: Sample) => s.actual >= s.low && s.actual <= s.high;
  const at10 = samples.filter((s) => s.ahead === 10);
  const byBasis = { session: { samples: 0, inside: 0 }, history: { samples: 0, inside: 0 }, blend: { samples: 0, inside: 0 } };
  for (const s of samples) {
    byBasis[s.basis].samples++;
    if (inside(s)) byBasis[s.basis].inside++;
  }
  return {
    samples: samples.length,
    noEstimate: missing.n,
    inside: samples.filter(inside).length / samples.length,
    medianError: median(samples.map((s) => s.error)),
    widthAt10: median(at10.map((s) => s.high - s.low)),
    insideAt10: at10.filter(inside).length / at10.length,
    sooner: samples.filter((s) => s.actual < s.low).length / samples.length,
    later: samples.filter((s) => s.actual > s.high).length / samples.length,
    sessions: sessions.length,
    patients,
    byBasis,
    hindsightAt10: shortestWindow(at10.map((s) => s.residual).sort((a, b) => a - b), 0.8),
    oracles: oracleFloors(sessions),
  };
}

export function benchEstimate(): Row[] {
  const f = runEstimateSimulation();
  const at10 = `${f.widthAt10} min`;
  const basis = (['history', 'blend', 'session'] as const)
    .map((b) => `${b} ${f.byBasis[b].samples} (${pct(f.byBasis[b].inside / Math.max(1, f.byBasis[b].samples))} inside)`)
    .join(', ');
  const note = `${f.sessions} simulated sessions, ${f.patients} patients, ${f.samples} readings every ${SAMPLE_EVERY} min while waiting (${f.noEstimate} more with no estimate yet); by basis: ${basis}; seed ${SEED}`;
  return [
    { scenario: '7 estimate', metric: 'actual waits inside the shown range', product: pct(f.inside), floor: '–', ratio: '–', target: '≥ 80 %', met: f.inside >= 0.8, note },
    { scenario: '7 estimate', metric: 'range width at 10 ahead (median)', product: at10, floor: '–', ratio: '–', target: '≤ 20 min', met: f.widthAt10 <= 20 },
    { scenario: '7 estimate', metric: 'inside the range at 10 ahead', product: pct(f.insideAt10), floor: '–', ratio: '–', target: '–', met: null },
    { scenario: '7 estimate', metric: 'expected time, median absolute error', product: `${f.medianError.toFixed(1)} min`, floor: '–', ratio: '–', target: '–', met: null },
    { scenario: '7 estimate', metric: 'narrowest 80 % window at 10 ahead around this expectation (hindsight)', product: `${f.hindsightAt10.toFixed(1)} min`, floor: '–', ratio: '–', target: '–', met: null },
    ...f.oracles.map((o): Row => ({
      scenario: '7 estimate',
      metric: `oracle knowing ${o.kind}: 80 % at 10 ahead, shortest / central width`,
      product: `${o.shortest.toFixed(1)} / ${o.central.toFixed(1)} min`,
      floor: '–',
      ratio: '–',
      target: '≤ 20 min reachable?',
      met: o.shortest <= 20,
      note: `${o.readings} readings; a 20-min window holds at most ${pct(o.bestIn20)}; median error ${o.medianError.toFixed(1)} min`,
    })),
  ];
}
