/**
 * The estimated wait and the number being seen, as patient screens show them (issue 14). Every screen
 * computes its range with the same shared rule from the live snapshot, so they agree to the minute. One
 * component for every screen: /line's page-weight budget has no room for a second copy.
 */
import './patient.css';
import { useEffect, useState } from 'react';
import { t } from '../ui/language.js';
import { waitRange } from '../../shared/estimate/range.js';
import type { QueueSnapshot } from '../../shared/schemas/live.js';
import { tokyoHhmm } from '../../shared/time/tokyo.js';

/** Ranges move in 5-minute steps: re-reading the clock every 30 s is plenty (useNow ticks every second). */
function useSlowNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export interface PlaceEstimateProps {
  snapshot: QueueSnapshot | null;
  /** The patient's own number: their wait; null: the wait for someone taking a number now. */
  number: number | null;
}

/** ただいま n番の方を診察中, then the wait: a range and a time, "soon", or plainly that there is none yet. */
export function PlaceEstimate({ snapshot, number }: PlaceEstimateProps) {
  const now = useSlowNow();
  if (!snapshot?.runtime.inhouseOn) return null;
  const row = snapshot.queue.find((r) => r.reservationNumber === number);
  const ahead = number === null ? snapshot.runtime.currentWaitCount : row?.ahead;
  let body = null;
  if (row?.hold) body = <p className="wait-estimate-plain">{t('estimate.held')}</p>;
  else if (ahead !== undefined && ahead !== null) {
    const range = snapshot.estimate ? waitRange(snapshot.estimate, ahead, now) : null;
    body = (
      <div className="wait-estimate">
        <p className="wait-estimate-label">{t(number === null ? 'estimate.newcomerLabel' : 'estimate.ownLabel')}</p>
        {range && range.highMinutes > 5 ? (
          <>
            <p className="wait-estimate-value">
              <span className="wait-estimate-range">{t('estimate.range', { low: range.lowMinutes, high: range.highMinutes })}</span>{' '}
              <span className="wait-estimate-time">（{t('estimate.expected', { time: tokyoHhmm(range.expectedAt) })}）</span>
            </p>
            {/* Their own number: the latest time to come, from the range's low edge (decision 055). */}
            {number !== null ? <p className="wait-estimate-arrive">{t('estimate.arriveBy', { time: tokyoHhmm(new Date(now.getTime() + range.lowMinutes * 60_000)) })}</p> : null}
            <p className="small-note">{t('estimate.note')}</p>
          </>
        ) : (
          <p className="wait-estimate-plain">{t(range ? 'estimate.soon' : 'estimate.noData')}</p>
        )}
      </div>
    );
  }
  return (
    <>
      {snapshot.nowCalling ? (
        <p className="now-calling" role="status">
          {t('nowCalling.text', { n: snapshot.nowCalling })}
        </p>
      ) : null}
      {body}
    </>
  );
}
