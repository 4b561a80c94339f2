/** The embedded store: one SQLite file in DATA_DIR, WAL mode, one connection (one process). */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Sqlite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';
import type { ChangeNotice, Store } from './port.js';
import { createStoreFromAdapter, type StoreOptions } from './store.js';

export async function openSqliteStore(file: string, options: StoreOptions = {}): Promise<Store> {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const database = new Sqlite(file);
  database.pragma('journal_mode = WAL');
  // NORMAL in WAL mode loses no committed transaction on a process crash, only on power loss.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  let deliver: ((notice: ChangeNotice) => void) | null = null;

  return createStoreFromAdapter(
    {
      dialect: 'sqlite',
      db,
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

function sqliteCode(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}
