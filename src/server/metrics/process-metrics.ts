/**
 * prom-client's default process metrics, with the same names, help texts and labels, except that the
 * handle and resource counts read the process once per scrape: prom-client's own gauges call
 * `process._getActiveHandles()` and `process.getActiveResourcesInfo()` twice each (the by-type gauge and
 * the total), and with the opening burst's thousand sockets open each call lists a thousand entries; and
 * the open descriptors are counted without listing them where the kernel allows.
 * A scrape is the metrics' largest single cost inside a burst (docs/benchmarks.md, metrics overhead).
 */
import { readdirSync, statSync } from 'node:fs';
import { collectDefaultMetrics, Gauge, type Registry } from 'prom-client';

const HANDLES = 'nodejs_active_handles';
const RESOURCES = 'nodejs_active_resources';
const OPEN_FDS = 'process_open_fds';
const FD_DIR = '/proc/self/fd';

type Process = NodeJS.Process & { _getActiveHandles?: () => unknown[] };

export function collectProcessMetrics(registry: Registry) {
  collectDefaultMetrics({ register: registry });
  const proc = process as Process;
  if (typeof proc._getActiveHandles === 'function') {
    const read = oncePerScrape(() => countBy(proc._getActiveHandles!(), (h) => (h as { constructor?: { name: string } } | null)?.constructor?.name));
    replace(registry, HANDLES, 'Number of active libuv handles grouped by handle type. Every handle type is C++ class name.', 'Total number of active handles.', read);
  }
  if (typeof process.getActiveResourcesInfo === 'function') {
    const read = oncePerScrape(() => countBy(process.getActiveResourcesInfo(), (r) => r));
    replace(
      registry,
      RESOURCES,
      'Number of active resources that are currently keeping the event loop alive, grouped by async resource type.',
      'Total number of active resources.',
      read,
    );
  }
  if (process.platform === 'linux') {
    registry.removeSingleMetric(OPEN_FDS);
    new Gauge({
      name: OPEN_FDS,
      help: 'Number of open file descriptors.',
      registers: [registry],
      collect() {
        const count = openFds();
        if (count !== null) this.set(count);
      },
    });
  }
}

/**
 * The open file descriptors. prom-client lists /proc/self/fd, a thousand names with the opening burst's
 * sockets open (about half a millisecond a scrape); Linux 6.2 and later give the count as that directory's
 * size, without listing or opening it. An older kernel says 0 there: then the list, as prom-client does
 * (less the descriptor the listing itself held open).
 */
function openFds(): number | null {
  try {
    const { size } = statSync(FD_DIR);
    return size > 0 ? size : readdirSync(FD_DIR).length - 1;
  } catch {
    return null;
  }
}

interface Counts {
  byType: Map<string, number>;
  total: number;
}

/** The two gauges of one family (by type, and the total) from one shared read. */
function replace(registry: Registry, name: string, help: string, totalHelp: string, read: () => Counts) {
  registry.removeSingleMetric(name);
  registry.removeSingleMetric(`${name}_total`);
  new Gauge({
    name,
    help,
    labelNames: ['type'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [type, count] of read().byType) this.set({ type }, count);
    },
  });
  new Gauge({
    name: `${name}_total`,
    help: totalHelp,
    registers: [registry],
    collect() {
      this.set(read().total);
    },
  });
}

/** prom-client collects every gauge of a scrape in the same turn of the event loop: one read serves them. */
function oncePerScrape(read: () => Counts): () => Counts {
  let last: Counts | null = null;
  return () => {
    if (!last) {
      last = read();
      setImmediate(() => (last = null));
    }
    return last;
  };
}

/** As prom-client counts: entries without a constructor name are left out of the by-type counts only. */
function countBy<T>(list: T[], key: (item: T) => string | undefined): Counts {
  const byType = new Map<string, number>();
  for (const item of list) {
    const k = key(item);
    if (k !== undefined) byType.set(k, (byType.get(k) ?? 0) + 1);
  }
  return { byType, total: list.length };
}
