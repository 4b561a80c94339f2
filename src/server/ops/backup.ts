/**
 * A logical backup: every table's rows as JSON lines, the same for SQLite and PostgreSQL, so a backup of
 * one store restores into either (a clinic can also move from SQLite to PostgreSQL this way).
 */
import type { Store } from '../storage/port.js';
import type { Database } from '../storage/schema.js';

/** Parents before children: restore inserts in this order and deletes in the reverse. */
export const BACKUP_TABLES = [
  'runtime',
  'reception_sessions',
  'reservation_slots',
  'pwa_users',
  'push_subscriptions',
  'staff_accounts',
  'staff_sessions',
  'outbox',
  'audit_log',
  'rate_counters',
] as const satisfies readonly (keyof Database)[];

export const BACKUP_FORMAT = 'clinic-queue-backup/1';

interface Header {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  dialect: Store['dialect'];
}

/** Writes the backup line by line; the rows are read in one consistent transaction. */
export async function writeBackup(store: Store, write: (line: string) => void | Promise<void>): Promise<number> {
  const header: Header = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), dialect: store.dialect };
  await write(JSON.stringify(header));
  return store.read(async (tx) => {
    let rows = 0;
    for (const table of BACKUP_TABLES) {
      for (const row of await tx.selectFrom(table).selectAll().execute()) {
        await write(JSON.stringify({ table, row }));
        rows++;
      }
    }
    return rows;
  });
}

/** Replaces everything in the store with the backup's rows, in one transaction. */
export async function restoreBackup(store: Store, lines: AsyncIterable<string> | Iterable<string>): Promise<number> {
  const byTable = new Map<string, Record<string, unknown>[]>();
  let header: Header | null = null;
  for await (const line of lines) {
    if (!line.trim()) continue;
    const parsed = JSON.parse(line) as Header | { table: string; row: Record<string, unknown> };
    if (!header) {
      if ((parsed as Header).format !== BACKUP_FORMAT) throw new Error('not a clinic-queue backup file');
      header = parsed as Header;
      continue;
    }
    const { table, row } = parsed as { table: string; row: Record<string, unknown> };
    if (!(BACKUP_TABLES as readonly string[]).includes(table)) throw new Error(`unknown table in backup: ${table}`);
    byTable.set(table, [...(byTable.get(table) ?? []), row]);
  }
  if (!header) throw new Error('empty backup file');
  return store.write(async ({ tx, emit, runtime }) => {
    for (const table of [...BACKUP_TABLES].reverse()) await tx.deleteFrom(table).execute();
    let count = 0;
    for (const table of BACKUP_TABLES) {
      const rows = byTable.get(table) ?? [];
      // Chunks keep each statement under both dialects' parameter limits.
      for (let i = 0; i < rows.length; i += 200) {
        await tx.insertInto(table).values(rows.slice(i, i + 200) as never).execute();
      }
      count += rows.length;
    }
    // Versions only go forward, or live viewers would take the restored state for an old one.
    await tx.updateTable('runtime').set({ version: runtime.version }).where('id', '=', 1).execute();
    emit({ type: 'receptionSwitched' }); // everything changed: live viewers resynchronise
    return count;
  });
}
