/**
 * Where a visitor to /pwa goes (docs/product.md, "/pwa"). Pure functions of the path and of whether the page runs
 * installed, so every rule is tested without a browser.
 */
import { pwaPaths } from '../routes/pwa.js';

export type PwaTab = 'book' | 'my' | 'all';

export type PwaDecision = { kind: 'redirect'; to: string } | { kind: 'install' } | { kind: 'app'; tab: PwaTab };

const TABS: readonly PwaTab[] = ['book', 'my', 'all'];

/** The first segment after /pwa/ ('' for /pwa and /pwa/). */
function segment(path: string): string {
  return path.replace(/^\/pwa(\/|$)/, '').split('/')[0] ?? '';
}

/**
 * The footer tab a path belongs to: by its prefix, so /pwa/all/… keeps "all" lit. Null for the
 * paths that have no tab (install, unknown).
 */
export function tabOf(path: string): PwaTab | null {
  const first = segment(path);
  return (TABS as readonly string[]).includes(first) ? (first as PwaTab) : null;
}

export function decidePwaRoute(path: string, installed: boolean): PwaDecision {
  const first = segment(path);
  if (first === '') return { kind: 'redirect', to: installed ? pwaPaths.book : pwaPaths.install };
  if (first === 'install') return installed ? { kind: 'redirect', to: pwaPaths.book } : { kind: 'install' };
  const tab = tabOf(path);
  if (tab) return installed ? { kind: 'app', tab } : { kind: 'redirect', to: pwaPaths.install };
  // Unknown paths go to /book, which sends a visitor who has not installed on to /install.
  return { kind: 'redirect', to: pwaPaths.book };
}
