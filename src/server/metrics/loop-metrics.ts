/**
 * The event loop's and the garbage collector's families of prom-client's default metrics, with its names,
 * help texts and buckets (process-metrics.ts writes the rest). As prom-client does: a histogram of the
 * event loop's delay sampled every 10 ms, read and reset on each scrape, and every collection's duration
 * by kind from a PerformanceObserver. Unlike prom-client: the delays are kept to two significant figures
 * (below), and the lag gauge is the lag measured by this scrape (prom-client's collect returns before its
 * setImmediate fires, so it reports the previous scrape's).
 */
import { constants, createHistogram, PerformanceObserver, type EntryType } from 'node:perf_hooks';
import { FastHistogram, handFamily } from './fast-series.js';

const RESOLUTION_MS = 10;
/**
 * Two significant figures (1 % precision): the standard deviation and the mean walk the histogram's
 * buckets up to the largest delay recorded, and with perf_hooks' monitor (three figures, fixed) that walk
 * took ~250 µs of every scrape; with two it is about a tenth of that.
 */
const FIGURES = 2;
const GC_BUCKETS = [0.001, 0.01, 0.1, 1, 2, 5];
const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

const DELAYS = [
  ['min', 'The minimum recorded event loop delay.'],
  ['max', 'The maximum recorded event loop delay.'],
  ['mean', 'The mean of the recorded event loop delays.'],
  ['stddev', 'The standard deviation of the recorded event loop delays.'],
  ['p50', 'The 50th percentile of the recorded event loop delays.'],
  ['p90', 'The 90th percentile of the recorded event loop delays.'],
  ['p99', 'The 99th percentile of the recorded event loop delays.'],
] as const;
const LAG = handFamily('nodejs_eventloop_lag_seconds', 'Lag of event loop in seconds.');
const DELAY_FAMILIES = DELAYS.map(([stat, help]) => handFamily(`nodejs_eventloop_lag_${stat}_seconds`, help));

export interface LoopMetrics {
  /** How long a setImmediate started now waits: the lag family's text, once it has run. */
  lag(): Promise<string>;
  /** The delay statistics since the last scrape (then reset) and the collections' histogram. */
  text(): string;
  stop(): void;
}

export function loopMetrics(): LoopMetrics {
  // What monitorEventLoopDelay does in C++ (a timer every RESOLUTION_MS that records the time since its
  // last run), from a JavaScript timer, because only createHistogram takes the precision.
  const delays = createHistogram({ figures: FIGURES });
  const timer = setInterval(() => delays.recordDelta(), RESOLUTION_MS).unref();
  const gc = new FastHistogram('nodejs_gc_duration_seconds', 'Garbage collection duration by kind, one of major, minor, incremental or weakcb.', ['kind'], GC_BUCKETS);
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = GC_KINDS[(entry as { detail?: { kind?: number } }).detail?.kind ?? -1];
      if (kind) gc.observe(entry.duration / 1000, kind);
    }
  });
  observer.observe({ entryTypes: ['gc' as EntryType] });

  return {
    lag() {
      const start = process.hrtime.bigint();
      return new Promise((resolve) => {
        setImmediate(() => resolve(LAG.one(Number(process.hrtime.bigint() - start) / 1e9)));
      });
    },
    text() {
      const values = [delays.min, delays.max, delays.mean, delays.stddev, delays.percentile(50), delays.percentile(90), delays.percentile(99)];
      delays.reset();
      let out = '';
      for (let i = 0; i < DELAY_FAMILIES.length; i++) out += DELAY_FAMILIES[i].one(values[i] / 1e9);
      return `${out}${gc.text()}\n`;
    },
    stop() {
      clearInterval(timer);
      observer.disconnect();
    },
  };
}
