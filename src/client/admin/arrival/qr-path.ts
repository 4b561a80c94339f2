/**
 * The printed check-in QR code (issue 34) as an SVG path, drawn by React: no markup string from the
 * library goes into the page. qrcode-generator (no dependencies) makes the matrix; it is imported only
 * here, by the /admin/arrival chunk and the printed ticket's chunk (admin/ticket/), so no patient page and
 * no first load of a staff screen carries it (build/budget.ts).
 */
import qrcode from 'qrcode-generator';

/** The white margin a reader needs around the code, in modules (the standard's four). */
export const QUIET_ZONE = 4;

/** The dark modules, row by row. Level M: a printed sheet survives some wear and still reads. */
export function qrMatrix(text: string): boolean[][] {
  const qr = qrcode(0, 'M');
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, row) => Array.from({ length: n }, (_, col) => qr.isDark(row, col)));
}

/** The side in modules (the quiet zone included) and one path of the dark runs of each row. */
export function qrPath(text: string): { size: number; path: string } {
  const matrix = qrMatrix(text);
  const parts: string[] = [];
  matrix.forEach((cells, row) => {
    for (let col = 0; col < cells.length; col++) {
      if (!cells[col]) continue;
      let end = col;
      while (end + 1 < cells.length && cells[end + 1]) end++;
      const run = end - col + 1;
      parts.push(`M${col + QUIET_ZONE} ${row + QUIET_ZONE}h${run}v1h-${run}z`);
      col = end;
    }
  });
  return { size: matrix.length + 2 * QUIET_ZONE, path: parts.join('') };
}
