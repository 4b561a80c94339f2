/**
 * How narrow a range at 10 ahead could be at all on the simulated clinic (issue 14's second target), measured
 * from the same simulated days the `estimate` scenario replays. Three oracles know more than any estimator
 * can: the clinic's distributions only (weekday and half-day factors included, not the day's own pace); also
 * each session's true pace; and also every pause before the patient's turn. Each one's expectation is
 * E[remaining of the consultation under way] + ahead × E[start-to-start]; what is left, actual − expectation,
 * is the randomness no estimator of that knowledge removes. The narrowest fixed window holding 80 % of it
 * (the shortest 80 % interval) is that oracle's floor; a range ≤ 20 min wide needs that floor ≤ 20.
 */
import { CLINIC, type Clinic, type SimSession } from './estimate-sim.js';

export type OracleKind = 'distribution' | 'pace' | 'pace+pauses';

export interface OracleFloor {
  kind: OracleKind;
  readings: number;
  /** Width of the central 80 % (10th to 90th percentile) of actual − expected, minutes. */
  central: number;
  /** Width of the shortest window holding 80 % of them, minutes. */
  shortest: number;
  /** The most a 20-minute window at the oracle's expectation can hold. */
  bestIn20: number;
  medianError: number;
}

/** Standard normal distribution function (Abramowitz–Stegun 7.1.26, error < 1.5e-7). */
function phi(x: number): number {
  const z = Math.abs(x) / Math.SQRT2;
  const t = 1 / (1 + 0.3275911 * z);
  const erf = 1 - ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-z * z);
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2;
}

/** E[X − e | X > e] for X = overhead + log-normal(median m, σ): what remains of a consultation e minutes in. */
function remaining(c: Clinic, m: number, elapsed: number): number {
  const mu = Math.log(m);
  const s = c.consultSigma;
  const mean = m * Math.exp((s * s) / 2);
  if (elapsed <= c.overheadMinutes) return c.overheadMinutes - elapsed + mean;
  const cut = elapsed - c.overheadMinutes;
  const tail = phi((mu - Math.log(cut)) / s);
  if (tail < 1e-9) return 0;
  return (mean * phi((mu + s * s - Math.log(cut)) / s)) / tail - cut;
}

export const shortestWindow = (sorted: number[], share: number) => {
  const n = Math.ceil(share * sorted.length);
  let best = Infinity;
  for (let i = 0; i + n - 1 < sorted.length; i++) best = Math.min(best, sorted[i + n - 1]! - sorted[i]!);
  return best;
};
const mostInWindow = (sorted: number[], width: number) => {
  let best = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while (j < sorted.length && sorted[j]! <= sorted[i]! + width) j++;
    best = Math.max(best, j - i);
  }
  return best / sorted.length;
};
const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;

/** The oracles' floors at `ahead` people ahead, read every `every` minutes as the estimate bench does. */
export function oracleFloors(sessions: readonly SimSession[], ahead = 10, every = 5, c: Clinic = CLINIC): OracleFloor[] {
  const pauseMean = c.pauseShare * ((c.pauseMinutes[0] + c.pauseMinutes[1]) / 2);
  const residuals: Record<OracleKind, number[]> = { distribution: [], pace: [], 'pace+pauses': [] };
  const breakAt = c.doctorDelay + c.breakAfterMinutes;
  for (const session of sessions) {
    const known = c.weekdayFactor[session.weekday]! * (session.period === 'afternoon' ? c.afternoonFactor : 1);
    // The distribution oracle averages the session factor's log-normal out: E[exp(σZ)] = exp(σ²/2).
    const paces: Record<OracleKind, number> = { distribution: known * Math.exp(c.sessionSigma ** 2 / 2), pace: session.pace, 'pace+pauses': session.pace };
    const starts = session.patients.filter((p) => p.startedAt !== null).map((p) => p.startedAt!).sort((a, b) => a - b);
    for (let t = 0; t <= session.end; t += every) {
      const waiting = session.patients.filter(
        (p) => p.reservedAt <= t && (p.calledAt === null || p.calledAt > t) && (p.canceledAt === null || p.canceledAt > t),
      );
      const p = waiting[ahead];
      if (!p || p.calledAt === null) continue;
      const last = starts.filter((s) => s <= t).at(-1);
      const actual = p.calledAt - t;
      const pausesAhead = session.pauses.filter((x) => x.at >= t && x.at < p.calledAt!).reduce((a, x) => a + x.minutes, 0);
      for (const kind of Object.keys(residuals) as OracleKind[]) {
        const m = c.consultMedian * paces[kind];
        const interval = c.overheadMinutes + m * Math.exp(c.consultSigma ** 2 / 2);
        const current = last === undefined ? Math.max(0, c.doctorDelay - t) + interval : remaining(c, m, t - last);
        let expected =
          kind === 'pace+pauses' ? current + ahead * interval + pausesAhead : current + ahead * (interval + pauseMean) + pauseMean;
        // The clinic's fixed break is in its schedule: the two weaker oracles add it when it falls before the turn.
        if (kind !== 'pace+pauses' && c.breakMinutes > 0 && t < breakAt && t + expected > breakAt) expected += c.breakMinutes;
        residuals[kind].push(actual - expected);
      }
    }
  }
  return (Object.keys(residuals) as OracleKind[]).map((kind) => {
    const r = residuals[kind].sort((a, b) => a - b);
    const abs = r.map(Math.abs).sort((a, b) => a - b);
    return {
      kind,
      readings: r.length,
      central: quantile(r, 0.9) - quantile(r, 0.1),
      shortest: shortestWindow(r, 0.8),
      bestIn20: mostInWindow(r, 20),
      medianError: quantile(abs, 0.5),
    };
  });
}
