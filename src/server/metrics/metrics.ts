/**
 * The app's Prometheus metrics, in a registry of its own (tests build many apps in one process; the
 * global default registry would collide). Every label takes a bounded set of values: route patterns,
 * function names from the catalogue, error codes, channels, stream kinds (docs/decisions/017-metrics.md).
 * Gauges that need the store or the hub are computed at scrape time, never on a request. The app's own
 * counters and histograms (fast-series.ts) and the process's metrics (process-metrics.ts, prom-client's
 * defaults) are kept and written outside prom-client's registry; the exposition text is the registry's
 * followed by theirs.
 */
import { Gauge, Registry } from 'prom-client';
import { FastCounter, FastHistogram, type TextFamily } from './fast-series.js';
import { processMetrics } from './process-metrics.js';
import type { Store } from '../storage/port.js';
import type { OutboxTable } from '../storage/schema.js';
import type { StreamKind } from '../live/hub.js';

const PREFIX = 'clinic_queue_';
/** Requests answer in milliseconds, the opening burst's last ones in a second or two. */
const REQUEST_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1];
const CHANNELS: OutboxTable['channel'][] = ['LINE', 'PWA'];
const KINDS: StreamKind[] = ['queue', 'admin'];

export interface Sources {
  store: Store;
  /** The clinics whose runtimes run now, each with its open streams of a kind. */
  clinics(): { id: string; viewers(kind: StreamKind): number }[];
}

/** The clinic label of what no clinic took (a host nobody listed, a deployment path): one value. */
export const NO_CLINIC = '(none)';

export type Metrics = ReturnType<typeof createMetrics>;

export function createMetrics() {
  const registry = new Registry();
  const runtime = processMetrics();
  let sources: Sources | null = null;

  const labelled = ['route', 'function', 'outcome'];
  const latency = new FastHistogram(`${PREFIX}request_duration_seconds`, 'Time to answer a request, by route pattern, function and outcome', labelled, REQUEST_BUCKETS);
  const allocations = new FastCounter(`${PREFIX}allocations_total`, 'Numbers taken (allocateNextSlot answered ok), by clinic and reserved type', ['clinic', 'reserved_type']);
  const refusals = new FastCounter(`${PREFIX}allocation_refusals_total`, 'allocateNextSlot calls refused, by clinic and error code', ['clinic', 'code']);
  const notices = new FastCounter(
    `${PREFIX}notice_attempts_total`,
    'Notice delivery attempts, by clinic, channel and result (sent, retry, failed)',
    ['clinic', 'channel', 'result'],
  );
  // Per clinic without route and function: the latency histogram by clinic would be clinics × routes × buckets.
  const clinicRequests = new FastCounter(
    `${PREFIX}clinic_requests_total`,
    'HTTP requests answered, by clinic and outcome (ok or the error code)',
    ['clinic', 'outcome'],
  );
  const byClinic = [allocations, refusals, notices, clinicRequests];
  const queries = new FastHistogram(
    `${PREFIX}store_query_duration_seconds`,
    'Store query time, by operation (select, insert, update, delete, other) and outcome (ok, error)',
    ['operation', 'outcome'],
    QUERY_BUCKETS,
  );
  const families: TextFamily[] = [
    latency,
    // One series lookup per request: the request counter is the histogram's count, read at scrape time.
    latency.countsAs(`${PREFIX}requests_total`, 'HTTP requests answered, by route pattern, function and outcome (ok or the error code)'),
    allocations,
    refusals,
    notices,
    clinicRequests,
    queries,
  ];
  new Gauge({
    name: `${PREFIX}live_viewers`,
    help: 'Open live streams on this process, by clinic and stream kind',
    labelNames: ['clinic', 'kind'],
    registers: [registry],
    collect() {
      // Set anew from the runtimes that run: a stopped clinic's series go with it.
      this.reset();
      for (const clinic of sources?.clinics() ?? []) for (const kind of KINDS) this.set({ clinic: clinic.id, kind }, clinic.viewers(kind));
    },
  });
  const outbox = outboxReader(() => sources?.store ?? null);
  new Gauge({
    name: `${PREFIX}outbox_backlog`,
    help: 'Notices waiting to be sent (pending or sending), by channel',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const rows = await outbox();
      // The store is away: no series rather than a made-up zero.
      if (!rows) return this.reset();
      for (const channel of CHANNELS) this.set({ channel }, rows.get(channel)?.count ?? 0);
    },
  });
  new Gauge({
    name: `${PREFIX}outbox_oldest_pending_age_seconds`,
    help: 'Age of the oldest notice still waiting, by channel (0 when none waits)',
    labelNames: ['channel'],
    registers: [registry],
    async collect() {
      const rows = await outbox();
      if (!rows) return this.reset();
      const now = Date.now();
      for (const channel of CHANNELS) {
        const oldest = rows.get(channel)?.oldest;
        this.set({ channel }, oldest ? Math.max(0, (now - Date.parse(oldest)) / 1000) : 0);
      }
    },
  });

  // The registry stays inside: its text alone would leave out the app's own families.
  return {
    contentType: registry.contentType,
    /** The exposition text: prom-client's registry (the gauges read from the store and the hub), the process's families, then the app's own. */
    async text(): Promise<string> {
      if (sources) {
        const running = new Set(sources.clinics().map((c) => c.id));
        for (const family of byClinic) family.retain((clinic) => clinic === NO_CLINIC || running.has(clinic));
      }
      const [gauges, processText] = await Promise.all([registry.metrics(), runtime.text()]);
      let out = gauges + processText;
      for (const family of families) out += `\n${family.text()}\n`;
      return out;
    },
    /** Stops what the process metrics keep running (the event-loop monitor, the collection observer). */
    stop: () => runtime.stop(),
    /** The things gauges read at scrape time; set once the hub exists. */
    watch(next: Sources) {
      sources = next;
    },
    /** One answered request: the route pattern, the function name ('' off /api/fn), 'ok' or the error code. */
    request(clinic: string, route: string, fn: string, outcome: string, seconds: number) {
      latency.observe(seconds, route, fn, outcome);
      clinicRequests.inc(clinic, outcome);
    },
    allocation(clinic: string, outcome: string, reservedType: string) {
      if (outcome === 'ok') allocations.inc(clinic, reservedType);
      else refusals.inc(clinic, outcome);
    },
    notice(clinic: string, row: OutboxTable, result: 'sent' | 'retry' | 'failed') {
      notices.inc(clinic, row.channel, result);
    },
    query(operation: string, seconds: number, failed: boolean) {
      queries.observe(seconds, operation, failed ? 'error' : 'ok');
    },
  };
}

interface Backlog {
  count: number;
  oldest: string | null;
}

/**
 * One grouped query per scrape serves both outbox gauges: prom-client collects them concurrently, so the
 * second joins the query the first started. The `outbox_due` index (status, next_attempt_at) covers it.
 */
function outboxReader(store: () => Store | null) {
  let running: Promise<Map<string, Backlog> | null> | null = null;
  async function read(): Promise<Map<string, Backlog> | null> {
    const db = store()?.db;
    if (!db) return new Map();
    const rows = await db
      .selectFrom('outbox')
      .select((eb) => ['channel', eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
      .where('status', 'in', ['pending', 'sending'])
      .groupBy('channel')
      .execute()
      .catch(() => null);
    if (!rows) return null;
    return new Map(rows.map((r) => [r.channel, { count: Number(r.count), oldest: r.oldest }]));
  }
  return () => (running ??= read().finally(() => (running = null)));
}
