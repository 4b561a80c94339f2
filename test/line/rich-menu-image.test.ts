/**
 * The rich menu's image draws the product's own footer icons and labels: its copies must match the
 * client's icons (src/client/pwa/icons.tsx) and the catalogue's nav.* labels.
 */
import { createElement, type FunctionComponent } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MenuAllIcon, MenuBookIcon, MenuMyIcon } from '../../src/client/pwa/icons.js';
import { MENU_ICONS, type MenuIconName } from '../../src/server/line/rich-menu/icons.js';
import { LABEL_OUTLINES } from '../../src/server/line/rich-menu/label-outlines.js';
import { MENU_TABS } from '../../src/server/line/rich-menu/menu.js';
import { richMenuSvg } from '../../src/server/line/rich-menu/image.js';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';

const CLIENT_ICONS: Record<MenuIconName, FunctionComponent<{ size: number }>> = {
  'menu-all': MenuAllIcon,
  'menu-book': MenuBookIcon,
  'menu-my': MenuMyIcon,
};

/** The shapes inside the client's rendered <svg>, as [tag, attributes]. */
function clientShapes(name: MenuIconName) {
  const markup = renderToStaticMarkup(createElement(CLIENT_ICONS[name], { size: 24 }));
  expect(markup).toContain('viewBox="0 0 24 24"');
  expect(markup).toContain('stroke-width="2"');
  return [...markup.matchAll(/<(rect|path|circle)\b([^>]*?)\/?>/g)].map(([, tag, attrs]) => [
    tag,
    Object.fromEntries([...attrs!.matchAll(/([\w-]+)="([^"]*)"/g)].map(([, k, v]) => [k, v])),
  ]);
}

describe('the rich menu image', () => {
  it.each(Object.keys(MENU_ICONS) as MenuIconName[])('draws %s as the PWA footer does', (name) => {
    expect(MENU_ICONS[name]).toEqual(clientShapes(name));
  });

  it('carries outlines of the current nav labels, one per tab', () => {
    for (const tab of MENU_TABS) {
      expect(LABEL_OUTLINES[tab.label].text).toBe(label(staffLabels, 'ja', tab.label));
      expect(LABEL_OUTLINES[tab.label].d).toMatch(/^M [\d.]+ [\d.]+ /);
    }
    const svg = richMenuSvg();
    expect(svg.match(/<path transform="translate\([^"]+\) scale\([^"]+\)" fill="[^"]+" d="M /g)).toHaveLength(3);
    // Nothing depends on the machine's fonts.
    expect(svg).not.toContain('<text');
  });
});
