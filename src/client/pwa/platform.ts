/**
 * Which install guide a visitor gets (docs/product.md, "/pwa" and "Installing"): Android
 * browsers offer an install prompt; iPhone and iPad add to the Home Screen from the share sheet; anything
 * else, including LINE's in-app browser (it cannot add to the Home Screen, and LINE users have LINE), gets
 * the notice that points to the clinic's LINE account.
 */
export type InstallPlatform = 'android' | 'ios' | 'unsupported';

export function detectInstallPlatform(userAgent: string, maxTouchPoints = 0): InstallPlatform {
  if (/ Line\/[\d.]+/.test(userAgent)) return 'unsupported';
  if (/iPhone|iPad|iPod/.test(userAgent)) return 'ios';
  // iPadOS asks for desktop sites with a Mac user agent; a Mac with a touch screen is an iPad.
  if (/Macintosh/.test(userAgent) && maxTouchPoints > 1) return 'ios';
  if (/Android/.test(userAgent)) return 'android';
  return 'unsupported';
}
