import { describe, expect, it } from 'vitest';
import { QUIET_ZONE, qrMatrix, qrPath } from './qr-path.js';

const LINK = 'https://liff.line.me/1234567890-AbCdEfGh/my?checkin=482913';

/** A finder pattern: a dark 7×7 ring, a light ring inside it, a dark 3×3 centre. */
function finderAt(m: boolean[][], top: number, left: number): boolean {
  for (let r = 0; r < 7; r++) {
    for (let c = 0; c < 7; c++) {
      const ring = Math.max(Math.abs(r - 3), Math.abs(c - 3));
      if (m[top + r][left + c] !== (ring !== 2)) return false;
    }
  }
  return true;
}

describe('the check-in QR code', () => {
  it('is a square QR matrix with its three finder patterns', () => {
    const m = qrMatrix(LINK);
    const n = m.length;
    expect((n - 17) % 4).toBe(0); // version v is 17 + 4v modules a side
    expect(m.every((row) => row.length === n)).toBe(true);
    expect(finderAt(m, 0, 0) && finderAt(m, 0, n - 7) && finderAt(m, n - 7, 0)).toBe(true);
    expect(finderAt(m, n - 7, n - 7)).toBe(false);
  });

  it('draws exactly the dark modules, inside a quiet zone of four', () => {
    const m = qrMatrix(LINK);
    const { size, path } = qrPath(LINK);
    expect(size).toBe(m.length + 2 * QUIET_ZONE);
    const drawn = [...path.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)];
    expect(drawn.map((d) => d[0]).join('')).toBe(path);
    const dark = m.flat().filter(Boolean).length;
    expect(drawn.reduce((sum, d) => sum + Number(d[3]), 0)).toBe(dark);
    for (const d of drawn) {
      expect(Number(d[1])).toBeGreaterThanOrEqual(QUIET_ZONE);
      expect(Number(d[1]) + Number(d[3])).toBeLessThanOrEqual(size - QUIET_ZONE);
    }
  });

  it('changes with the link (a renewed code is a different picture)', () => {
    expect(qrPath(LINK).path).not.toBe(qrPath(LINK.replace('482913', '107735')).path);
  });
});
