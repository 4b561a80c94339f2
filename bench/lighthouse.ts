/**
 * Lighthouse (the npm package, pinned to 12.x: 13 needs Node 22) with Debian's Chromium, mobile preset
 * and its default simulated throttling, against the product serving its built client. The performance
 * score is the median of a few runs, as Lighthouse's own docs advise for its variance.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mustCall, staffLogin } from './lib/http.js';
import { type Proc, run, startProc, stopProc } from './lib/proc.js';
import { median } from './lib/stats.js';
import { prepareStore, STAFF } from './lib/stores.js';

export const CHROMIUM = '/usr/bin/chromium';
export const LIGHTHOUSE_PAGES = ['/pwa/book', '/web/all'] as const;

export interface LighthouseResult {
  page: string;
  score: number;
  scores: number[];
  /** The metrics of the median run, for the notes. */
  metrics: string;
  /** What the page showed (the final URL and title), so a placeholder is not mistaken for the real page. */
  seen: string;
}

/** The text of the page's largest paint (what a visitor sees first), digging through Lighthouse's tables. */
function lcpElement(report: Report): string {
  const found = JSON.stringify(report.audits['largest-contentful-paint-element']?.details ?? {}).match(/"nodeLabel":"((?:[^"\\]|\\.)*)"/);
  return found ? found[1].slice(0, 60) : '?';
}

interface Report {
  finalDisplayedUrl?: string;
  categories: { performance: { score: number | null } };
  audits: Record<string, { displayValue?: string; numericValue?: number; details?: unknown }>;
  runtimeError?: { message: string };
}

async function runOnce(url: string, dir: string): Promise<Report> {
  const out = join(dir, `lh-${Date.now()}.json`);
  await run(
    process.execPath,
    [
      'node_modules/lighthouse/cli/index.js',
      url,
      '--only-categories=performance',
      '--form-factor=mobile',
      '--output=json',
      `--output-path=${out}`,
      '--quiet',
      '--max-wait-for-load=30000',
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --user-data-dir=${join(dir, 'profile')}`,
    ],
    180_000,
    { CHROME_PATH: CHROMIUM },
  );
  const report = JSON.parse(readFileSync(out, 'utf8')) as Report;
  if (report.runtimeError) throw new Error(`lighthouse: ${report.runtimeError.message}`);
  return report;
}

export async function benchLighthouse(reps: number): Promise<LighthouseResult[] | { unavailable: string }> {
  if (!existsSync(CHROMIUM)) return { unavailable: `${CHROMIUM} is not installed (apt-get install chromium)` };
  const bench = await prepareStore('sqlite', null);
  const dir = mkdtempSync(join(tmpdir(), 'cq-lh-'));
  let product: Proc | undefined;
  try {
    product = await startProc({ name: 'product (lighthouse)', args: ['dist/server/main.js'], env: bench.env });
    // A realistic morning: reception open, a dozen people waiting, so /web/all has a list to render.
    const cookie = await staffLogin(product.url, STAFF.username, STAFF.password);
    await mustCall(product.url, 'startInhouseReception', {}, { cookie });
    await mustCall(product.url, 'startOnlineReception', {}, { cookie });
    for (let i = 0; i < 12; i++) await mustCall(product.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    const results: LighthouseResult[] = [];
    for (const page of LIGHTHOUSE_PAGES) {
      const reports: Report[] = [];
      for (let i = 0; i < reps; i++) reports.push(await runOnce(`${product.url}${page}`, dir));
      const scores = reports.map((r) => Math.round((r.categories.performance.score ?? 0) * 100));
      const score = median(scores);
      const mid = reports[scores.indexOf([...scores].sort((a, b) => a - b)[Math.floor(scores.length / 2)])];
      const audit = (id: string) => mid.audits[id]?.displayValue ?? '?';
      results.push({
        page,
        score,
        scores,
        metrics: `FCP ${audit('first-contentful-paint')}, LCP ${audit('largest-contentful-paint')}, TBT ${audit('total-blocking-time')}, CLS ${audit('cumulative-layout-shift')}, SI ${audit('speed-index')}, transfer ${audit('total-byte-weight')}`,
        seen: `${mid.finalDisplayedUrl ? new URL(mid.finalDisplayedUrl).pathname : page} (largest paint: “${lcpElement(mid)}”)`,
      });
      console.log(`    lighthouse ${page}: ${scores.join(', ')} (${results.at(-1)!.metrics}; ${results.at(-1)!.seen})`);
    }
    return results;
  } finally {
    if (product) await stopProc(product);
    await bench.cleanup();
    rmSync(dir, { recursive: true, force: true });
  }
}
