/**
 * /admin/stats: the clinic's day, week or month against the one before: the main figures, how the wait
 * estimate held up (EstimateSection.tsx), then charts of quarter-hours, weekdays and hours, each with the
 * same numbers in a table beside it, and the CSV exports. A clinic with several queues chooses the whole
 * clinic or one queue, and every figure, the estimate and the exports follow (decision 065); a clinic with one
 * queue sees no choice at all.
 * Loaded only on this page (uPlot with it), so no other screen carries the weight.
 */
import { useEffect, useMemo, useState } from 'react';
import { t } from '../labels.js';
import { statsLabels } from '../../../shared/labels/stats.js';
import { label } from '../../../shared/labels/text.js';
import { STATS_PERIODS, type StatsPeriod, type StatsResult } from '../../../shared/schemas/stats.js';
import { exportRangeOk } from '../../../shared/stats/export-range.js';
import { summaryRows } from '../../../shared/stats/summary.js';
import { tokyoDay } from '../../../shared/time/tokyo.js';
import { callFn } from '../../api/fn.js';
import { useRefusal } from '../refusal.js';
import { StaffNav } from '../StaffNav.js';
import { adminPaths } from '../../routes/admin.js';
import { StatsChart } from './StatsChart.js';
import { type ChartModel, chartModels, exportUrls } from './stats-view.js';
import { EstimateSection } from './EstimateSection.js';
import { QueueChoice } from './QueueChoice.js';
import type { QueueInfo } from '../../../shared/schemas/queues.js';
import { FigureTable } from './FigureTable.js';
import './stats.css';

function ChartBlock({ model, index }: { model: ChartModel; index: number }) {
  const headingId = `stats-chart-${index}`;
  return (
    <section className="stats-block" aria-labelledby={headingId}>
      <h2 id={headingId}>{model.title}</h2>
      {model.busiest && <p className="stats-busiest">{model.busiest}</p>}
      {model.labels.length === 0 ? (
        <p>{label(statsLabels, 'ja', 'stats.noData')}</p>
      ) : (
        <div className="stats-pair">
          <StatsChart labels={model.labels} series={model.series} />
          <div className="stats-table-box" tabIndex={0} role="region" aria-label={model.title}>
            <table className="staff-table stats-data">
              <caption>{model.title}</caption>
              <thead>
                <tr>
                  <th scope="col">{model.rowHeader}</th>
                  {model.series.map((s) => (
                    <th scope="col" key={s.label}>{s.label}</th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {model.labels.map((label, i) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    {model.series.map((s) => (
                      <td key={s.label}>{s.values[i]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
}

function Exports({ period, date, stats, queueId }: { period: StatsPeriod; date: string; stats: StatsResult; queueId?: string }) {
  const [from, setFrom] = useState(stats.current.from);
  const [to, setTo] = useState(stats.current.to);
  useEffect(() => {
    setFrom(stats.current.from);
    setTo(stats.current.to);
  }, [stats.current.from, stats.current.to]);
  const urls = exportUrls(period, date, from, to, queueId);
  // A range the server would refuse is said here, beside the dates, instead of a refusal in a new page.
  const rangeOk = exportRangeOk(from, to);
  const rangeLink = (href: string, label: string) =>
    rangeOk ? (
      <a className="button" href={href} download>{label}</a>
    ) : (
      <a className="button" role="link" aria-disabled="true" aria-describedby="stats-range-problem">{label}</a>
    );
  return (
    <section className="stats-block stats-exports" aria-labelledby="stats-exports">
      <h2 id="stats-exports">{label(statsLabels, 'ja', 'stats.export')}</h2>
      <p>
        <a className="button" href={urls.stats} download>{label(statsLabels, 'ja', 'stats.exportStats')}</a>
      </p>
      <div className="stats-range-inputs">
        <label>
          {label(statsLabels, 'ja', 'stats.exportFrom')}
          <input type="date" value={from} required onChange={(e) => setFrom(e.currentTarget.value)} />
        </label>
        <label>
          {label(statsLabels, 'ja', 'stats.exportTo')}
          <input type="date" value={to} required onChange={(e) => setTo(e.currentTarget.value)} />
        </label>
        {rangeLink(urls.slots, label(statsLabels, 'ja', 'stats.exportSlots'))}
        {rangeLink(urls.audit, label(statsLabels, 'ja', 'stats.exportAudit'))}
      </div>
      <p id="stats-range-problem" className="stats-range-problem" role="status">
        {rangeOk ? '' : t('error.statsRange')}
      </p>
    </section>
  );
}

export default function StatsScreen() {
  const [period, setPeriod] = useState<StatsPeriod>('day');
  const [date, setDate] = useState(() => tokyoDay(new Date()));
  const [stats, setStats] = useState<StatsResult | null>(null);
  const [queues, setQueues] = useState<readonly QueueInfo[]>([]);
  const [queueId, setQueueId] = useState<string | undefined>(undefined);
  const refuse = useRefusal();

  useEffect(() => {
    document.title = label(statsLabels, 'ja', 'stats.title');
  }, []);
  useEffect(() => {
    let live = true;
    callFn('getQueues', {}).then(
      (answer) => live && setQueues(answer.queues),
      (err: unknown) => live && void refuse(err),
    );
    return () => {
      live = false;
    };
  }, [refuse]);
  useEffect(() => {
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return; // a date input being edited
    let live = true;
    setStats(null);
    callFn('getStats', queueId === undefined ? { period, date } : { period, date, queueId }).then(
      (result) => live && setStats(result),
      (err: unknown) => live && void refuse(err),
    );
    return () => {
      live = false;
    };
  }, [period, date, queueId, refuse]);
  const charts = useMemo(() => (stats ? chartModels(stats) : []), [stats]);

  return (
    <main className="staff-page stats-page">
      <StaffNav except={adminPaths.stats} />
      <h1>{label(statsLabels, 'ja', 'stats.title')}</h1>
      <div className="stats-controls">
        <fieldset className="stats-periods">
          <legend>{label(statsLabels, 'ja', 'stats.period')}</legend>
          {STATS_PERIODS.map((p) => (
            <label key={p} className="check">
              <input type="radio" name="period" value={p} checked={period === p} onChange={() => setPeriod(p)} />
              <span>{label(statsLabels, 'ja', `stats.period.${p}`)}</span>
            </label>
          ))}
        </fieldset>
        <label className="stats-date">
          {label(statsLabels, 'ja', 'stats.date')}
          <input type="date" value={date} required onChange={(e) => setDate(e.currentTarget.value)} />
        </label>
        <QueueChoice queues={queues} value={queueId} onChange={setQueueId} />
      </div>
      {!stats && <p role="status">{label(statsLabels, 'ja', 'stats.loading')}</p>}
      {stats && (
        <>
          {queueId !== undefined && (
            <p className="stats-range">{label(statsLabels, 'ja', 'stats.queueShown', { name: queues.find((q) => q.id === queueId)?.nameJa ?? queueId })}</p>
          )}
          <p className="stats-range">
            {label(statsLabels, 'ja', 'stats.colCurrent')} {label(statsLabels, 'ja', 'stats.range', { from: stats.current.from, to: stats.current.to })} ／ {label(statsLabels, 'ja', 'stats.colPrevious')}{' '}
            {label(statsLabels, 'ja', 'stats.range', { from: stats.previous.from, to: stats.previous.to })}
          </p>
          <FigureTable caption={label(statsLabels, 'ja', 'stats.summary')} rows={summaryRows(stats.current, stats.previous)} />
          <EstimateSection stats={stats} />
          {charts.map((model, i) => (
            <ChartBlock key={model.title} model={model} index={i} />
          ))}
          <Exports period={period} date={date} stats={stats} queueId={queueId} />
        </>
      )}
    </main>
  );
}
