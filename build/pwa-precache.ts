/**
 * Writes the /pwa worker's precache list into the built `pwa/sw.js` (docs/decisions/013). Asset names are
 * hashed, so only the build knows them. Injected into the worker rather than shipped as a separate JSON: a
 * browser re-installs a worker only when the worker's own bytes change, so a new build with new files must
 * change sw.js itself, or phones would keep the old shell for ever.
 *
 * The list: the shell's own files (the entry and what it imports statically, as index.html loads them),
 * the /pwa chunk with everything it imports, statically or lazily, their CSS, and the manifest and icons.
 * Other route sets (the entry's other lazy imports) are left out. URLs are absolute: relative ones would
 * resolve against /pwa/ (the worker's folder) and precache nothing (decision 013).
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rollup } from 'vite';
import { staffLabels } from '../src/shared/labels/staff.js';
import { label } from '../src/shared/labels/text.js';

const PWA_CHUNK = /src\/client\/pwa\/PwaApp\.tsx$/;
const MARKER = /const BUILD = \{ revision: 'dev', urls: \[\], fallbackTitle: '' \};/;

type OutputChunk = Rollup.OutputChunk;

type Chunk = Pick<OutputChunk, 'fileName' | 'isEntry' | 'facadeModuleId' | 'imports' | 'dynamicImports'> & {
  viteMetadata?: { importedCss: Set<string>; importedAssets: Set<string> };
};

/** Files the /pwa pages load, from the bundle's chunk graph. */
export function pwaFiles(chunks: Chunk[]): string[] {
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  const pwa = chunks.find((c) => c.facadeModuleId && PWA_CHUNK.test(c.facadeModuleId));
  if (!entry || !pwa) throw new Error('pwa precache: no entry or no /pwa chunk in the bundle');
  const files = new Set<string>();
  const visit = (name: string, lazy: boolean) => {
    if (files.has(name)) return;
    files.add(name);
    const chunk = byName.get(name);
    if (!chunk) return;
    chunk.viteMetadata?.importedCss.forEach((css) => files.add(css));
    chunk.viteMetadata?.importedAssets.forEach((asset) => files.add(asset));
    chunk.imports.forEach((i) => visit(i, lazy));
    if (lazy) chunk.dynamicImports.forEach((i) => visit(i, lazy));
  };
  visit(entry.fileName, false); // the entry's lazy imports are the route sets: only /pwa's is wanted
  visit(pwa.fileName, true);
  return [...files].sort();
}

export function pwaPrecache(): Plugin {
  return {
    name: 'clinic-queue:pwa-precache',
    apply: 'build',
    writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist/client';
      const worker = join(dir, 'pwa', 'sw.js');
      if (!existsSync(worker)) this.error(`pwa precache: ${worker} missing (public/pwa/sw.js is copied there)`);
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk') as Chunk[];
      const statics = ['pwa/manifest.webmanifest', ...readdirSync(join(dir, 'pwa', 'icons')).map((f) => `pwa/icons/${f}`)];
      const files = [...pwaFiles(chunks), ...statics];
      // The revision covers the shell and the unhashed files too, so any change to them re-installs the worker.
      const hash = createHash('sha256');
      for (const file of ['index.html', ...files]) hash.update(file).update(readFileSync(join(dir, file)));
      const build = { revision: hash.digest('hex').slice(0, 12), urls: files.map((f) => `/${f}`), fallbackTitle: label(staffLabels, 'ja', 'push.fallbackTitle') };
      const source = readFileSync(worker, 'utf8');
      if (!MARKER.test(source)) this.error('pwa precache: the BUILD marker line in public/pwa/sw.js was changed');
      writeFileSync(worker, source.replace(MARKER, `const BUILD = ${JSON.stringify(build)};`));
    },
  };
}
