/** A table of figures [label, this period, the one before] with the change: the summary's form, shared by sections. */
import { statsLabels } from '../../../shared/labels/stats.js';
import { label } from '../../../shared/labels/text.js';
import type { FigureRow } from '../../../shared/stats/summary.js';
import { change, showValue } from './stats-view.js';

export function FigureTable({ caption, rows, className = '' }: { caption: string; rows: FigureRow[]; className?: string }) {
  return (
    <table className={`staff-table stats-summary ${className}`.trim()}>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{label(statsLabels, 'ja', 'stats.colItem')}</th>
          <th scope="col">{label(statsLabels, 'ja', 'stats.colCurrent')}</th>
          <th scope="col">{label(statsLabels, 'ja', 'stats.colPrevious')}</th>
          <th scope="col">{label(statsLabels, 'ja', 'stats.colChange')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(([label, current, previous]) => (
          <tr key={label}>
            <th scope="row">{label}</th>
            <td>{showValue(current)}</td>
            <td>{showValue(previous)}</td>
            <td>{change(current, previous)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
