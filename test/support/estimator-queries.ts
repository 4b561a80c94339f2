/**
 * A live estimator whose own queries are counted: each call reads the queue first (not counted), then asks
 * the estimator, and `queries()` says how many statements that one call ran. The estimate's caches are
 * tested with it (read once per session, never per snapshot).
 */
import { createLiveEstimator } from '../../src/server/domain/estimate/live-estimate.js';
import { loadQueueState } from '../../src/server/domain/queue-state.js';
import type { Store } from '../../src/server/storage/port.js';

export function countedEstimator(store: Store) {
  const estimator = createLiveEstimator(store);
  let queries = 0;
  const stop = store.observeQueries(() => queries++);
  return {
    async estimateNow() {
      const state = await loadQueueState(store);
      queries = 0; // count the estimator's own queries only
      return estimator(state);
    },
    queries: () => queries,
    stop,
  };
}
