/**
 * Who is visiting /line and where they should go (docs/product.md, "/line"). Pure functions of the path, query,
 * user agent and configuration, so every rule is tested without a browser.
 */
import { lineRoot, linePaths, openInLinePath } from '../routes/line.js';

export type DeviceKind = 'liff' | 'line' | 'mobile' | 'desktop';

export type LinePage = keyof typeof linePaths;

/** Pages that need the patient signed in: the book, my and all screens (and the sign-in callback itself). */
export const SIGNED_IN_PAGES: ReadonlySet<LinePage> = new Set<LinePage>(['book', 'my', 'all', 'callback']);

const LINE_UA = / Line\/[\d.]+/;
const LIFF_UA = / Line\/[\d.]+.* LIFF\b/;

/**
 * LINE's LIFF browser ends its user agent with "Line/x.y.z LIFF"; its ordinary in-app browser with
 * "Line/x.y.z" only. iPadOS asks for desktop sites with a Mac user agent, so a Mac with a
 * touch screen counts as mobile.
 */
export function detectDevice(userAgent: string, maxTouchPoints = 0): DeviceKind {
  if (LIFF_UA.test(userAgent)) return 'liff';
  if (LINE_UA.test(userAgent)) return 'line';
  if (/Android|iPhone|iPad|iPod|Mobile|Windows Phone/i.test(userAgent)) return 'mobile';
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'mobile';
  return 'desktop';
}

export function pageOf(path: string): LinePage | null {
  const entry = Object.entries(linePaths).find(([, p]) => p === path || `${p}/` === path);
  return entry ? (entry[0] as LinePage) : null;
}

/**
 * The path a visitor asked for. A LIFF link (https://liff.line.me/{liffId}/my) arrives at the endpoint
 * (/line) with the rest in `liff.state`; only liff.init may restore it, but where we do not run LIFF at all
 * (a browser outside LINE) we still want to know which page was meant.
 */
export function requestedPath(path: string, search: URLSearchParams): string {
  const state = search.get('liff.state');
  if (state === null || (path !== lineRoot && path !== `${lineRoot}/`)) return path;
  const statePath = state.split(/[?#]/)[0];
  return `${lineRoot}${statePath.startsWith('/') ? '' : '/'}${statePath}`;
}

/** The wire's queue id (queueIdSchema); a link's anything else is not passed on. */
const QUEUE_ID = /^[a-z0-9_-]{1,32}$/;

/**
 * The queue a link names (`?queue=<id>`, decision 061), from the address or, at the LIFF endpoint, from inside
 * liff.state, so every hop on the way to the book page (a redirect, /open-in-line, its LIFF link) keeps it.
 * The book screen reads it itself (patient/queues/queue-link.ts); this copy is for the hops only, so the first
 * load does not share that module of the queues chunk.
 */
export function linkedQueue(search: URLSearchParams): string | null {
  const state = search.get('liff.state')?.split('?')[1];
  const queue = search.get('queue') ?? (state === undefined ? null : new URLSearchParams(state.split('#')[0]).get('queue'));
  return queue !== null && QUEUE_ID.test(queue) ? queue : null;
}

export type OpenInLineTarget = 'book' | 'all' | 'my';

/** `to` of /open-in-line: book, all or my; reservation means my; anything else is book. */
export function openInLineTarget(to: string | null): OpenInLineTarget {
  if (to === 'all' || to === 'my') return to;
  if (to === 'reservation') return 'my';
  return 'book';
}

/** The `to` a page is sent to /open-in-line with: the confirmation page is the patient's reservation. */
function openInLineParam(page: LinePage | null): string {
  if (page === 'all' || page === 'my') return page;
  if (page === 'reserved') return 'reservation';
  return 'book';
}

export type LineDecision =
  | { kind: 'external'; url: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'page'; page: LinePage };

export interface LineRouteInput {
  path: string;
  search: URLSearchParams;
  device: DeviceKind;
  clinicSiteUrl: string | null;
}

export function decideLineRoute({ path, search, device, clinicSiteUrl }: LineRouteInput): LineDecision {
  const page = pageOf(path);
  const requested = pageOf(requestedPath(path, search));
  if (device === 'desktop' && clinicSiteUrl) return { kind: 'external', url: clinicSiteUrl };
  if (device === 'desktop' || device === 'mobile') {
    // The out-of-hours notice and the "open in LINE" page itself are for anyone.
    if (page === 'openInLine' || page === 'closed') return { kind: 'page', page };
    const queue = linkedQueue(search);
    return { kind: 'redirect', to: `${openInLinePath(openInLineParam(requested))}${queue === null ? '' : `&queue=${queue}`}` };
  }
  if (page) return { kind: 'page', page };
  const queue = linkedQueue(search);
  return { kind: 'redirect', to: `${requested ? linePaths[requested] : linePaths.book}${queue === null ? '' : `?queue=${queue}`}` };
}
