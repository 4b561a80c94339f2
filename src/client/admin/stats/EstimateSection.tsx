/**
 * How the wait estimate held up (issue 36, decision 054): the share of waits inside the range patients were
 * shown, the share of turns before its low end and the median error of the expected time, for the period and
 * the one before, with the counts they rest on and a plain word on what they mean.
 */
import { statsLabels } from '../../../shared/labels/stats.js';
import { label } from '../../../shared/labels/text.js';
import type { StatsResult } from '../../../shared/schemas/stats.js';
import { estimateRows, hasReadings } from '../../../shared/stats/estimate-accuracy.js';
import { FigureTable } from './FigureTable.js';

export function EstimateSection({ stats }: { stats: StatsResult }) {
  const title = label(statsLabels, 'ja', 'stats.estimate.title');
  return (
    <section className="stats-block stats-estimate" aria-labelledby="stats-estimate">
      <h2 id="stats-estimate">{title}</h2>
      <p className="stats-note">{label(statsLabels, 'ja', 'stats.estimate.note')}</p>
      {hasReadings(stats.current, stats.previous) ? (
        <FigureTable caption={label(statsLabels, 'ja', 'stats.estimate.caption')} rows={estimateRows(stats.current, stats.previous)} />
      ) : (
        <p>{label(statsLabels, 'ja', 'stats.estimate.noData')}</p>
      )}
    </section>
  );
}
