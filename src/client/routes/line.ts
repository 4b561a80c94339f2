/**
 * /line's routes (docs/product.md, "/line").
 * Part of the client's route table: one file per route set, so each chunk carries only its own paths.
 */

/** /line's pages by name; LineApp decides by these names (line/platform.ts, pageOf). */
export const linePaths = {
  book: '/line/book',
  my: '/line/my',
  all: '/line/all',
  reserved: '/line/reserved',
  closed: '/line/closed',
  openInLine: '/line/open-in-line',
  callback: '/line/callback',
} as const;

/** /line itself, where a LIFF link arrives with the page in `liff.state`: no page of its own. */
export const lineRoot = '/line';

/** /line/open-in-line?to=…: the page to open once inside LINE. */
export const openInLinePath = (to: string) => `${linePaths.openInLine}?to=${to}`;

/** LINE's web sign-in returns here, with the page to go on to. */
export const lineCallbackPath = (to: string) => `${linePaths.callback}?to=${to}`;
