/**
 * The clinic's LINE rich menu: one row of three areas, the PWA footer's tabs (the catalogue's nav.* labels), each
 * opening its page of the mini-app through LIFF (https://liff.line.me/{liffId}/{page}).
 */
import { staffLabels } from '../../../shared/labels/staff.js';
import { label } from '../../../shared/labels/text.js';
import type { MenuIconName } from './icons.js';
import { type LiffApps, liffPageUrl } from '../../../shared/line/liff-apps.js';

/** How the command knows its own menus again: it deletes only menus with exactly this name. */
export const RICH_MENU_NAME = 'clinic-queue patient menu';
/** LINE's compact size: one row under the chat (2500×1686 would be two rows). */
export const MENU_SIZE = { width: 2500, height: 843 } as const;

export type MenuPage = 'all' | 'book' | 'my';

export const MENU_TABS: readonly { page: MenuPage; label: 'nav.all' | 'nav.book' | 'nav.my'; icon: MenuIconName }[] = [
  { page: 'all', label: 'nav.all', icon: 'menu-all' },
  { page: 'book', label: 'nav.book', icon: 'menu-book' },
  { page: 'my', label: 'nav.my', icon: 'menu-my' },
];

export interface Bounds {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Three columns that tile the image exactly (833 + 834 + 833 px). */
export function tabBounds(): Bounds[] {
  const edges = [0, 1, 2, 3].map((i) => Math.round((i * MENU_SIZE.width) / 3));
  return MENU_TABS.map((_, i) => ({ x: edges[i]!, y: 0, width: edges[i + 1]! - edges[i]!, height: MENU_SIZE.height }));
}

export interface RichMenuRequest {
  size: { width: number; height: number };
  selected: boolean;
  name: string;
  chatBarText: string;
  areas: { bounds: Bounds; action: { type: 'uri'; label: string; uri: string } }[];
}

/**
 * The LIFF URL of each page, built as the mini-app's own links are (src/shared/line/liff-apps.ts): a page
 * with its own LIFF app opens that app, the others the general app at /{page}. Null when a page has none.
 */
export function liffUrls(apps: LiffApps): Record<MenuPage, string> | null {
  const urls = { all: liffPageUrl('all', apps), book: liffPageUrl('book', apps), my: liffPageUrl('my', apps) };
  return urls.all && urls.book && urls.my ? { all: urls.all, book: urls.book, my: urls.my } : null;
}

export function richMenuRequest(urls: Record<MenuPage, string>): RichMenuRequest {
  const bounds = tabBounds();
  return {
    size: { ...MENU_SIZE },
    // Open under the chat when a patient opens the talk: the menu is how they reach the queue.
    selected: true,
    name: RICH_MENU_NAME,
    chatBarText: label(staffLabels, 'ja', 'nav.label'),
    areas: MENU_TABS.map((tab, i) => ({
      bounds: bounds[i]!,
      action: { type: 'uri', label: label(staffLabels, 'ja', tab.label), uri: urls[tab.page] },
    })),
  };
}
