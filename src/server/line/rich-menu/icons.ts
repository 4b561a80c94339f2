/**
 * The footer's icons (src/client/pwa/icons.tsx: menu-all, menu-book, menu-my) as plain SVG elements, so
 * the server draws the rich menu without loading the client's React code. A test renders icons.tsx and
 * fails when the two drift apart. All are on a 24-unit grid, stroked 2 units, round caps and joins.
 */
export type IconElement = readonly [tag: 'rect' | 'path' | 'circle', attributes: Readonly<Record<string, string>>];

export const MENU_ICONS = {
  'menu-all': [
    ['rect', { x: '3', y: '3', width: '18', height: '18', rx: '2.5' }],
    ['path', { d: 'M10 8h7M10 12h7M10 16h7' }],
    ['path', { d: 'M7 8h.01M7 12h.01M7 16h.01', 'stroke-width': '2.6' }],
  ],
  'menu-book': [
    ['rect', { x: '3', y: '5', width: '18', height: '14', rx: '2' }],
    ['path', { d: 'M15 5v2M15 11v2M15 17v2' }],
    ['path', { d: 'M8 9v6M5 12h6' }],
  ],
  'menu-my': [
    ['circle', { cx: '12', cy: '8', r: '3.5' }],
    ['path', { d: 'M5 20.5a7 7 0 0 1 14 0' }],
  ],
} as const satisfies Record<string, readonly IconElement[]>;

export type MenuIconName = keyof typeof MENU_ICONS;

/** The icon's elements as SVG markup, in its own 24-unit coordinates. */
export function iconMarkup(name: MenuIconName): string {
  return MENU_ICONS[name]
    .map(([tag, attributes]) => `<${tag} ${Object.entries(attributes).map(([k, v]) => `${k}="${v}"`).join(' ')}/>`)
    .join('');
}
