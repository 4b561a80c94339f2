/**
 * A logical backup: every table's rows as JSON lines, the same for SQLite and PostgreSQL, so a backup of
 * one store restores into either (a clinic can also move from SQLite to PostgreSQL this way).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Store } from '../storage/port.js';
import type { Database } from '../storage/schema.js';
import { insertMainQueue, queueVersions } from '../storage/queue-rows.js';
import { PRIMARY_KEYS } from './backup-rows.js';
import { LINE_SEALED_COLUMNS } from '../storage/schema-line-channels.js';
import { BACKUP_FORMAT, BACKUP_TABLES, BadBackupError, type BackupTable, type Entry, type Header, type Lines, readBackup } from './backup-parse.js';

export { BACKUP_FORMAT, BACKUP_TABLES, BadBackupError } from './backup-parse.js';

/** Rows per read while backing up, and per insert while restoring (under both dialects' parameter limits). */
const PAGE = 1000;
const CHUNK = 200;

type Row = Record<string, unknown>;

/**
 * Writes the backup line by line. Every table is read in one snapshot: on PostgreSQL a read-only
 * REPEATABLE READ transaction (READ COMMITTED would read each table at a different moment, and a sign-up
 * in between would leave a subscription without its user: a file that cannot be restored); on SQLite a
 * transaction is a snapshot from its first read. Rows are paged by primary key, so memory stays bounded
 * however long the history; `write` may wait (a file's back-pressure) without holding rows.
 */
export async function writeBackup(store: Store, write: (line: string) => void | Promise<void>): Promise<number> {
  const header: Header = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), dialect: store.dialect };
  await write(JSON.stringify(header));
  return store.db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (tx) => {
      let rows = 0;
      for (const table of BACKUP_TABLES) {
        for await (const row of pages(tx, table)) {
          await write(JSON.stringify({ table, row: table === 'line_channels' ? withoutSecrets(row) : row }));
          rows++;
        }
      }
      return rows;
    });
}

/** A clinic's LINE row without its sealed secrets (decision 079): no backup or export file holds one. */
function withoutSecrets(row: Row): Row {
  const kept = { ...row };
  for (const column of LINE_SEALED_COLUMNS) delete kept[column];
  return kept;
}

async function* pages(tx: Transaction<Database>, table: BackupTable): AsyncGenerator<Row> {
  const keys = PRIMARY_KEYS[table] as readonly string[];
  const order = sql.join(keys.map((key) => sql.ref(key)));
  let after: unknown[] | null = null;
  for (;;) {
    // Row-value comparison, `(a, b) > ($1, $2)`: both dialects walk the primary key's index. Built with the
    // query builder, not as raw SQL, so the store's clinic scoping (decision 077) reads this clinic's rows only.
    const page = (tx as unknown as Kysely<Record<string, Row>>).selectFrom(table).selectAll();
    const from = after ? page.where(sql<boolean>`(${order}) > (${sql.join(after)})`) : page;
    const rows = (await from.orderBy(order).limit(PAGE).execute()) as Row[];
    yield* rows;
    if (rows.length < PAGE) return;
    const last: Row = rows[rows.length - 1];
    after = keys.map((key) => last[key]);
  }
}

/**
 * Replaces everything in the store with the backup's rows, in one transaction: every line is checked as
 * it is read (readBackup) and inserted in chunks, so a bad line anywhere rolls the whole restore back and
 * the store is left exactly as it was. Pass a function that opens the file to let a retried transaction
 * (a transient conflict) read it again; a one-shot stream cannot be retried.
 */
export async function restoreBackup(store: Store, source: Lines | (() => Lines)): Promise<number> {
  let opened = 0;
  const open = (): Lines => {
    if (typeof source === 'function') return source();
    if (opened++ > 0 && !Array.isArray(source)) throw new Error('restore was interrupted by a conflicting write; run it again');
    return source;
  };
  return store.write(async ({ tx, emit, runtime, now }) => {
    // A snapshot's version is the runtime row's plus every queue's (decision 061): the sum before, kept.
    const stamp = runtime.version + (await queueVersions(tx));
    // A mobile number belongs to a reservation the restore replaces (decision 070): none outlives it.
    await tx.deleteFrom('sms_numbers').execute();
    // So does a ticket page's push subscription (decision 073).
    await tx.deleteFrom('ticket_push').execute();
    for (const table of [...BACKUP_TABLES].reverse()) await tx.deleteFrom(table).execute();
    let count = 0;
    let line = 1;
    let chunk: Entry[] = [];
    const flush = async () => {
      if (chunk.length > 0) await insert(tx, chunk);
      chunk = [];
    };
    for await (const entry of readBackup(open())) {
      if (chunk.length === CHUNK || (chunk.length > 0 && chunk[0].table !== entry.table)) await flush();
      chunk.push(entry);
      count++;
      line = entry.line;
    }
    await flush();
    const restored = await tx.selectFrom('runtime').select('id').execute();
    if (restored.length !== 1) throw new BadBackupError(line, 'ends without a runtime row: not a whole backup');
    // A backup from before queues (migration 0022) gets the one queue the migration makes.
    if ((await tx.selectFrom('queues').select('id').limit(1).execute()).length === 0) await insertMainQueue(tx, now);
    // Versions only go forward, or live viewers would take the restored state for an old one.
    await tx.updateTable('runtime').set({ version: stamp }).where('id', '=', 1).execute();
    emit({ type: 'receptionSwitched' }); // everything changed: live viewers resynchronise
    return count;
  });
}

async function insert(tx: Transaction<Database>, chunk: Entry[]): Promise<void> {
  const { table } = chunk[0];
  try {
    await tx.insertInto(table).values(chunk.map((entry) => entry.row) as never).execute();
  } catch (err) {
    // A duplicate key or a child without its parent: the file's fault, said with its lines.
    if (!isConstraintViolation(err)) throw err;
    const lines = `${chunk[0].line}–${chunk[chunk.length - 1].line}`;
    throw new BadBackupError(chunk[0].line, `the store refused the ${table} rows of lines ${lines}: ${(err as Error).message}`);
  }
}

function isConstraintViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  // PostgreSQL's class 23 (integrity constraint violation), SQLite's SQLITE_CONSTRAINT_*.
  return typeof code === 'string' && (/^23...$/.test(code) || code.startsWith('SQLITE_CONSTRAINT'));
}
