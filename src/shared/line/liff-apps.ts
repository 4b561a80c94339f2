/**
 * Which LIFF app opens which /line page (docs/product.md, "/line": a general LINE login id and one each for book, all
 * and my). A page with its own LIFF app has that app's endpoint URL set to the page itself
 * (https://<host>/line/my), so its link is the bare LIFF URL; the general app's endpoint is /line and
 * the page travels in the link's path (https://liff.line.me/{liffId}/path). Shared so the
 * client's links and any server-side tool (rich menu, doctor) build the same URLs.
 */

export const LIFF_PAGES = ['book', 'all', 'my'] as const;
export type LiffPage = (typeof LIFF_PAGES)[number];

export interface LiffApps {
  /** The general LIFF app (endpoint /line). */
  liffId: string | null;
  /** A page's own LIFF app (endpoint /line/{page}), when the clinic has one. */
  liffIds: Record<LiffPage, string | null>;
}

export const isLiffPage = (page: string | null): page is LiffPage => LIFF_PAGES.includes(page as LiffPage);

/** The LIFF id to initialise with on `page` (null: not a page with its own app): its own, else the general one. */
export function liffIdFor(page: string | null, apps: LiffApps): string | null {
  return (isLiffPage(page) ? apps.liffIds[page] : null) ?? apps.liffId;
}

/**
 * The LIFF URL that opens `page` inside LINE, or null when no LIFF app is configured at all. `queue`: the
 * queue to preselect (`?queue=<id>`, decision 061), which LINE hands to the endpoint inside liff.state.
 */
export function liffPageUrl(page: LiffPage, apps: LiffApps, queue: string | null = null): string | null {
  const query = queue === null ? '' : `?queue=${encodeURIComponent(queue)}`;
  const own = apps.liffIds[page];
  if (own) return `https://liff.line.me/${encodeURIComponent(own)}${query}`;
  return apps.liffId ? `https://liff.line.me/${encodeURIComponent(apps.liffId)}/${page}${query}` : null;
}
