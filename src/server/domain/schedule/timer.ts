/**
 * One timer per server process that sleeps until the calendar's next edge, applies it (edges/apply.ts makes it
 * happen once across processes) and sleeps again. It wakes early when the calendar changes (any process:
 * the change notice crosses PostgreSQL), and never sleeps longer than MAX_SLEEP_MS, so a wall clock that
 * jumped (NTP, a suspended machine) is noticed within minutes: a timer counts elapsed time, not the clock.
 * With "online closes on time" on, each wake-up also checks it (online-late/apply.ts) and the timer wakes at least
 * every LATE_CHECK_MS; a committed queue change wakes it too, at most once per LATE_CHANGE_GAP_MS of the
 * clock, so a close follows the queue within a minute and the allocation burst costs a check per 15 s.
 */
import type { Clock } from '../../clock.js';
import type { HolidayLookup } from '../../../shared/schedule/rules.js';
import type { Store } from '../../storage/port.js';
import { applyDueEdges } from './edges/apply.js';
import { readSchedule } from './document.js';
import { MAX_SLEEP_MS, sleepUntilNextEdge } from './edges/rule.js';
import { japaneseHoliday } from './holidays.js';
import { closeOnlineIfLate } from './online-late/apply.js';
import { createLiveEstimator, type LiveEstimator } from '../estimate/live-estimate.js';

/** With "online closes on time" on, the runner checks at least this often (the longest lag of a close). */
export const LATE_CHECK_MS = 60_000;
/** … and after a committed queue change, when its last check is at least this old. */
export const LATE_CHANGE_GAP_MS = 15_000;
const QUEUE_EVENTS = new Set(['slotAllocated', 'slotCanceled', 'slotMarked', 'receptionSwitched']);

export interface ScheduleRunner {
  /** Resolves when the catch-up at start and any wake-up under way are done. */
  settled(): Promise<void>;
  /** The calendar version the timer was last armed from (tests wait for a change to reach this process). */
  armedVersion(): number | null;
  stop(): void;
}

interface Log {
  error(obj: unknown, msg: string): void;
  info(obj: unknown, msg: string): void;
}

export function startScheduleRunner({
  store,
  clock,
  log,
  holidays = japaneseHoliday,
  estimator = createLiveEstimator(store),
}: {
  store: Store;
  clock: Clock;
  log: Log;
  holidays?: HolidayLookup;
  /** The live estimate (the hub's rule); the app passes its one estimator, tests may leave it out. */
  estimator?: LiveEstimator;
}): ScheduleRunner {
  let cancelTimer: (() => void) | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let busy = false;
  let armedVersion: number | null = null;
  /** The calendar's setting as last read, and when the last check of it ran (clock time). */
  let lateOn = false;
  let lateCheckedAt = -Infinity;

  async function wakeOnce(): Promise<void> {
    try {
      const done = await applyDueEdges(store, clock.now(), holidays);
      for (const { edge, outcome } of done) {
        // An edge that found reception already so (the usual catch-up at start) is not worth a line.
        if (outcome !== 'unchanged') log.info({ edge: { at: new Date(edge.at).toISOString(), kind: edge.kind }, outcome }, 'schedule edge applied');
      }
    } catch (err) {
      // A store that is briefly unreachable: the next wake-up (at most MAX_SLEEP_MS) tries again.
      log.error({ err }, 'schedule edge failed');
    }
    try {
      // The setting as it is now: one turned on is checked at once.
      lateOn = (await readSchedule(store.db, store)).schedule.settings.closeOnlineWhenLate;
      if (lateOn && !stopped) {
        lateCheckedAt = clock.now().getTime();
        const closed = await closeOnlineIfLate({ store, now: clock.now(), estimator, holidays });
        if (closed) log.info({ expectedAt: closed.expectedAt, waiting: closed.waiting }, 'online reception closed on time');
      }
    } catch (err) {
      log.error({ err }, 'schedule: online closing on time failed');
    }
    if (stopped) return;
    let delay = MAX_SLEEP_MS;
    try {
      const { schedule, version } = await readSchedule(store.db, store);
      armedVersion = version;
      delay = sleepUntilNextEdge(schedule, clock.now().getTime(), holidays);
      lateOn = schedule.settings.closeOnlineWhenLate;
      if (lateOn) delay = Math.min(delay, LATE_CHECK_MS);
    } catch (err) {
      log.error({ err }, 'schedule: could not read the calendar');
    }
    if (stopped) return;
    cancelTimer?.();
    cancelTimer = clock.setTimer(delay, wake);
  }

  /** Runs one wake-up at a time; a wake-up asked for meanwhile runs once more after it. */
  function wake(): Promise<void> {
    if (stopped) return running;
    if (busy) {
      again = true;
      return running;
    }
    busy = true;
    running = (async () => {
      do {
        again = false;
        await wakeOnce();
      } while (again && !stopped);
      busy = false;
    })();
    return running;
  }

  const unsubscribe = store.onChange((notice) => {
    if (notice.events.some((e) => e.type === 'scheduleChanged')) void wake();
    else if (lateOn && clock.now().getTime() - lateCheckedAt >= LATE_CHANGE_GAP_MS && notice.events.some((e) => QUEUE_EVENTS.has(e.type))) {
      // Counted from now: the rest of a burst's notices, arriving while this wake-up runs, ask for no other.
      lateCheckedAt = clock.now().getTime();
      void wake();
    }
  });
  void wake();

  return {
    settled: () => running,
    armedVersion: () => armedVersion,
    stop() {
      stopped = true;
      unsubscribe();
      cancelTimer?.();
      cancelTimer = null;
    },
  };
}
