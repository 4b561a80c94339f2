/**
 * One timer per server process that sleeps until the calendar's next edge, applies it (edges.ts makes it
 * happen once across processes) and sleeps again. It wakes early when the calendar changes (any process:
 * the change notice crosses PostgreSQL), and never sleeps longer than MAX_SLEEP_MS, so a wall clock that
 * jumped (NTP, a suspended machine) is noticed within minutes: a timer counts elapsed time, not the clock.
 */
import type { Clock } from '../../clock.js';
import type { HolidayLookup } from '../../../shared/schedule/rules.js';
import type { Store } from '../../storage/port.js';
import { applyDueEdges } from './edges.js';
import { readSchedule } from './document.js';
import { MAX_SLEEP_MS, sleepUntilNextEdge } from './edge-rule.js';
import { japaneseHoliday } from './holidays.js';

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
}: {
  store: Store;
  clock: Clock;
  log: Log;
  holidays?: HolidayLookup;
}): ScheduleRunner {
  let cancelTimer: (() => void) | null = null;
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let again = false;
  let busy = false;
  let armedVersion: number | null = null;

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
    if (stopped) return;
    let delay = MAX_SLEEP_MS;
    try {
      const { schedule, version } = await readSchedule(store.db, store);
      armedVersion = version;
      delay = sleepUntilNextEdge(schedule, clock.now().getTime(), holidays);
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
