/**
 * Writes docs/benchmarks.md: the machine, the versions, and one table per scenario. Everything below the
 * NOTES marker is written by people (findings, profiles, what remains) and is kept when the bench rewrites
 * the file, so a new run refreshes the figures without losing the analysis.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/proc.js';
import type { Row } from './lib/stats.js';

export interface Section {
  scenario: string;
  title: string;
  rows: Row[];
  notes: string[];
  seconds: number;
}

const FILE = join(ROOT, 'docs/benchmarks.md');
const NOTES = '<!-- notes: written by people, kept by `npm run bench` -->';
const PACKAGES = ['fastify', 'kysely', 'better-sqlite3', 'pg', 'zod', 'jose', 'react', 'react-dom', 'vite', 'lighthouse'];

function version(pkg: string): string {
  const file = join(ROOT, 'node_modules', pkg, 'package.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version : 'not installed';
}

function chromium(): string {
  const result = spawnSync('/usr/bin/chromium', ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : 'not installed';
}

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const verdict = (met: boolean | null) => (met === null ? '–' : met ? '**met**' : '**missed**');

export interface RunInfo {
  reps?: number;
  minutes: number;
  postgres: string | null;
}

export async function writeReport(sections: Section[], info: RunInfo): Promise<string> {
  const cpu = cpus();
  const lines: string[] = [
    '# Benchmarks',
    '',
    'Written by `npm run bench` (bench/, issue 7). Each scenario runs, in the same run and with the same load',
    'generator, against a **floor**: a bare `node:http` server in bench/floors/ that answers the same requests',
    'from memory (no store, no validation library, no token library); start-up is compared with a bare',
    'Fastify server with one route. Targets are ratios product / floor; the absolute figures stand beside',
    'them but mean little on a shared 2-core machine where the load generator competes with the servers.',
    '',
    `## Machine (run of ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${info.minutes.toFixed(1)} min)`,
    '',
    `- CPU: ${cpu.length} × ${cpu[0]?.model ?? '?'}; memory ${(totalmem() / 2 ** 30).toFixed(1)} GiB; Linux ${release()}; load average at the end ${loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    `- Node ${process.version}; ${PACKAGES.map((p) => `${p} ${version(p)}`).join(', ')}`,
    `- PostgreSQL: ${info.postgres ?? 'not used in this run'}; Chromium: ${chromium()}`,
    `- Product: \`node dist/server/main.js\` (built by \`npm run build\` at the start of the run), 127.0.0.1, LOG_LEVEL=warn`,
    info.reps ? `- Repetitions forced to ${info.reps} (\`--reps\`)` : '- Default repetitions (burst 5, fan-out 100 actions each, Lighthouse 3, start-up 9)',
    '',
    '## Results',
    '',
    '| scenario | metric | product | floor / reference | ratio | target | result |',
    '|---|---|---|---|---|---|---|',
  ];
  for (const section of sections) {
    for (const r of section.rows) {
      lines.push(`| ${cell(r.scenario)} | ${cell(r.metric)} | ${cell(r.product)} | ${cell(r.floor)} | ${cell(r.ratio)} | ${cell(r.target)} | ${verdict(r.met)} |`);
    }
    if (section.rows.length === 0) lines.push(`| ${section.title} | – | – | – | – | – | not run |`);
  }
  const details = sections.flatMap((s) => [...s.notes.map((n) => `- ${s.title}: ${n}`), ...s.rows.filter((r) => r.note).map((r) => `- ${r.scenario}, ${r.metric.split(',')[0]}: ${r.note}`)]);
  if (details.length > 0) lines.push('', '### Run notes', '', ...details);
  const ran = new Set(sections.map((s) => s.scenario));
  const skipped = ['burst', 'fanout', 'weight', 'startup', 'backup', 'estimate'].filter((s) => !ran.has(s));
  if (skipped.length > 0) lines.push('', `Not run this time (\`--only\`): ${skipped.join(', ')}.`);

  const previous = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '';
  const cut = previous.indexOf(NOTES);
  const notes = cut >= 0 ? previous.slice(cut) : `${NOTES}\n\n## Findings\n\n(none yet)\n`;
  writeFileSync(FILE, `${lines.join('\n')}\n\n${notes}`);
  return FILE;
}
