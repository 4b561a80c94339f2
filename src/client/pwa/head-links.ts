/**
 * The manifest and the Home Screen icon belong to /pwa only: one index.html serves every route set, and a
 * manifest link there would make /admin or /web installable as "the app". So the /pwa chunk adds them when it
 * loads. Chromium watches for a manifest link added later; iOS reads both when the patient taps "Add to Home
 * Screen", long after this ran.
 */
export const MANIFEST_URL = '/pwa/manifest.webmanifest';
export const APPLE_TOUCH_ICON_URL = '/pwa/icons/apple-touch-icon.png';

function ensureLink(doc: Document, rel: string, href: string, sizes?: string) {
  if (doc.head.querySelector(`link[rel="${rel}"]`)) return;
  const link = doc.createElement('link');
  link.rel = rel;
  link.href = href;
  if (sizes) link.setAttribute('sizes', sizes);
  doc.head.append(link);
}

export function addPwaHeadLinks(doc: Document = document): void {
  ensureLink(doc, 'manifest', MANIFEST_URL);
  ensureLink(doc, 'apple-touch-icon', APPLE_TOUCH_ICON_URL, '180x180');
}
