/**
 * The one Store implementation. The dialect adapters (sqlite.ts, postgres.ts) supply the Kysely dialect
 * and the few things that really differ: how a committed change reaches listeners, and how their
 * drivers spell a unique violation or a transient conflict.
 */
import { EventEmitter } from 'node:events';
import { type Kysely, type Transaction } from 'kysely';
import { AppError } from '../errors.js';
import type { Database, DeploymentDatabase, QueueTable, RuntimeTable } from './schema.js';
import type { ChangeNotice, DomainEvent, Store, WriteContext, WriteScope } from './port.js';
import { migrateToLatest } from './migrations.js';
import { DEFAULT_CLINIC } from './migration-0031-clinics.js';
import type { QueryLog } from './query-log.js';

/** Attempts of a write transaction before ABORTED "busy" (docs/product.md, "Timings and limits"). */
export const MAX_WRITE_ATTEMPTS = 5;

export interface DialectAdapter {
  readonly dialect: Store['dialect'];
  /** The deployment's Kysely: migrations, the clinics and their hosts (on PostgreSQL: every clinic's rows). */
  readonly db: Kysely<DeploymentDatabase>;
  /** A clinic's Kysely: every statement scoped to it (clinic-scope.ts; on PostgreSQL its connections set it too). */
  clinicDb(clinic: string): Kysely<Database>;
  /** Called inside the write transaction: PostgreSQL queues a NOTIFY that fires on commit. */
  publishInTransaction(tx: Transaction<Database>, notice: ChangeNotice): Promise<void>;
  /** Starts delivering committed changes to `deliver`; returns a stopper. */
  subscribe(deliver: (notice: ChangeNotice) => void): Promise<() => Promise<void>>;
  /** Called after commit: SQLite delivers in-process here. */
  afterCommit(notice: ChangeNotice): void;
  isUniqueViolation(err: unknown): boolean;
  isTransient(err: unknown): boolean;
  /** The store cannot be reached (connection refused, server restarting). */
  isUnavailable(err: unknown): boolean;
  /** Kysely's per-query timings (metrics). */
  readonly queries: QueryLog;
  destroy(): Promise<void>;
}

export interface StoreOptions {
  clock?: () => Date;
  /** Time every query for the metrics (METRICS_PORT or METRICS_TOKEN set); off, queries run untimed. */
  queryLog?: boolean;
}

/**
 * Opens the store of the clinic `default` (every store before decision 077 was that one clinic's); its
 * `forClinic` reaches the others. Closing any of them closes the store for all.
 */
export async function createStoreFromAdapter(adapter: DialectAdapter, options: StoreOptions = {}): Promise<Store> {
  const clock = options.clock ?? (() => new Date());
  await migrateToLatest(adapter.db as Kysely<unknown>);

  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const stopListening = await adapter.subscribe((notice) => emitter.emit('change', notice));
  const local = new EventEmitter();
  local.setMaxListeners(0);
  const clinics = new Map<string, Store>();
  const close = async () => {
    await stopListening();
    emitter.removeAllListeners();
    local.removeAllListeners();
    await adapter.destroy();
  };
  const forClinic = (clinic: string): Store => {
    let store = clinics.get(clinic);
    if (!store) clinics.set(clinic, (store = clinicStore(clinic)));
    return store;
  };

  // A notice reaches the listeners of its clinic; one without a clinic (the LISTEN connection came back, so
  // anything may have changed) reaches every clinic's.
  const ofClinic = (clinic: string, listener: (notice: ChangeNotice) => void) => (notice: ChangeNotice) => {
    if (notice.clinic === undefined || notice.clinic === clinic) listener(notice);
  };

  function clinicStore(clinic: string): Store {
    const db = adapter.clinicDb(clinic);
    let listening = 0;
    /** Counts a listener in, and out once however often its removal is called. */
    const counted = (remove: () => void) => {
      listening++;
      let removed = false;
      return () => {
        if (removed) return;
        removed = true;
        listening--;
        remove();
      };
    };

    // Taking the runtime row first serialises writers on both dialects. Compiled once: every write runs it.
    const takeRuntime = db
      .updateTable('runtime')
      .set((eb) => ({ version: eb('version', '+', 1) }))
      .where('id', '=', 1)
      .returningAll()
      .compile();
    // A queue's write (decision 061) takes its queue's row and only shares the runtime row: writes of other
    // queues go on meanwhile (PostgreSQL), a clinic-wide write (which takes the runtime row) waits for them
    // and they for it. SQLite has one writer for everything anyway: there the runtime row is only read.
    const shareRuntime =
      adapter.dialect === 'postgres'
        ? db.selectFrom('runtime').selectAll().where('id', '=', 1).forShare().compile()
        : db.selectFrom('runtime').selectAll().where('id', '=', 1).compile();
    // Compiled once per queue, like the runtime row's statement: every write of the queue runs it.
    const queueStatements = new Map<string, ReturnType<typeof compileTakeQueue>>();
    const compileTakeQueue = (queueId: string) =>
      db
        .updateTable('queues')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('id', '=', queueId)
        .where('removed_at', 'is', null)
        .returningAll()
        .compile();
    const takeQueue = (queueId: string) => {
      let statement = queueStatements.get(queueId);
      // Bounded by the queues that exist: an unknown id is refused without being kept.
      if (!statement) statement = compileTakeQueue(queueId);
      return statement;
    };

    async function attemptWrite<T>(fn: (ctx: WriteContext) => Promise<T>, scope: WriteScope | undefined): Promise<T> {
      const events: DomainEvent[] = [];
      let version = 0;
      let settle!: (committed: boolean) => void;
      const committed = new Promise<boolean>((resolve) => (settle = resolve));
      let result: T;
      try {
        result = await db.transaction().execute(async (tx) => {
          let queue: QueueTable | undefined;
          let runtime: RuntimeTable | undefined;
          if (scope) {
            // The queue first on SQLite (its update takes the one write lock), the shared runtime row first on
            // PostgreSQL (so a clinic-wide writer holding it is waited for before any queue row is locked).
            const runtimeFirst = adapter.dialect === 'postgres';
            const shared = runtimeFirst ? (await tx.executeQuery(shareRuntime)).rows[0] : undefined;
            const statement = takeQueue(scope.queue);
            queue = (await tx.executeQuery(statement)).rows[0];
            if (!queue) throw new AppError('NOT_FOUND', 'error.unknownQueue');
            queueStatements.set(scope.queue, statement);
            runtime = shared ?? (await tx.executeQuery(shareRuntime)).rows[0];
            version = runtime ? runtime.version + queue.version : 0;
          } else {
            runtime = (await tx.executeQuery(takeRuntime)).rows[0];
            version = runtime?.version ?? 0;
          }
          if (!runtime) throw new Error('the runtime row is missing');
          const value = await fn({ tx, runtime, queue, emit: (e) => events.push(e), now: clock().toISOString(), committed });
          if (events.length > 0) await adapter.publishInTransaction(tx, { clinic, version, events });
          return value;
        });
      } catch (err) {
        settle(false);
        throw err;
      }
      settle(true);
      if (events.length > 0) {
        local.emit('commit', { clinic, version, events });
        adapter.afterCommit({ clinic, version, events });
      }
      return result;
    }

    return {
      dialect: adapter.dialect,
      clinic,
      db,
      deployment: adapter.db,
      forClinic,
      async write(fn, scope) {
        for (let attempt = 1; ; attempt++) {
          try {
            return await attemptWrite(fn, scope);
          } catch (err) {
            if (!adapter.isTransient(err)) throw translate(err);
            if (attempt >= MAX_WRITE_ATTEMPTS) throw new AppError('ABORTED', 'error.busy');
          }
        }
      },
      async read(fn) {
        try {
          return await db.transaction().execute(fn);
        } catch (err) {
          throw translate(err);
        }
      },
      onChange(listener) {
        const mine = ofClinic(clinic, listener);
        emitter.on('change', mine);
        return counted(() => emitter.off('change', mine));
      },
      onLocalCommit(listener) {
        const mine = ofClinic(clinic, listener);
        local.on('commit', mine);
        return counted(() => local.off('commit', mine));
      },
      listenerCount: () => listening,
      isUniqueViolation: (err) => adapter.isUniqueViolation(err),
      isUnavailable: (err) => adapter.isUnavailable(err),
      observeQueries: (fn) => adapter.queries.observe(fn),
      async ping() {
        await db.selectFrom('runtime').select('id').executeTakeFirstOrThrow();
      },
      close,
    };
  }

  return forClinic(DEFAULT_CLINIC);

  function translate(err: unknown): unknown {
    if (err instanceof AppError) return err;
    if (adapter.isUnavailable(err)) return new AppError('UNAVAILABLE', 'error.unavailable');
    return err;
  }
}
