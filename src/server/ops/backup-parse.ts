/**
 * Reads a backup file line by line and checks every line before restore inserts it: the header first,
 * then `{table, row}` entries whose tables come in BACKUP_TABLES order (parents before children, which is
 * what lets restore insert as it reads) and whose rows match their table's schema exactly.
 */
import { z } from 'zod';
import type { Database } from '../storage/schema.js';
import { describeIssues, ROW_SCHEMAS } from './backup-rows.js';

/** Parents before children: restore inserts in this order and deletes in the reverse. */
export const BACKUP_TABLES = [
  'runtime',
  'queues',
  'reception_sessions',
  'reservation_slots',
  'pwa_users',
  'push_subscriptions',
  'staff_accounts',
  'staff_sessions',
  'outbox',
  'notice_daily',
  'audit_log',
  'rate_counters',
  'clinic_schedule',
  'schedule_edges',
  'line_webhook_events',
  'wait_readings',
  'sms_usage',
  'ticket_daily',
  'line_channels',
] as const satisfies readonly (keyof Database)[];
export type BackupTable = (typeof BACKUP_TABLES)[number];

export const BACKUP_FORMAT = 'clinic-queue-backup/1';

export const HEADER = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  createdAt: z.iso.datetime(),
  dialect: z.enum(['sqlite', 'postgres']),
});
export type Header = z.infer<typeof HEADER>;

const ENTRY = z.strictObject({ table: z.string(), row: z.record(z.string(), z.unknown()) });

/** A file restore refuses: says which line and what is wrong with it. */
export class BadBackupError extends Error {
  constructor(
    readonly line: number,
    readonly problem: string,
  ) {
    super(`bad backup file, line ${line}: ${problem}`);
  }
}

export interface Entry {
  line: number;
  table: BackupTable;
  row: Record<string, unknown>;
}

export type Lines = Iterable<string> | AsyncIterable<string>;

export async function* readBackup(lines: Lines): AsyncGenerator<Entry> {
  let n = 0;
  let header = false;
  let current = 0;
  for await (const text of lines) {
    n++;
    if (!text.trim()) continue;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      throw new BadBackupError(n, 'not JSON');
    }
    if (!header) {
      checkHeader(n, value);
      header = true;
      continue;
    }
    const entry = ENTRY.safeParse(value);
    if (!entry.success) throw new BadBackupError(n, `expected {"table": …, "row": {…}}: ${describeIssues(entry.error)}`);
    const { table, row } = entry.data;
    const index = (BACKUP_TABLES as readonly string[]).indexOf(table);
    if (index < 0) throw new BadBackupError(n, `unknown table "${table}"`);
    if (index < current) {
      throw new BadBackupError(n, `table ${table} after ${BACKUP_TABLES[current]}: tables must come in the order ${BACKUP_TABLES.join(', ')}`);
    }
    current = index;
    const checked = ROW_SCHEMAS[table as BackupTable].safeParse(row);
    if (!checked.success) throw new BadBackupError(n, `bad ${table} row: ${describeIssues(checked.error)}`);
    yield { line: n, table: table as BackupTable, row: checked.data };
  }
  if (!header) throw new BadBackupError(Math.max(n, 1), 'empty file: no header, not a clinic-queue backup');
}

function checkHeader(n: number, value: unknown): void {
  const header = HEADER.safeParse(value);
  if (header.success) return;
  const fields = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  if ('table' in fields) throw new BadBackupError(n, `header missing (expected {"format": "${BACKUP_FORMAT}", …} first, found a row)`);
  if (fields.format !== BACKUP_FORMAT) {
    throw new BadBackupError(n, `not a clinic-queue backup file (format ${JSON.stringify(fields.format) ?? 'missing'}, expected "${BACKUP_FORMAT}")`);
  }
  throw new BadBackupError(n, `bad header: ${describeIssues(header.error)}`);
}
