/**
 * Whether the page runs as an installed app (docs/product.md, "Installing"): the display-mode media
 * query where browsers support it, and iOS's own `navigator.standalone`, which older iPhones need. Shared by
 * the entry (an installed app opened outside /pwa) and the /pwa route set (the standalone gate).
 */
const INSTALLED_MODES = ['standalone', 'fullscreen', 'minimal-ui'];

export function isStandalone(): boolean {
  if (typeof window === 'undefined') return false;
  if ((navigator as Navigator & { standalone?: boolean }).standalone === true) return true;
  // A browser that falls back from the manifest's "standalone" to another app mode is still installed;
  // only "browser" (a tab) is not. Asking for the app modes, not "not browser", keeps old browsers that
  // know no display-mode at all on the install page.
  return INSTALLED_MODES.some((mode) => window.matchMedia?.(`(display-mode: ${mode})`).matches === true);
}
