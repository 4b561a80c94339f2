/**
 * The event loop's and the garbage collector's families of prom-client's default metrics, with its names,
 * help texts and buckets (process-metrics.ts writes the rest). As prom-client does: perf_hooks' native
 * monitor samples the event loop's delay every 10 ms and is read and reset on each scrape, and every
 * collection's duration is observed by kind from a PerformanceObserver. Unlike prom-client: the lag gauge
 * is the lag measured by this scrape (prom-client's collect returns before its setImmediate fires, so it
 * reports the previous scrape's).
 */
import { constants, monitorEventLoopDelay, PerformanceObserver, type EntryType } from 'node:perf_hooks';
import { FastHistogram, handFamily } from './fast-series.js';

/**
 * prom-client's default precision. The monitor is a libuv timer that records in C++: no JavaScript runs
 * per sample. A JavaScript timer into a two-figure histogram (decision 034) made each scrape ~0.2 ms
 * cheaper and every sample dearer: an idle server with metrics on spent 7.3 ms of CPU a second with it,
 * 5.1 ms with this monitor, and 1.8 ms with metrics off (decision 035).
 */
const RESOLUTION_MS = 10;
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
  const delays = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
  delays.enable();
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
      delays.disable();
      observer.disconnect();
    },
  };
}
