/**
 * One timer per server process that records a tick (apply.ts) at every 5-minute boundary while in-house
 * reception is on. Closed, it arms no timer at all: it learns that reception opened from the change notice
 * (`receptionSwitched`, which crosses processes on PostgreSQL), and a notice it missed (a LISTEN connection
 * that dropped) is made up by the next change of any kind while it sleeps. Every process fires at the same
 * boundaries of the shared clock, so they record the same tick and the primary key keeps it once. The work
 * runs off any request, on the server's clock (src/server/clock.ts), so tests move time by hand.
 */
import type { Clock } from '../../clock.js';
import type { Store } from '../../storage/port.js';
import { createLiveEstimator, type LiveEstimator } from '../estimate/live-estimate.js';
import { recordTick } from './apply.js';
import { TICK_MS, tickOf } from './rule.js';

export interface ReadingRecorder {
  /** Resolves when the check or tick under way is done (tests wait for it). */
  settled(): Promise<void>;
  /** True while a timer for the next tick is armed (reception was open at the last look). */
  armed(): boolean;
  stop(): void;
}

interface Log {
  error(obj: unknown, msg: string): void;
}

export function startReadingRecorder({
  store,
  clock,
  log,
  estimator = createLiveEstimator(store),
}: {
  store: Store;
  clock: Clock;
  log: Log;
  /** The live estimate (the hub's rule); the app passes its one estimator, tests may leave it out. */
  estimator?: LiveEstimator;
}): ReadingRecorder {
  let cancelTimer: (() => void) | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let checking = false;

  /** One piece of work at a time, in order: a check never overlaps a tick. */
  const serially = (work: () => Promise<void>) =>
    (running = running.then(work).catch((err: unknown) => log.error({ err }, 'wait readings: recorder step failed')));

  function arm() {
    if (stopped || cancelTimer) return;
    const now = clock.now().getTime();
    const aimed = tickOf(now) + 1;
    cancelTimer = clock.setTimer(aimed * TICK_MS - now, () => {
      cancelTimer = null;
      return serially(() => tick(aimed));
    });
  }

  function disarm() {
    cancelTimer?.();
    cancelTimer = null;
  }

  async function tick(aimed: number) {
    if (stopped) return;
    const now = clock.now();
    // A timer never fires before its time; a process that slept past the boundary records the tick it is in.
    const outcome = await recordTick({ store, estimator, now, tick: Math.max(aimed, tickOf(now.getTime())) }).catch((err: unknown) => {
      // A store briefly away: this tick is lost, the next is tried as usual.
      log.error({ err }, 'wait readings: recording a tick failed');
      return { open: true, recorded: 0 };
    });
    if (outcome.open) arm();
    else disarm();
  }

  /** Whether reception is open now: arms the timer for the next boundary, or leaves none. */
  async function check() {
    if (stopped) return;
    try {
      const runtime = await store.db.selectFrom('runtime').select(['inhouse_on', 'current_session_id']).where('id', '=', 1).executeTakeFirstOrThrow();
      if (runtime.inhouse_on === 1 && runtime.current_session_id !== null) arm();
      else disarm();
    } catch (err) {
      log.error({ err }, 'wait readings: could not read reception');
    }
  }

  function checkOnce() {
    if (checking) return;
    checking = true;
    void serially(async () => {
      checking = false;
      await check();
    });
  }

  const unsubscribe = store.onChange((notice) => {
    if (stopped) return;
    // Armed, only a switch matters (reception may have closed); asleep, any change may be a missed opening.
    if (notice.events.some((e) => e.type === 'receptionSwitched') || !cancelTimer) checkOnce();
  });
  checkOnce();

  return {
    settled: () => running,
    armed: () => cancelTimer !== null,
    stop() {
      stopped = true;
      unsubscribe();
      disarm();
    },
  };
}
