/** Every row of every table (the backup's list), in a stable order, for before/after comparisons. */
import { BACKUP_TABLES } from '../../src/server/ops/backup.js';
import type { Store } from '../../src/server/storage/port.js';

export type StoreDump = Record<string, string[]>;

export async function dumpStore(store: Store, skip: readonly string[] = []): Promise<StoreDump> {
  return store.read(async (tx) => {
    const dump: StoreDump = {};
    for (const table of BACKUP_TABLES) {
      if (skip.includes(table)) continue;
      const rows = await tx.selectFrom(table).selectAll().execute();
      // Rows as sorted-key JSON, sorted: both dialects' row order and key order stop mattering.
      dump[table] = rows.map((row) => JSON.stringify(row, Object.keys(row).sort())).sort();
    }
    return dump;
  });
}

/** The rows only one side has, per table: `{}` when the two dumps are the same. */
export function dumpDifference(before: StoreDump, after: StoreDump): Record<string, { gone: string[]; new: string[] }> {
  const out: Record<string, { gone: string[]; new: string[] }> = {};
  for (const table of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = new Set(before[table] ?? []);
    const b = new Set(after[table] ?? []);
    const gone = [...a].filter((row) => !b.has(row));
    const added = [...b].filter((row) => !a.has(row));
    if (gone.length > 0 || added.length > 0) out[table] = { gone, new: added };
  }
  return out;
}
