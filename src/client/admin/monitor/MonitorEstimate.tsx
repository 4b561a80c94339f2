/**
 * The monitor's line under the header (issue 14): the number being seen, and the wait for someone who
 * takes a number now, from the same shared rule as the patients' screens.
 */
import { useEffect, useState } from 'react';
import { waitRange } from '../../../shared/estimate/range.js';
import { t } from '../labels.js';
import type { QueueSnapshot } from '../../../shared/schemas/live.js';
import type { WaitEstimate } from '../../../shared/estimate/range.js';

export function useSlowNow(ms = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

/** The wait for a newcomer to a queue of `waiting` with this pace (one queue's, with several). */
export function newcomerText(estimate: WaitEstimate | null | undefined, waiting: number, now: Date): string {
  if (!estimate) return t('monitor.estimateNoData');
  const range = waitRange(estimate, waiting, now)!;
  if (range.highMinutes <= 5) return t('monitor.estimateSoon');
  return t('monitor.estimateRange', { low: range.lowMinutes, high: range.highMinutes });
}

export function MonitorEstimate({ snapshot }: { snapshot: QueueSnapshot }) {
  const now = useSlowNow();
  const calling = snapshot.nowCalling;
  return (
    <div className="monitor-estimate">
      {calling !== null && calling !== undefined ? (
        <p className="monitor-now-calling">
          {t('monitor.nowCalling', { n: calling })}
        </p>
      ) : null}
      <p className="monitor-newcomer">
        <span className="monitor-newcomer-label">{t('monitor.estimateLabel')}</span>{' '}
        <span className="monitor-newcomer-value">{newcomerText(snapshot.estimate, snapshot.runtime.currentWaitCount, now)}</span>
      </p>
    </div>
  );
}
