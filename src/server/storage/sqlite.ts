/** The embedded store: one SQLite file in DATA_DIR, WAL mode, one connection (one process). */
import { mkdirSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { dirname } from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect, type SqliteDatabase, type SqliteStatement } from 'kysely';
import type { Database, DeploymentDatabase } from './schema.js';
import type { ChangeNotice, Store } from './port.js';
import { createStoreFromAdapter, type StoreOptions } from './store.js';
import { clinicScope } from './clinic-scope.js';
import { operationOf, type QueryLog, queryLog } from './query-log.js';

export async function openSqliteStore(file: string, options: StoreOptions = {}): Promise<Store> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Sqlite(file);
  database.pragma('journal_mode = WAL');
  // NORMAL in WAL mode loses no committed transaction on a process crash, only on power loss.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const queries = queryLog(options.queryLog ?? false);
  const db = new Kysely<DeploymentDatabase>({ dialect: new SqliteDialect({ database: reusingStatements(database, queries) }) });
  let deliver: ((notice: ChangeNotice) => void) | null = null;

  return createStoreFromAdapter(
    {
      dialect: 'sqlite',
      db,
      // One connection: SQLite has no row security, so the scoping is the plugin's alone.
      clinicDb: (clinic) => db.withPlugin(clinicScope(clinic)) as unknown as Kysely<Database>,
      queries,
      async publishInTransaction() {},
      async subscribe(fn) {
        deliver = fn;
        return async () => {
          deliver = null;
        };
      },
      afterCommit(notice) {
        deliver?.(notice);
      },
      isUniqueViolation: (err) => sqliteCode(err).startsWith('SQLITE_CONSTRAINT_UNIQUE'),
      isTransient: (err) => sqliteCode(err).startsWith('SQLITE_BUSY'),
      isUnavailable: (err) => sqliteCode(err) === 'SQLITE_CANTOPEN' || sqliteCode(err) === 'SQLITE_IOERR',
      destroy: () => db.destroy(),
    },
    options,
  );
}

/**
 * Kysely prepares every query afresh; preparing was a visible share of each request in the opening burst
 * (docs/benchmarks.md). better-sqlite3 statements can be run again, and Kysely runs each one to completion
 * synchronously (`all` or `run`; we never stream), so one statement per SQL text is never busy twice.
 * Bounded, in case some caller ever builds SQL texts without end (IN lists of varying length).
 */
function reusingStatements(database: Sqlite.Database, queries: QueryLog, max = 500): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => database.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (!statement) {
        if (statements.size >= max) statements.clear();
        const prepared = database.prepare(sql);
        statement = queries.enabled ? timed(prepared, operationOf(sql), queries) : prepared;
        statements.set(sql, statement);
      }
      return statement;
    },
  };
}

/**
 * A statement whose runs report their duration (metrics on). The calls are synchronous, so the time is
 * taken around them directly: no closure per run (the opening burst runs a thousand or more of these).
 */
function timed(statement: Sqlite.Statement, operation: string, queries: QueryLog): SqliteStatement {
  return {
    reader: statement.reader,
    all(parameters) {
      const start = performance.now();
      let failed = true;
      try {
        const rows = statement.all(parameters);
        failed = false;
        return rows;
      } finally {
        queries.report(operation, start, failed);
      }
    },
    run(parameters) {
      const start = performance.now();
      let failed = true;
      try {
        const result = statement.run(parameters);
        failed = false;
        return result;
      } finally {
        queries.report(operation, start, failed);
      }
    },
    iterate: (parameters) => statement.iterate(parameters),
  };
}

function sqliteCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
