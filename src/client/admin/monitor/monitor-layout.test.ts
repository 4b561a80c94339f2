import { describe, expect, it } from 'vitest';
import { CELL_HEIGHT_EM, CELL_WIDTH_EM, monitorLayout } from './monitor-layout.js';

describe('monitor layout', () => {
  it('fits 200 rows on a 1920×1080 wall in several columns, every cell inside the screen', () => {
    const width = 1840;
    const height = 860;
    const gap = 23;
    const layout = monitorLayout(200, width, height, gap);
    expect(layout.columns).toBeGreaterThan(1);
    expect(layout.columns * layout.rows).toBeGreaterThanOrEqual(200);
    expect(layout.rows * layout.fontPx * CELL_HEIGHT_EM).toBeLessThanOrEqual(height + 0.001);
    expect(layout.columns * layout.fontPx * CELL_WIDTH_EM + gap * (layout.columns - 1)).toBeLessThanOrEqual(width + 0.001);
    expect(layout.fontPx).toBeGreaterThan(18);
  });

  it('uses larger type for fewer people, but not giant letters for three', () => {
    const few = monitorLayout(30, 1840, 860);
    const many = monitorLayout(200, 1840, 860);
    expect(few.fontPx).toBeGreaterThan(many.fontPx * 2);
    expect(monitorLayout(3, 1840, 860).fontPx).toBeLessThanOrEqual(860 / 7);
  });
});
