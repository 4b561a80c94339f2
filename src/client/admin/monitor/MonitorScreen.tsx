/**
 * /admin/monitor, the wall display. It reads the public stream (/api/live/queue): a screen in the waiting
 * room carries no owner data, and it keeps working unattended even after a staff session expires, with no
 * keyboard nearby to sign in again. The stream reconnects by itself; a quiet badge says when it is doing so.
 * The check-in code comes apart from the stream, with the monitor's own key (checkin-code.ts).
 */
import { type CSSProperties, useEffect, useRef, useState } from 'react';
import { waitCount } from '../../../shared/queue/rules.js';
import type { QueueSnapshot } from '../../../shared/schemas/live.js';
import { t } from '../labels.js';
import { useQueue } from '../../patient/live-queue.js';
import { AnnouncementBanner } from '../../ui/AnnouncementBanner.js';
import { Clock } from '../Clock.js';
import './monitor.css';
import { CELL_MAX_EM, monitorLayout } from './monitor-layout.js';
import { ValueInLine } from './ValueInLine.js';
import { MonitorEstimate } from './MonitorEstimate.js';
import { MonitorCallout } from './MonitorCallout.js';
import { MonitorFooter } from './MonitorFooter.js';
import { useMonitorCheckinCode } from './checkin-code.js';

/** The size of an element, following window resizes and rotation. */
function useElementSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const { width, height } = entry.contentRect;
      setSize((s) => (s.width === width && s.height === height ? s : { width, height }));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

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
  const rows = data?.queue ?? [];
  // The same gap as the stylesheet's column-gap (1.2vw), so the columns' widths add up exactly.
  const gapPx = size.width > 0 ? window.innerWidth * 0.012 : 0;
  const layout = monitorLayout(rows.length, size.width, size.height, gapPx);
  const gridStyle: CSSProperties = {
    gridTemplateRows: `repeat(${layout.rows}, minmax(0, 1fr))`,
    // Capped in em so a short queue keeps each number next to its count instead of across the room.
    gridTemplateColumns: `repeat(${layout.columns}, minmax(0, ${CELL_MAX_EM}em))`,
    fontSize: `${Math.max(layout.fontPx, 12)}px`,
  };

  return (
    <main className="monitor">
      <header className="monitor-header">
        {data && !stopped ? <WaitingLine n={waitingCount(data)} /> : <h1 className="visually-hidden">{t('monitor.title')}</h1>}
        <div className="monitor-side">
          <Clock className="monitor-clock" />
          <MonitorCallout data={data} status={status} />
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
      {data && !stopped ? <MonitorEstimate snapshot={data} /> : null}
      <AnnouncementBanner announcement={data?.announcement} variant="monitor" />
      <div className="monitor-body" ref={bodyRef}>
        {stopped ? (
          <p className="monitor-message">{t('monitor.stopped')}</p>
        ) : data && rows.length === 0 ? (
          <p className="monitor-message">{t('monitor.empty')}</p>
        ) : (
          size.height > 0 && (
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
          )
        )}
      </div>
      {data && !stopped && <MonitorFooter queue={rows} code={checkinCode} />}
    </main>
  );
}
