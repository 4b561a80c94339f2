/**
 * Scenario 3, page weight: the gzipped JavaScript each route set loads first, read from the Vite manifest
 * of the build this run made (the same rules the build enforces: build/budget.ts), and Lighthouse's mobile
 * performance score on /pwa/book and /web/all.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUDGETS, budgetChecks, type ChunkNode, formatKb, gzipSize, KB, routeSetWeights } from '../build/budget.js';
import { benchLighthouse } from './lighthouse.js';
import { ROOT } from './lib/proc.js';
import type { Row } from './lib/stats.js';

const CLIENT = join(ROOT, 'dist/client');
const LIGHTHOUSE_TARGET = 95;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The manifest as the budget's chunk graph; it names only each chunk's facade module, which suffices here. */
export function chunksFromManifest(dir: string): ChunkNode[] {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const fileOf = (key: string) => manifest[key]?.file ?? key;
  return Object.entries(manifest)
    .filter(([, c]) => c.file.endsWith('.js'))
    .map(([key, c]) => ({
      file: c.file,
      isEntry: Boolean(c.isEntry),
      facade: c.src ?? key,
      modules: [c.src ?? key],
      imports: (c.imports ?? []).map(fileOf),
      dynamicImports: (c.dynamicImports ?? []).map(fileOf),
      gzipBytes: gzipSize(readFileSync(join(dir, c.file))),
    }));
}

const pwaIsPlaceholder = () => readFileSync(join(ROOT, 'src/client/pwa/PwaApp.tsx'), 'utf8').includes('Placeholder');

export async function benchPageWeight(buildError: string | null, lighthouseReps: number): Promise<Row[]> {
  const rows: Row[] = [];
  const scenario = '3 page weight';
  if (buildError) {
    rows.push({ scenario, metric: 'client build', product: `failed: ${buildError.split('\n').slice(-6).join(' ')}`, floor: '–', ratio: '–', target: 'builds within budget', met: false });
  } else {
    const weights = routeSetWeights(chunksFromManifest(CLIENT));
    const checks = budgetChecks(weights);
    const get = (set: string) => weights.find((w) => w.set === set)!;
    const placeholder = pwaIsPlaceholder() ? ' — the /pwa screens are still the placeholder' : '';
    for (const set of ['pwa', 'web'] as const) {
      const w = get(set);
      rows.push({
        scenario,
        metric: `/${set} first JS, gzip (${w.files.length} files: entry + route set + static imports)${set === 'pwa' ? placeholder : ''}`,
        product: formatKb(w.gzipBytes),
        floor: '–',
        ratio: '–',
        target: `≤ ${BUDGETS.patientKb} KB`,
        met: w.gzipBytes <= BUDGETS.patientKb * KB,
      });
    }
    const line = get('line');
    const web = get('web');
    rows.push({
      scenario,
      metric: `/line first JS incl. LIFF (inside LINE; ${formatKb(line.gzipBytes)} outside), more than /web`,
      product: `${formatKb(line.withLazyGzipBytes)} (+${formatKb(line.withLazyGzipBytes - web.gzipBytes)})`,
      floor: '–',
      ratio: '–',
      target: `≤ +${BUDGETS.lineExtraKb} KB`,
      met: line.withLazyGzipBytes - web.gzipBytes <= BUDGETS.lineExtraKb * KB,
    });
    const group = get('group');
    rows.push({
      scenario,
      metric: `/group first JS, gzip (the group page, decision 081; ${group.files.length} files)`,
      product: formatKb(group.gzipBytes),
      floor: '–',
      ratio: '–',
      target: `≤ ${BUDGETS.groupKb} KB`,
      met: group.gzipBytes <= BUDGETS.groupKb * KB,
    });
    const liffElsewhere = weights.filter((w) => w.set !== 'line' && w.reachesLiff).map((w) => `/${w.set}`);
    rows.push({
      scenario,
      metric: '@line/liff only under /line',
      product: liffElsewhere.length ? `also under ${liffElsewhere.join(', ')}` : line.reachesLiff ? 'only /line' : 'nowhere',
      floor: '–',
      ratio: '–',
      target: 'only /line',
      met: liffElsewhere.length === 0,
    });
    rows.push({
      scenario,
      metric: 'budget enforced by `vite build` (build/budget.ts)',
      product: checks.every((c) => c.ok) ? 'build passes' : `fails: ${checks.filter((c) => !c.ok).map((c) => c.what).join(', ')}`,
      floor: '–',
      ratio: '–',
      target: 'enforced',
      met: true,
    });
  }
  const lighthouse = buildError ? { unavailable: 'the client did not build' } : await benchLighthouse(lighthouseReps).catch((err: unknown) => ({ unavailable: err instanceof Error ? err.message.split('\n').slice(0, 3).join(' ') : String(err) }));
  if ('unavailable' in lighthouse) {
    rows.push({ scenario, metric: 'Lighthouse mobile performance', product: `not measured: ${lighthouse.unavailable}`, floor: '–', ratio: '–', target: `≥ ${LIGHTHOUSE_TARGET}`, met: null });
  } else {
    for (const r of lighthouse) {
      const note = r.page.startsWith('/pwa') && pwaIsPlaceholder() ? ' — measures the placeholder screen' : '';
      rows.push({
        scenario,
        metric: `Lighthouse mobile performance ${r.page}, median of ${r.scores.length} (${r.scores.join(', ')})${note}`,
        product: String(r.score),
        floor: '–',
        ratio: '–',
        target: `≥ ${LIGHTHOUSE_TARGET}`,
        met: r.score >= LIGHTHOUSE_TARGET,
        note: `${r.metrics}; measured ${r.seen}`,
      });
    }
  }
  return rows;
}
