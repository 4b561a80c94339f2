/**
 * The estimate and the number being seen, for the live queue snapshot. Today's part is computed from the
 * slots the snapshot already read; history and the range's calibration (decision 054) come from per-process
 * caches read when a session opens (no query per snapshot). No write: the estimate is read, its pure rules
 * are pace.ts and blend.ts.
 */
import type { WaitEstimate } from '../../../shared/estimate/range.js';
import type { Store } from '../../storage/port.js';
import { MAIN_QUEUE } from '../../storage/queue-rows.js';
import type { QueueState } from '../queue-state.js';
import { blendEstimate } from './blend.js';
import { createCalibrationCache } from './calibration.js';
import { createHistoryCache } from './history.js';
import { paceOf, startIntervals } from './pace.js';
import { todayFacts } from './today.js';

export interface LiveEstimate {
  estimate: WaitEstimate | null;
  nowCalling: number | null;
}

/** The clinic's first queue's estimate, or `queueId`'s from that queue's own numbers (decision 061). */
export type LiveEstimator = (state: QueueState, queueId?: string) => Promise<LiveEstimate>;

export function createLiveEstimator(store: Store): LiveEstimator {
  const history = createHistoryCache(store);
  const calibration = createCalibrationCache(store);
  return async (state, queueId = MAIN_QUEUE) => {
    // Reception stopped: nobody is waiting and nobody is being called.
    if (!state.sessionId || !state.runtime.inhouseOn) return { estimate: null, nowCalling: null };
    const today = todayFacts(state.slots.filter((s) => (s.queueId ?? MAIN_QUEUE) === queueId));
    // Both caches are asked at once, so a session's first snapshot waits for one round of reads, not two.
    // Without them (store hiccup) the queue still goes out: today's pace alone, the wider range.
    const [past, calibrated] = await Promise.all([
      history(state.sessionId, queueId).catch(() => null),
      calibration(state.sessionId, queueId).catch(() => null),
    ]);
    const pace = blendEstimate({ today: paceOf(startIntervals(today.starts)), history: past, lastStartAt: today.lastStartAt });
    return { estimate: pace && { ...pace, calibration: calibrated }, nowCalling: today.nowCalling };
  };
}
