/**
 * /admin/monitor, the wall display. It reads the public stream (/api/live/queue): a screen in the waiting
 * room carries no owner data, and it keeps working unattended even after a staff session expires, with no
 * keyboard nearby to sign in again. The stream reconnects by itself; a quiet badge says when it is doing so.
 * The check-in code comes apart from the stream, with the monitor's own key (checkin-code.ts). A clinic of
 * several queues (decision 061) sees them side by side, or only those its address names
 * (`?queues=main,vaccine`), so each waiting area can have a screen of its own.
 */
import { useEffect, useMemo } from 'react';
import { waitCount } from '../../../shared/queue/rules.js';
import type { QueueSnapshot } from '../../../shared/schemas/live.js';
import { t } from '../labels.js';
import { useQueue } from '../../patient/live-queue.js';
import { AnnouncementBanner } from '../../ui/AnnouncementBanner.js';
import { Clock } from '../Clock.js';
import './monitor.css';
import { useElementSize } from './use-element-size.js';
import { MonitorGrid } from './MonitorGrid.js';
import { MonitorQueueColumns } from './MonitorQueueColumns.js';
import { monitorQueues, queueIdOf, severalQueues } from '../several-queues.js';
import { ValueInLine } from './ValueInLine.js';
import { MonitorEstimate } from './MonitorEstimate.js';
import { MonitorCallout } from './MonitorCallout.js';
import { MonitorFooter } from './MonitorFooter.js';
import { useMonitorCheckinCode } from './checkin-code.js';

function waitingCount(snapshot: QueueSnapshot): number {
  const stored = snapshot.runtime.currentWaitCount;
  if (typeof stored === 'number') return stored;
  return waitCount(snapshot.queue);
}

/** The waiting sentence with its number set larger, keeping the catalogue's word order. */
function WaitingLine({ n }: { n: number }) {
  return (
    <h1 className="monitor-waiting">
      <ValueInLine line={(mark) => t('monitor.waiting', { n: mark })} value={n} className="monitor-count" />
    </h1>
  );
}

export function MonitorScreen() {
  const { data, status } = useQueue();
  const [bodyRef, size] = useElementSize<HTMLDivElement>();
  const checkinCode = useMonitorCheckinCode();
  useEffect(() => {
    document.title = t('monitor.title');
  }, []);

  const stopped = data !== null && !data.runtime.inhouseOn;
  const all = severalQueues(data?.queues);
  const queues = useMemo(() => (all ? { all, shown: monitorQueues(all, window.location.search) } : null), [all]);
  const rows = useMemo(() => {
    const list = data?.queue ?? [];
    if (!queues) return list;
    const shown = new Set(queues.shown.map((q) => q.id));
    return list.filter((row) => shown.has(queueIdOf(row)));
  }, [data, queues]);
  const columns = queues !== null && data !== null && !stopped;

  return (
    <main className="monitor">
      <header className="monitor-header">
        {data && !stopped && !columns ? <WaitingLine n={waitingCount(data)} /> : <h1 className="visually-hidden">{t('monitor.title')}</h1>}
        <div className="monitor-side">
          <Clock className="monitor-clock" />
          <MonitorCallout data={data} status={status} queues={queues} />
          {status !== 'live' && (
            <p className="monitor-status" role="status">
              {t('monitor.reconnecting')}
            </p>
          )}
          {data && !stopped && rows.length > 0 && (
            <p className="monitor-legend">
              {t('monitor.colNumber')} ／ {t('monitor.colAhead')}
            </p>
          )}
        </div>
      </header>
      {data && !stopped && !columns ? <MonitorEstimate snapshot={data} /> : null}
      <AnnouncementBanner announcement={data?.announcement} variant="monitor" />
      <div className="monitor-body" ref={bodyRef}>
        {stopped ? (
          <p className="monitor-message">{t('monitor.stopped')}</p>
        ) : columns ? (
          <MonitorQueueColumns all={queues.all} shown={queues.shown} rows={rows} />
        ) : data && rows.length === 0 ? (
          <p className="monitor-message">{t('monitor.empty')}</p>
        ) : (
          size.height > 0 && <MonitorGrid rows={rows} width={size.width} height={size.height} />
        )}
      </div>
      {data && !stopped && <MonitorFooter queue={rows} code={checkinCode} />}
    </main>
  );
}
