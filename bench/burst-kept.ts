/**
 * Scenario 1 with numbers kept for the desk (issue 35, docs/decisions/049): the opening burst of
 * bench/burst.ts — 1,000 patients at once, each on its own connection — against a product that keeps every
 * third number for the desk and lets online take at most 100 numbers a session, so every batch reads the
 * end, passes over kept numbers and counts the online numbers under the lock, and the view refuses the
 * rest once the cap is met. The same floor, process pattern (cold, then warm openings) and targets as the
 * plain burst; the outcome must be the first 100 numbers that are not multiples of 3, each once, and 900
 * RESOURCE_EXHAUSTED. Compare its rows with the plain burst's of the same run for a regression.
 *
 * `--only family` runs it with families on as well (decision 053): a quarter of the callers ask for three
 * numbers and a quarter for two, so batches decide requests of several numbers, spend the limits per number
 * and refuse families whole near the cap; no family may be split and every number is still given once.
 */
import { floorRun, latencyAndCpuRows, PATIENTS, productRun, type States, WARM_OPENINGS, WARMUP_OPENINGS } from './burst.js';
import type { PgCluster, StoreKind } from './lib/stores.js';
import { ms, type Row } from './lib/stats.js';

const KEEP_EVERY = 3;
const ONLINE_CAP = 100;
/** The numbers online may take: 1, 2, 4, 5, 7, … — the first ONLINE_CAP that are not kept. */
const ONLINE_NUMBERS = Array.from({ length: 200 }, (_, i) => i + 1).filter((n) => n % KEEP_EVERY !== 0).slice(0, ONLINE_CAP);
const STATES = ['cold', 'warm'] as const;

/** Families (decision 053) on as well: callers ask for 1, 2, 1, 3 numbers in turn (test/support/burst-families.ts). */
const FAMILY_MAX = 3;

export async function benchBurstKept(
  kinds: StoreKind[],
  reps: number,
  floorFlags: string[],
  cluster: PgCluster | null,
  nodeFlags: string[],
  families = false,
): Promise<Row[]> {
  const rows: Row[] = [];
  const kept = { keepEvery: KEEP_EVERY, onlineCap: ONLINE_CAP, numbers: ONLINE_NUMBERS, familyMax: families ? FAMILY_MAX : 1 };
  const label = families ? 'burst-family' : 'burst-kept';
  for (const kind of kinds) {
    const product: States[] = [];
    const floors: States[] = [];
    for (let rep = 0; rep < reps; rep++) {
      // Alternating the order keeps slow drift of a shared machine from favouring either side.
      if (rep % 2 === 0) {
        floors.push(await floorRun(floorFlags));
        product.push(await productRun({ kind, cluster, nodeFlags, kept }));
      } else {
        product.push(await productRun({ kind, cluster, nodeFlags, kept }));
        floors.push(await floorRun(floorFlags));
      }
      for (const state of STATES) {
        const [p, f] = [product.at(-1)![state], floors.at(-1)![state]];
        console.log(`    ${label} ${kind} #${rep + 1} ${state}: p99 ${ms(p.p99)} vs floor ${ms(f.p99)}; server CPU ${ms(p.serverCpuMs)} vs ${ms(f.serverCpuMs)}`);
      }
    }
    const scenario = `1 burst, every ${KEEP_EVERY}rd number kept, online cap ${ONLINE_CAP}${families ? `, families of up to ${FAMILY_MAX}` : ''} (${kind})`;
    for (const state of STATES) {
      const mine = product.map((m) => m[state]);
      const theirs = floors.map((m) => m[state]);
      rows.push(...latencyAndCpuRows(scenario, kind, state, mine, theirs, reps));
    }
    const problems = [...new Set(product.flatMap((m) => [...m.cold.problems, ...m.warm.problems]))];
    const bursts = reps * (WARMUP_OPENINGS + 1 + WARM_OPENINGS);
    rows.push({
      scenario,
      metric: families
        ? `outcomes: the first ${ONLINE_CAP} unkept numbers once, no kept number, no family split, the rest RESOURCE_EXHAUSTED in the catalogue's words, every opening (measured and warm-up)`
        : `outcomes: the first ${ONLINE_CAP} unkept numbers once, no kept number, ${PATIENTS - ONLINE_CAP} RESOURCE_EXHAUSTED, every opening (measured and warm-up)`,
      product: problems.length ? problems.join('; ') : `exact in ${bursts}/${bursts}`,
      floor: '–',
      ratio: '–',
      target: 'nothing else',
      met: problems.length === 0,
    });
  }
  return rows;
}
