/**
 * How many columns the wall monitor uses: the count that gives the largest type while every row fits on
 * one screen without scrolling (200 rows fit 1920×1080). Pure, so it is tested without a screen.
 */
export const MAX_COLUMNS = 10;
/** Width of one cell in em: "200番" and "199人" side by side, or "200番" and the smaller hold label. */
export const CELL_WIDTH_EM = 8;
/** Widest a column may grow, in em, when there is room to spare. */
export const CELL_MAX_EM = 8.5;
/** Line height of a cell relative to its font size. */
export const CELL_HEIGHT_EM = 1.6;

export interface MonitorLayout {
  columns: number;
  rows: number;
  /** Font size in px that fits both the cell's height and its width. */
  fontPx: number;
}

export function monitorLayout(count: number, width: number, height: number, gapPx = 0): MonitorLayout {
  let best: MonitorLayout = { columns: 1, rows: Math.max(count, 1), fontPx: 0 };
  for (let columns = 1; columns <= MAX_COLUMNS; columns++) {
    const rows = Math.max(1, Math.ceil(count / columns));
    // Capped at a seventh of the height so three patients do not get letters taller than a hand.
    const columnWidth = (width - gapPx * (columns - 1)) / columns;
    const fontPx = Math.min(height / rows / CELL_HEIGHT_EM, columnWidth / CELL_WIDTH_EM, height / 7);
    if (fontPx > best.fontPx) best = { columns, rows, fontPx };
    if (rows === 1) break;
  }
  return best;
}
