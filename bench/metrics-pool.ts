/**
 * The metrics comparison's rows over several runs of one build, pooled by process (bench/records/037):
 *   node --import tsx bench/metrics-pool.ts run-a.log run-b.log …
 * Each file is the printed output of `npm run bench -- --only metrics` or of a whole `npm run bench` (its
 * "metrics <store> …" lines). Only runs of the same product code and the same bench belong in one pool.
 */
import { readFileSync } from 'node:fs';
import { comparisonRows, type Openings, parseOpenings, type Sides, type State } from './lib/metrics-compare.js';
import { printRows, type Row } from './lib/stats.js';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node --import tsx bench/metrics-pool.ts <printed run> …');
  process.exit(2);
}

const pooled = new Map<string, Record<State, Sides>>();
for (const file of files) parseOpenings(readFileSync(file, 'utf8'), file, pooled);
if (pooled.size === 0) {
  console.error('no "metrics <store> …" lines in those files');
  process.exit(1);
}

const rows: Row[] = [];
for (const [kind, { cold, warm }] of pooled) {
  const scenario = `1m burst, metrics (${kind}), ${files.length} run${files.length === 1 ? '' : 's'} pooled`;
  const sizes = (units: Openings[]) => [...new Set(units.map((u) => u.length))].join(' or ');
  rows.push(...comparisonRows(scenario, 'cold', cold, `${cold.off.length} processes`));
  rows.push(...comparisonRows(scenario, 'warm', warm, `${warm.off.length} processes, ${sizes(warm.off)} openings of each`));
}
printRows(rows);
process.exit(rows.some((r) => r.met === false) ? 1 : 0);
