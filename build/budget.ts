/**
 * Page-weight budget (issue 7, docs/decisions/007): the gzipped JavaScript a route set loads first must stay
 * within its budget, and `@line/liff` must load only under /line. Checked in `vite build` itself, so a
 * change that breaks it fails the build instead of regressing silently. The bench reads the same figures
 * from the Vite manifest through `routeSetWeights`.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** 1 KB = 1024 bytes throughout (the figures in bytes are reported beside). */
export const KB = 1024;

export const BUDGETS = {
  /** /pwa and /web: React and ReactDOM alone are about 69 KB. */
  patientKb: 90,
  /** /line may add at most this much to /web (LIFF and its sign-in). */
  lineExtraKb: 40,
  /** /group (a group account's page, at the group host): a staff page, but often opened on a phone. */
  groupKb: 85,
} as const;

/** The route sets main.tsx chooses between, by their lazy chunk's source file. */
const ROUTE_SET = /src\/client\/(line|pwa|web|admin|group)\/[A-Za-z]+App\.tsx$/;
const LIFF = /node_modules\/@line\/liff\//;

/** One output chunk, whether read from Rolldown's bundle or from the Vite manifest. */
export interface ChunkNode {
  file: string;
  isEntry: boolean;
  /** The module the chunk stands for (route-set component, entry), if any. */
  facade?: string;
  /** Every module inside the chunk (the manifest knows only the facade). */
  modules: string[];
  imports: string[];
  dynamicImports: string[];
  gzipBytes: number;
}

export interface RouteSetWeight {
  set: string;
  /** Entry + the route-set chunk + everything they import statically: what loads before the first screen. */
  files: string[];
  gzipBytes: number;
  /** Also counting the route set's own lazy imports (for /line: LIFF, which loads at once inside LINE). */
  withLazyGzipBytes: number;
  /** Whether LIFF is reachable from this route set at all, statically or lazily. */
  reachesLiff: boolean;
}

export const gzipSize = (code: string | Uint8Array) => gzipSync(code).length;

/** Files reachable from `roots`; with `lazy`, also through dynamic imports, except `entry`'s (the other route sets). */
function closure(graph: Map<string, ChunkNode>, roots: string[], lazy: boolean, entry?: string): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const node = graph.get(file);
    if (!node) continue;
    stack.push(...node.imports);
    if (lazy && file !== entry) stack.push(...node.dynamicImports);
  }
  return seen;
}

export function routeSetWeights(chunks: ChunkNode[]): RouteSetWeight[] {
  const graph = new Map(chunks.map((c) => [c.file, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error('page budget: the build has no entry chunk');
  const sum = (files: Set<string>) => [...files].reduce((n, f) => n + (graph.get(f)?.gzipBytes ?? 0), 0);
  const weights: RouteSetWeight[] = [];
  for (const chunk of chunks) {
    const set = chunk.facade ? ROUTE_SET.exec(chunk.facade)?.[1] : undefined;
    if (!set) continue;
    const first = closure(graph, [entry.file, chunk.file], false);
    // The entry's own lazy imports are the other route sets, never loaded together: only this set's count.
    const lazy = closure(graph, [...first], true, entry.file);
    const reachesLiff = [...lazy].some((f) => graph.get(f)?.modules.some((m) => LIFF.test(m)));
    weights.push({ set, files: [...first].sort(), gzipBytes: sum(first), withLazyGzipBytes: sum(lazy), reachesLiff });
  }
  return weights.sort((a, b) => a.set.localeCompare(b.set));
}

export interface BudgetCheck {
  what: string;
  bytes: number;
  limitBytes: number;
  ok: boolean;
}

/** The budgets of issue 7, as checks. Missing route sets are failures: a rename must not drop a budget. */
export function budgetChecks(weights: RouteSetWeight[]): BudgetCheck[] {
  const get = (set: string) => weights.find((w) => w.set === set);
  const checks: BudgetCheck[] = [];
  const web = get('web');
  for (const set of ['pwa', 'web', 'line']) {
    if (!get(set)) checks.push({ what: `/${set} route set exists`, bytes: 0, limitBytes: 0, ok: false });
  }
  for (const set of ['pwa', 'web'] as const) {
    const w = get(set);
    if (!w) continue;
    checks.push({ what: `/${set} first JS`, bytes: w.gzipBytes, limitBytes: BUDGETS.patientKb * KB, ok: w.gzipBytes <= BUDGETS.patientKb * KB });
    checks.push({ what: `/${set} never loads @line/liff`, bytes: 0, limitBytes: 0, ok: !w.reachesLiff });
  }
  const line = get('line');
  if (line && web) {
    // Inside LINE, LIFF loads at once: the budget counts it.
    const limit = web.gzipBytes + BUDGETS.lineExtraKb * KB;
    checks.push({ what: '/line first JS incl. LIFF (≤ /web + 40 KB)', bytes: line.withLazyGzipBytes, limitBytes: limit, ok: line.withLazyGzipBytes <= limit });
  }
  const admin = get('admin');
  if (admin) checks.push({ what: '/admin never loads @line/liff', bytes: 0, limitBytes: 0, ok: !admin.reachesLiff });
  const group = get('group');
  if (!group) checks.push({ what: '/group route set exists', bytes: 0, limitBytes: 0, ok: false });
  else {
    checks.push({ what: '/group first JS', bytes: group.gzipBytes, limitBytes: BUDGETS.groupKb * KB, ok: group.gzipBytes <= BUDGETS.groupKb * KB });
    checks.push({ what: '/group never loads @line/liff', bytes: 0, limitBytes: 0, ok: !group.reachesLiff });
  }
  return checks;
}

export const formatKb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Fails `vite build` when a budget is exceeded; prints the figures otherwise. */
export function pageBudget(): Plugin {
  return {
    name: 'clinic-queue:page-budget',
    apply: 'build',
    // After writing: Vite's own plugins still rewrite chunks (preload lists) in generateBundle, so only the
    // files on disk have the bytes a browser downloads.
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist/client';
      const chunks: ChunkNode[] = [];
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        chunks.push({
          file: output.fileName,
          isEntry: output.isEntry,
          facade: output.facadeModuleId ?? undefined,
          modules: output.moduleIds,
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          gzipBytes: gzipSize(readFileSync(join(dir, output.fileName))),
        });
      }
      const weights = routeSetWeights(chunks);
      const checks = budgetChecks(weights);
      const lines = weights.map((w) => `  /${w.set}: ${formatKb(w.gzipBytes)} first, ${formatKb(w.withLazyGzipBytes)} with its lazy chunks`);
      this.info(`page weight (gzip):\n${lines.join('\n')}`);
      const failed = checks.filter((c) => !c.ok);
      if (failed.length > 0) {
        const why = failed.map((c) => `  ${c.what}${c.limitBytes ? `: ${formatKb(c.bytes)} > ${formatKb(c.limitBytes)}` : ''}`);
        this.error(`page-weight budget exceeded (issue 7, build/budget.ts):\n${why.join('\n')}`);
      }
    },
  };
}
