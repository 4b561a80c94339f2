/**
 * The production store: PostgreSQL shared by several server processes. Committed changes travel between
 * processes as NOTIFY on one channel; every process (the writer too) learns of them from its LISTEN.
 */
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { CompiledQuery, type Kysely, PostgresDialect } from 'kysely';
import { clinicKyselys, SET_CLINIC_SQL } from './clinic-connection.js';
import { clinicScope } from './clinic-scope.js';
import { fairGate } from './fair-pool.js';
import type { Database, DeploymentDatabase } from './schema.js';
import type { ChangeNotice, Store } from './port.js';
import { createStoreFromAdapter, type StoreOptions } from './store.js';
import { operationOf, type QueryLog, queryLog } from './query-log.js';

const CHANNEL = 'clinic_queue_changes';
/** How long an acquisition waits for a connection before the request is UNAVAILABLE. */
const CONNECT_TIMEOUT_MS = 5000;
/** Serialization failure, deadlock, lock not available. */
const TRANSIENT = new Set(['40001', '40P01', '55P03']);
/** Connection exceptions, admin shutdown, cannot connect now, too many connections. */
const UNAVAILABLE = /^(08...|57P0[1-3]|53300)$/;
const NETWORK = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'ENOTFOUND']);

export interface PostgresOptions extends StoreOptions {
  poolSize?: number;
}

export async function openPostgresStore(url: string, options: PostgresOptions = {}): Promise<Store> {
  const size = options.poolSize ?? 20;
  const pool = new pg.Pool({ connectionString: url, max: size, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Nor a checked-out one: pg-pool listens for errors only while a client is idle, and a client whose
  // server goes away (a restart, a crash) emits 'error' even while its query is being rejected. Without a
  // listener that event kills the process. The query's own rejection still reports the failure, and the
  // pool drops the broken client when it comes back.
  pool.on('connect', (client) => client.on('error', () => {}));
  const queries = queryLog(options.queryLog ?? false);
  if (queries.enabled) pool.on('connect', (client) => timeQueries(client, queries));
  // Its clinics take the pool's connections in turn (decision 082); the wait for one is bounded as the pool's.
  const kyselys = clinicKyselys<DeploymentDatabase>(new PostgresDialect({ pool }), fairGate(size, CONNECT_TIMEOUT_MS));
  // The deployment's connections see every clinic's rows ('*', the row policy of migration 0031).
  const db = kyselys.make('*', []);

  return createStoreFromAdapter(
    {
      dialect: 'postgres',
      db,
      clinicDb: (clinic) => kyselys.make(clinic, [clinicScope(clinic)]) as unknown as Kysely<Database>,
      queries,
      async publishInTransaction(tx, notice) {
        // Written as SQL once: every write sends one, and building it through Kysely cost more than the text.
        await tx.executeQuery(CompiledQuery.raw('select pg_notify($1, $2)', [CHANNEL, notifyPayload(notice)]));
      },
      subscribe: (deliver) => listen(url, deliver),
      afterCommit() {},
      isUniqueViolation: (err) => pgCode(err) === '23505',
      isTransient: (err) => TRANSIENT.has(pgCode(err)),
      isUnavailable: (err) => UNAVAILABLE.test(pgCode(err)) || NETWORK.has(pgCode(err)) || isPoolTimeout(err),
      destroy: () => kyselys.destroy(),
    },
    options,
  );
}

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more (and with it the whole write). */
const MAX_PAYLOAD_BYTES = 7_900;

/**
 * The notice as other processes hear it. A batch of 64 families' numbers emits ~190 events, past the limit;
 * what other processes do with a notice depends only on its events' types (the live hub, the reception view,
 * the timers and the notify worker), so an oversized notice goes with the first event of each type. What
 * needs every event of this process's own writes reads them from onLocalCommit, which this does not touch.
 */
export function notifyPayload(notice: ChangeNotice): string {
  const whole = JSON.stringify(notice);
  if (Buffer.byteLength(whole) < MAX_PAYLOAD_BYTES) return whole;
  const firstOfType = new Map<string, ChangeNotice['events'][number]>();
  for (const event of notice.events) if (!firstOfType.has(event.type)) firstOfType.set(event.type, event);
  return JSON.stringify({ clinic: notice.clinic, version: notice.version, events: [...firstOfType.values()] });
}

/** A dedicated LISTEN connection that reconnects by itself when the server goes away. */
async function listen(url: string, deliver: (notice: ChangeNotice) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (msg) => {
      if (msg.channel !== CHANNEL || !msg.payload) return;
      deliver(JSON.parse(msg.payload) as ChangeNotice);
    });
    next.on('error', () => reconnect(next));
    next.on('end', () => reconnect(next));
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
    } catch (err) {
      // A connection that opened but could not LISTEN would otherwise stay open, unused, for good.
      next.removeAllListeners('end');
      await next.end().catch(() => {});
      throw err;
    }
    client = next;
  }

  function reconnect(dead: pg.Client): void {
    if (stopped || client !== dead) return;
    client = null;
    dead.removeAllListeners('end');
    const attempt = () => {
      if (stopped) return;
      connect().then(
        // Changes made while we were away were missed: tell listeners to resynchronise.
        () => deliver({ version: 0, events: [] }),
        () => (retry = setTimeout(attempt, 500)),
      );
    };
    retry = setTimeout(attempt, 200);
  }

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}

/**
 * Metrics on: each query Kysely sends through this pooled client reports its duration. pg answers a
 * query given a callback through that callback alone; without one it builds a promise and a `catch` of
 * its own, and timing that promise added a `then` more per query (the opening burst runs ~1,300). So the
 * wrapper passes a callback that reports and settles the one promise Kysely awaits. A rejection gets its
 * stack replaced as pg's own promise does. Cursors, config objects and callers with a callback pass
 * through untimed.
 */
function timeQueries(client: pg.PoolClient, queries: QueryLog): void {
  const query = client.query.bind(client) as (text: unknown, values?: unknown, callback?: unknown) => unknown;
  client.query = ((text: unknown, values?: unknown, callback?: unknown) => {
    // The clinic setting a connection runs once (decision 077) is the store's own, not a query of the product.
    if (typeof text !== 'string' || text === SET_CLINIC_SQL || typeof values === 'function' || callback !== undefined) return query(text, values, callback);
    const operation = operationOf(text);
    const start = performance.now();
    return new Promise((resolve, reject) => {
      query(text, values, (err: Error | null, result: unknown) => {
        queries.report(operation, start, Boolean(err));
        if (!err) return resolve(result);
        Error.captureStackTrace(err);
        reject(err);
      });
    });
  }) as typeof client.query;
}

function pgCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/**
 * pg's own connection failures carry no code. "…is not queryable" is a query on a client whose connection
 * already died (a rollback after the server went away), which would otherwise surface as a 500.
 */
function isPoolTimeout(err: unknown): boolean {
  return err instanceof Error && /timeout exceeded when trying to connect|Connection terminated|is not queryable/i.test(err.message);
}
