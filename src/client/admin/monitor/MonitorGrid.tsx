/**
 * The monitor's grid of waiting numbers and how many are ahead of each, sized to the space it is given: the
 * whole screen for a clinic of one queue, one column per queue for several (decision 061).
 */
import type { CSSProperties } from 'react';
import type { QueueSnapshot } from '../../../shared/schemas/live.js';
import { t } from '../labels.js';
import { CELL_MAX_EM, monitorLayout } from './monitor-layout.js';

export function MonitorGrid({ rows, width, height }: { rows: QueueSnapshot['queue']; width: number; height: number }) {
  // The same gap as the stylesheet's column-gap (1.2vw), so the columns' widths add up exactly.
  const gapPx = width > 0 ? window.innerWidth * 0.012 : 0;
  const layout = monitorLayout(rows.length, width, height, gapPx);
  const gridStyle: CSSProperties = {
    gridTemplateRows: `repeat(${layout.rows}, minmax(0, 1fr))`,
    // Capped in em so a short queue keeps each number next to its count instead of across the room.
    gridTemplateColumns: `repeat(${layout.columns}, minmax(0, ${CELL_MAX_EM}em))`,
    fontSize: `${Math.max(layout.fontPx, 12)}px`,
  };
  return (
    <ol className="monitor-grid" style={gridStyle}>
      {rows.map((row) => (
        <li key={row.reservationNumber} className={row.hold ? 'monitor-cell hold' : 'monitor-cell'}>
          <span className="monitor-number">{t('monitor.numberValue', { n: row.reservationNumber })}</span>
          {row.hold || row.ahead === null ? (
            <span className="monitor-hold">{t('monitor.hold')}</span>
          ) : (
            <span className="monitor-ahead">{t('monitor.aheadValue', { n: row.ahead })}</span>
          )}
        </li>
      ))}
    </ol>
  );
}
