/**
 * The estimate and the number being seen, for the live queue snapshot. Today's part is computed from the
 * slots the snapshot already read; history comes from the per-process cache (no query per snapshot).
 */
import type { WaitEstimate } from '../../../shared/estimate/range.js';
import type { Store } from '../../storage/port.js';
import type { QueueState } from '../queue-state.js';
import { blendEstimate } from './blend.js';
import { createHistoryCache } from './history.js';
import { paceOf, startIntervals } from './pace.js';
import { todayFacts } from './today.js';

export interface LiveEstimate {
  estimate: WaitEstimate | null;
  nowCalling: number | null;
}

export type LiveEstimator = (state: QueueState) => Promise<LiveEstimate>;

export function createLiveEstimator(store: Store): LiveEstimator {
  const history = createHistoryCache(store);
  return async (state) => {
    // Reception stopped: nobody is waiting and nobody is being called.
    if (!state.sessionId || !state.runtime.inhouseOn) return { estimate: null, nowCalling: null };
    const today = todayFacts(state.slots);
    const estimate = blendEstimate({
      today: paceOf(startIntervals(today.starts)),
      // Without history (store hiccup) the queue still goes out, with today's pace alone.
      history: await history(state.sessionId).catch(() => null),
      lastStartAt: today.lastStartAt,
    });
    return { estimate, nowCalling: today.nowCalling };
  };
}
