/**
 * A simulated clinic for the `estimate` bench scenario: one reception session at a time, event by event,
 * with a seeded RNG so every run replays the same days. The parameters of CLINIC were fixed before the
 * estimator was tuned (bench/records/benchmark-history.md, "Estimated wait"); change them only with a note in docs/benchmarks.md.
 * Issue 36 adds what other clinics do (walk-ins, a fixed break, families); each is off in CLINIC and draws
 * nothing from the RNG while off, so CLINIC's days are the same as before. The family of clinics the range
 * is judged on is bench/estimate-family.ts.
 */

/** mulberry32: small, fast, and the same sequence on every machine. */
export function seededRng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
const normal = (rng: Rng) => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
const logNormal = (rng: Rng, median: number, sigma: number) => median * Math.exp(sigma * normal(rng));
const exponential = (rng: Rng, mean: number) => -mean * Math.log(1 - rng());
const uniform = (rng: Rng, lo: number, hi: number) => lo + (hi - lo) * rng();

export const CLINIC = {
  /** Call, walk in, sit down: the same for everyone (minutes). */
  overheadMinutes: 0.75,
  /** The consultation itself: log-normal, median 4.25 min, σ 0.5 (so start-to-start median ≈ 5 min). */
  consultMedian: 4.25,
  consultSigma: 0.5,
  /** The doctor's pace varies from session to session (log-normal factor, σ 0.12)… */
  sessionSigma: 0.12,
  /** …and by weekday (Sunday first; Monday is slower, Saturday quicker) and period. */
  weekdayFactor: [1, 1.08, 1, 1, 0.97, 1, 0.94],
  afternoonFactor: 0.95,
  /** Reservations at the opening burst (Poisson means), within its first 3 minutes. */
  burstMorning: 18,
  burstAfternoon: 12,
  /** Then one reservation every this many minutes on average (Poisson), until reception closes. */
  arrivalMeanMinutes: 5.5,
  /** Reception is open this long; consultations start `doctorDelay` after it opens. */
  receptionMinutes: 150,
  doctorDelay: 20,
  /** Absent when called: held; most come back after 5–30 min and are seen next, the rest never do. */
  holdShare: 0.06,
  holdReturnShare: 0.7,
  /** Patients who cancel while waiting, at a uniformly random moment of their wait. */
  cancelShare: 0.08,
  /** After a consultation the doctor sometimes stops (a phone call, an urgent case): 8–25 min. */
  pauseShare: 0.02,
  pauseMinutes: [8, 25] as const,
  /** Walk-ins at the desk while the doctor sees patients: one every this many minutes (Poisson); 0 = none. */
  walkInMeanMinutes: 0,
  /** A fixed break: after the consultation that ends this many minutes after the first start, this long; 0 = none. */
  breakAfterMinutes: 0,
  breakMinutes: 0,
  /** Share of reservations that are a family (2 or 3 people taking consecutive numbers at once)… */
  familyShare: 0,
  /** …and of families seen together: every member started within a minute, one long consultation for all. */
  familyTogetherShare: 0,
};

export interface SimPatient {
  number: number;
  reservedAt: number;
  /** When their turn came (started, or held because absent); null if they cancelled first. */
  calledAt: number | null;
  startedAt: number | null;
  canceledAt: number | null;
  heldAt: number | null;
  returnsAt: number | null;
}

export interface Clinic {
  overheadMinutes: number;
  consultMedian: number;
  consultSigma: number;
  sessionSigma: number;
  weekdayFactor: readonly number[];
  afternoonFactor: number;
  burstMorning: number;
  burstAfternoon: number;
  arrivalMeanMinutes: number;
  receptionMinutes: number;
  doctorDelay: number;
  holdShare: number;
  holdReturnShare: number;
  cancelShare: number;
  pauseShare: number;
  pauseMinutes: readonly [number, number];
  walkInMeanMinutes: number;
  breakAfterMinutes: number;
  breakMinutes: number;
  familyShare: number;
  familyTogetherShare: number;
}

export interface SimSession {
  weekday: number;
  period: 'morning' | 'afternoon';
  /** The session's true pace factor (what only an oracle knows): consultation median = consultMedian × pace. */
  pace: number;
  /** The doctor's pauses, for the oracle only: when each began (after a consultation) and how long it lasted. */
  pauses: { at: number; minutes: number }[];
  /** Minutes from the session's opening. */
  patients: SimPatient[];
  end: number;
}

/** Plays one session from opening to the last patient; times in minutes from the opening. */
export function simulateSession(rng: Rng, weekday: number, period: 'morning' | 'afternoon', c: Clinic = CLINIC): SimSession {
  const pauses: SimSession['pauses'] = [];
  const pace = Math.exp(c.sessionSigma * normal(rng)) * c.weekdayFactor[weekday]! * (period === 'afternoon' ? c.afternoonFactor : 1);
  const arrivals: number[] = [];
  const burst = period === 'morning' ? c.burstMorning : c.burstAfternoon;
  // Poisson count by summing exponential gaps over a unit interval.
  for (let t = exponential(rng, 1 / burst); t < 1; t += exponential(rng, 1 / burst)) arrivals.push(t * 3);
  for (let t = 3 + exponential(rng, c.arrivalMeanMinutes); t < c.receptionMinutes; t += exponential(rng, c.arrivalMeanMinutes)) arrivals.push(t);
  if (c.walkInMeanMinutes > 0) {
    for (let t = c.doctorDelay + exponential(rng, c.walkInMeanMinutes); t < c.receptionMinutes; t += exponential(rng, c.walkInMeanMinutes)) arrivals.push(t);
    arrivals.sort((a, b) => a - b);
  }
  // A family takes consecutive numbers at the same moment; `family` groups them (seen together or not).
  const together = new Map<SimPatient, SimPatient[]>();
  const patients: SimPatient[] = [];
  for (const at of arrivals) {
    const size = c.familyShare > 0 && rng() < c.familyShare ? (rng() < 0.6 ? 2 : 3) : 1;
    const members = Array.from({ length: size }, (): SimPatient => ({
      number: patients.length + 1, reservedAt: at, calledAt: null, startedAt: null, canceledAt: null, heldAt: null, returnsAt: null,
    }));
    for (const m of members) patients.push(m);
    if (size > 1 && rng() < c.familyTogetherShare) for (const m of members) together.set(m, members);
  }
  // Cancellations are decided up front: at a random moment within the next hour; only if still waiting then.
  const cancelAt = new Map<SimPatient, number>();
  for (const p of patients) if (rng() < c.cancelShare) cancelAt.set(p, p.reservedAt + uniform(rng, 2, 60));
  const willHold = new Set(patients.filter(() => rng() < c.holdShare));

  let now = c.doctorDelay;
  let tookBreak = false;
  for (;;) {
    const waiting = (p: SimPatient) => p.calledAt === null && p.reservedAt <= now && !((cancelAt.get(p) ?? Infinity) <= now);
    for (const p of patients) if (p.canceledAt === null && p.calledAt === null && (cancelAt.get(p) ?? Infinity) <= now) p.canceledAt = cancelAt.get(p)!;
    const back = patients.find((p) => p.returnsAt !== null && p.startedAt === null && p.returnsAt <= now);
    const next = back ?? patients.find(waiting);
    if (!next) {
      const upcoming = [
        ...patients.filter((p) => p.calledAt === null && p.canceledAt === null && p.reservedAt > now).map((p) => p.reservedAt),
        ...patients.filter((p) => p.returnsAt !== null && p.startedAt === null).map((p) => p.returnsAt!),
      ];
      if (upcoming.length === 0) break;
      now = Math.min(...upcoming);
      continue;
    }
    if (!back && willHold.has(next)) {
      next.calledAt = now;
      next.heldAt = now;
      if (rng() < c.holdReturnShare) next.returnsAt = now + uniform(rng, 5, 30);
      now += 0.5;
      continue;
    }
    next.calledAt ??= now;
    next.startedAt = now;
    const consult = () => c.overheadMinutes + logNormal(rng, c.consultMedian * pace, c.consultSigma);
    let busy = consult();
    // Seen together: staff press start for each member still waiting as they go in; one consultation for all.
    const family = (together.get(next) ?? []).filter((m) => m !== next && waiting(m) && !willHold.has(m));
    family.forEach((m, i) => {
      m.calledAt = m.startedAt = now + 0.25 * (i + 1);
      busy += consult() - c.overheadMinutes;
    });
    now += busy;
    if (c.breakMinutes > 0 && !tookBreak && now - c.doctorDelay >= c.breakAfterMinutes) {
      tookBreak = true;
      pauses.push({ at: now, minutes: c.breakMinutes });
      now += c.breakMinutes;
    }
    if (rng() < c.pauseShare) {
      const minutes = uniform(rng, ...c.pauseMinutes);
      pauses.push({ at: now, minutes });
      now += minutes;
    }
  }
  for (const p of patients) if (p.calledAt === null && cancelAt.has(p)) p.canceledAt = cancelAt.get(p)!;
  return { weekday, period, pace, pauses, patients, end: now };
}

/** Sessions of a week: mornings Monday–Saturday, afternoons except Thursday and Saturday. */
export const WEEK: [number, 'morning' | 'afternoon'][] = [
  [1, 'morning'], [1, 'afternoon'], [2, 'morning'], [2, 'afternoon'], [3, 'morning'], [3, 'afternoon'],
  [4, 'morning'], [5, 'morning'], [5, 'afternoon'], [6, 'morning'],
];

/** All the simulated sessions of `weeks` weeks, in order: the same seed gives the same days. */
export function simulateWeeks(seed: number, weeks: number, clinic: Clinic = CLINIC): SimSession[] {
  const rng = seededRng(seed);
  const sessions: SimSession[] = [];
  for (let week = 0; week < weeks; week++) for (const [weekday, period] of WEEK) sessions.push(simulateSession(rng, weekday, period, clinic));
  return sessions;
}
