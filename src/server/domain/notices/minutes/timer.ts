/**
 * "Leave home by" (decision 055): one timer per server process that checks the minutes notices every
 * CHECK_MS (the range's low edge moves with the clock, not only with the queue), and after a committed
 * queue change at most once per CHANGE_GAP_MS. A check when nobody waits for a minutes notice is one small
 * query. Processes checking at once send each notice once (apply.ts decides again under the lock).
 */
import type { Clock } from '../../../clock.js';
import type { Store } from '../../../storage/port.js';
import { createLiveEstimator, type LiveEstimator } from '../../estimate/live-estimate.js';
import { sendMinutesNotices } from './apply.js';

export const CHECK_MS = 60_000;
export const CHANGE_GAP_MS = 15_000;
const QUEUE_EVENTS = new Set(['slotAllocated', 'slotCanceled', 'slotMarked', 'receptionSwitched']);

interface Log {
  error(obj: unknown, msg: string): void;
}

export interface MinutesRunner {
  /** Resolves when the check under way (if any) is done. */
  settled(): Promise<void>;
  stop(): void;
}

export function startMinutesRunner({ store, clock, log, estimator = createLiveEstimator(store) }: { store: Store; clock: Clock; log: Log; estimator?: LiveEstimator }): MinutesRunner {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let busy = false;
  let checkedAt = -Infinity;
  let cancelTimer: (() => void) | null = null;

  function check(): Promise<void> {
    if (stopped || busy) return running;
    busy = true;
    checkedAt = clock.now().getTime();
    running = sendMinutesNotices({ store, estimator, now: clock.now() })
      .then(
        () => undefined,
        (err: unknown) => log.error({ err }, 'minutes notices: check failed'),
      )
      .finally(() => {
        busy = false;
      });
    return running;
  }

  function arm() {
    if (stopped) return;
    cancelTimer = clock.setTimer(CHECK_MS, async () => {
      await check();
      arm();
    });
  }

  const unsubscribe = store.onChange((notice) => {
    if (clock.now().getTime() - checkedAt < CHANGE_GAP_MS) return;
    if (notice.events.some((e) => QUEUE_EVENTS.has(e.type))) void check();
  });
  arm();

  return {
    settled: () => running,
    stop() {
      stopped = true;
      unsubscribe();
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}
