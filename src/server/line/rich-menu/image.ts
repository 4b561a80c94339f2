/**
 * The rich menu's image, drawn as SVG from the footer's icons and the labels' baked outlines, then
 * rasterised to PNG by resvg (prebuilt binaries inside the npm package). No font is loaded: the Japanese
 * labels are outlines made once from Noto Sans CJK JP (docs/decisions/016), so every machine draws the
 * same image, whatever fonts it has.
 */
import { createRequire } from 'node:module';
import { staffLabels } from '../../../shared/labels/staff.js';
import { label } from '../../../shared/labels/text.js';
import { iconMarkup } from './icons.js';
import { LABEL_OUTLINES } from './label-outlines.js';
import { MENU_SIZE, MENU_TABS, tabBounds } from './menu.js';

// The product's colours (src/client/ui/global.css): the centre tab is the primary button, as in the footer.
const PRIMARY = '#0b6e4f';
const PRIMARY_DARK = '#084c37';
const LINE = '#c9d2cd';
const ICON_PX = 300;
const GAP_PX = 70;
const SIDE_MARGIN_PX = 70;

export function richMenuSvg(): string {
  const { width, height } = MENU_SIZE;
  const parts = [`<rect width="${width}" height="${height}" fill="#ffffff"/>`];
  tabBounds().forEach((cell, i) => {
    const tab = MENU_TABS[i]!;
    const outline = LABEL_OUTLINES[tab.label];
    // Outlines baked from another text would draw a wrong word: refuse rather than mislabel a button.
    if (outline.text !== label(staffLabels, 'ja', tab.label)) {
      throw new Error(`the rich menu's outlines of ${tab.label} are out of date: run node --import tsx scripts/bake-richmenu-labels.ts`);
    }
    const centre = i === 1;
    const fg = centre ? '#ffffff' : PRIMARY;
    if (centre) parts.push(`<rect x="${cell.x}" y="${cell.y}" width="${cell.width}" height="${cell.height}" fill="${PRIMARY}"/>`);
    const scale = Math.min(1.1, (cell.width - 2 * SIDE_MARGIN_PX) / outline.box.width);
    const labelHeight = outline.box.height * scale;
    const top = cell.y + (cell.height - (ICON_PX + GAP_PX + labelHeight)) / 2;
    const iconX = cell.x + (cell.width - ICON_PX) / 2;
    parts.push(
      `<g transform="translate(${iconX} ${top}) scale(${ICON_PX / 24})" fill="none" stroke="${fg}" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${iconMarkup(tab.icon)}</g>`,
    );
    const labelX = cell.x + cell.width / 2 - (outline.box.x + outline.box.width / 2) * scale;
    const labelY = top + ICON_PX + GAP_PX - outline.box.y * scale;
    parts.push(`<path transform="translate(${labelX} ${labelY}) scale(${scale})" fill="${centre ? '#ffffff' : PRIMARY_DARK}" d="${outline.d}"/>`);
  });
  // A hairline above the menu parts it from the chat, as the footer's border does.
  parts.push(`<rect width="${width}" height="6" fill="${LINE}"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
}

/** LINE takes at most 1 MB; flat colours compress to a few tens of kB. */
export const MAX_IMAGE_BYTES = 1024 * 1024;

export function renderRichMenuPng(): Buffer {
  // A CommonJS native addon: required at run time from node_modules, never bundled.
  const { Resvg } = createRequire(import.meta.url)('@resvg/resvg-js') as typeof import('@resvg/resvg-js');
  const png = new Resvg(richMenuSvg(), { font: { loadSystemFonts: false }, fitTo: { mode: 'original' } }).render().asPng();
  if (png.length > MAX_IMAGE_BYTES) throw new Error(`the rich menu image is ${png.length} bytes, over LINE's 1 MB`);
  return png;
}
