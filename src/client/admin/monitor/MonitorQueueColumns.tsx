/**
 * The wall monitor of a clinic with several queues (decision 061): the queues it shows side by side, each
 * with its name, the number being seen, how many wait, the wait for a newcomer and its own waiting numbers.
 * Read across a room: the name and the counts are the largest type after the numbers themselves.
 */
import type { QueueLive, QueueSnapshot } from '../../../shared/schemas/live.js';
import { t } from '../labels.js';
import { queueIdOf } from '../several-queues.js';
import { MonitorGrid } from './MonitorGrid.js';
import { newcomerText, useSlowNow } from './MonitorEstimate.js';
import { useElementSize } from './use-element-size.js';
import { ValueInLine } from './ValueInLine.js';
import './monitor-queues.css';

function QueueColumn({ queue, tone, rows, now }: { queue: QueueLive; tone: number; rows: QueueSnapshot['queue']; now: Date }) {
  const [bodyRef, size] = useElementSize<HTMLDivElement>();
  const headingId = `monitor-queue-${queue.id}`;
  return (
    <section className={`monitor-queue monitor-tone-${tone}`} aria-labelledby={headingId} data-queue-id={queue.id}>
      <header className="monitor-queue-head">
        <h2 id={headingId} className="monitor-queue-name">
          {queue.nameJa}
        </h2>
        <p className="monitor-queue-waiting">
          <ValueInLine line={(mark) => t('monitor.queueWaiting', { n: mark })} value={queue.waiting} className="monitor-count" />
        </p>
      </header>
      <p className="monitor-queue-calling">{queue.nowCalling !== null && t('monitor.queueNowCalling', { n: queue.nowCalling })}</p>
      <p className="monitor-queue-estimate">
        {!queue.open
          ? t('monitor.queueClosed')
          : queue.estimate
            ? t('monitor.queueEstimate', { text: newcomerText(queue.estimate, queue.waiting, now) })
            : t('monitor.estimateNoData')}
      </p>
      <div className="monitor-queue-body" ref={bodyRef}>
        {rows.length === 0 ? (
          <p className="monitor-queue-empty">{t('monitor.empty')}</p>
        ) : (
          size.height > 0 && <MonitorGrid rows={rows} width={size.width} height={size.height} />
        )}
      </div>
    </section>
  );
}

/** `all` gives each queue its tone, so a queue keeps its colour on every monitor whatever the others show. */
export function MonitorQueueColumns({ all, shown, rows }: { all: readonly QueueLive[]; shown: readonly QueueLive[]; rows: QueueSnapshot['queue'] }) {
  const now = useSlowNow();
  return (
    <div className={shown.length > 3 ? 'monitor-queues many' : 'monitor-queues'} style={{ gridTemplateColumns: `repeat(${shown.length}, minmax(0, 1fr))` }}>
      {shown.map((queue) => (
        <QueueColumn
          key={queue.id}
          queue={queue}
          tone={all.indexOf(queue) % 4}
          rows={rows.filter((row) => queueIdOf(row) === queue.id)}
          now={now}
        />
      ))}
    </div>
  );
}
