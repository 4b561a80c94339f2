/**
 * The estimate with two queues of different pace in one clinic (issue 43, decision 061): a vaccination queue
 * of ~3-minute starts and a consultation queue of ~10-minute starts, open at the same hours. Each queue reads
 * its own pace, history and calibration in the product, so each is replayed as its own clinic through the
 * same real estimator as the family (bench/estimate.ts), and each queue's figures must meet the family's
 * targets on their own, on three seeds.
 */
import { CLINIC, type Clinic } from './estimate-sim.js';
import { metTargets, OTHER_SEEDS, runClinic, SEED, TARGET_WIDTH_RATIO, type ClinicFigures } from './estimate.js';
import { pct, type Row } from './lib/stats.js';

/** The consultation median that gives a start-to-start mean of `minutes` at spread σ (overhead included). */
const medianFor = (minutes: number, sigma: number) => (minutes - CLINIC.overheadMinutes) / Math.exp(sigma ** 2 / 2);

export const QUEUES: readonly { name: string; clinic: Clinic }[] = [
  {
    name: 'vaccination, ~3 min a patient (σ 0.3, no pauses, no-shows 2 %)',
    clinic: { ...CLINIC, consultSigma: 0.3, consultMedian: medianFor(3, 0.3), arrivalMeanMinutes: 3.2, burstMorning: 20, burstAfternoon: 14, pauseShare: 0, holdShare: 0.03, holdReturnShare: 0.33, cancelShare: 0.04 },
  },
  {
    name: 'consultation, ~10 min a patient (σ 0.5, pauses, no-shows 2 %)',
    clinic: { ...CLINIC, consultSigma: 0.5, consultMedian: medianFor(10, 0.5), arrivalMeanMinutes: 10.5, burstMorning: 8, burstAfternoon: 6 },
  },
];

const QUEUE_SEED = SEED + 4300;

export function benchEstimateQueues(): Row[] {
  const rows: Row[] = [];
  for (const [i, queue] of QUEUES.entries()) {
    const runs: ClinicFigures[] = [QUEUE_SEED, ...OTHER_SEEDS.map((b) => b + 4300)].map((seed) => runClinic({ name: queue.name, clinic: queue.clinic }, seed + i, { rule: 'own' }));
    const worst = runs.reduce((a, f) => (metTargets(f) ? a : f), runs[0]);
    rows.push({
      scenario: '7 estimate, two queues',
      metric: `queue ${i + 1} of 2, ${queue.name}: its own pace and calibration, turn before the low end · inside · width at 10 ahead (seed ${worst.seed}; three seeds)`,
      product: runs.map((f) => `${pct(f.sooner)} · ${pct(f.inside)} · ${f.widthAt10} min`).join(' / '),
      floor: `oracle ${runs.map((f) => f.oracleAt10.toFixed(1)).join(' / ')} min`,
      ratio: runs.map((f) => `${(f.widthAt10 / f.oracleAt10).toFixed(2)}×`).join(' / '),
      target: `≤ 5 % · ≥ 80 % · ≤ ${TARGET_WIDTH_RATIO}×`,
      met: runs.every(metTargets),
      note: `${runs[0].patients} patients over ${runs[0].sessions} sessions (first seed); median error ${runs.map((f) => f.medianError.toFixed(1)).join(' / ')} min`,
    });
  }
  return rows;
}
