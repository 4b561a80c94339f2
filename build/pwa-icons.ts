/**
 * Draws the /pwa app icons (public/pwa/icons/*.png) from one SVG with the system Chromium, which has the
 * Japanese font the glyph needs. Run after changing the design, and commit the PNGs:
 *   node --import tsx build/pwa-icons.ts
 * - icon-192/512: "any" purpose, a rounded square (Android shows it as it is).
 * - icon-maskable-512: full bleed, the ticket inside the central 80 % circle launchers may cut to.
 * - apple-touch-icon (180): opaque full bleed; iOS rounds the corners itself and paints transparency black.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from 'playwright-core';

const GREEN = '#0b6e4f';
const OUT = join(process.cwd(), 'public', 'pwa', 'icons');

/** The ticket with 番 (as in 受付番号), drawn on a 512 × 512 canvas, scaled about the centre. */
function artwork(scale: number): string {
  return `<g transform="translate(256 256) scale(${scale}) translate(-256 -256)">
    <path fill="#fff" d="M106 131H406a20 20 0 0 1 20 20V216a40 40 0 0 0 0 80V361a20 20 0 0 1-20 20H106a20 20 0 0 1-20-20V296a40 40 0 0 0 0-80V151a20 20 0 0 1 20-20Z"/>
    <text x="256" y="262" fill="${GREEN}" font-family="Noto Sans CJK JP" font-weight="700" font-size="176"
      text-anchor="middle" dominant-baseline="central">番</text>
  </g>`;
}

function svg(kind: 'any' | 'bleed', scale: number): string {
  const background = kind === 'any' ? `<rect width="512" height="512" rx="112" fill="${GREEN}"/>` : `<rect width="512" height="512" fill="${GREEN}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="100%" height="100%">${background}${artwork(scale)}</svg>`;
}

const ICONS = [
  { file: 'icon-192.png', size: 192, svg: svg('any', 1) },
  { file: 'icon-512.png', size: 512, svg: svg('any', 1) },
  { file: 'icon-maskable-512.png', size: 512, svg: svg('bleed', 0.78) },
  { file: 'apple-touch-icon.png', size: 180, svg: svg('bleed', 0.9) },
];

mkdirSync(OUT, { recursive: true });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });
for (const icon of ICONS) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size }, deviceScaleFactor: 1 });
  await page.setContent(`<html><body style="margin:0;background:transparent">${icon.svg}</body></html>`);
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(OUT, icon.file), omitBackground: true, clip: { x: 0, y: 0, width: icon.size, height: icon.size } });
  await page.close();
  console.log(`wrote ${icon.file} (${icon.size}×${icon.size})`);
}
await browser.close();
