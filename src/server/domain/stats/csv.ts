/**
 * CSV as Excel in Japan opens it: UTF-8 with a byte-order mark, CRLF line ends, RFC 4180 quoting, Tokyo times
 * as `yyyy-mm-dd hh:mm:ss`. Every export is a generator of text, read page by page from the store (a page's
 * lines at a time), so a year of rows never sits in memory; the HTTP layer streams it as it comes. No owner
 * id is ever selected.
 */
import { sql } from 'kysely';
import { staffLabels, type StaffKey } from '../../../shared/labels/staff.js';
import { statsLabels, type StatsKey } from '../../../shared/labels/stats.js';
import { label } from '../../../shared/labels/text.js';
import type { StatsFigures, StatsResult } from '../../../shared/schemas/stats.js';
import { type FigureRow, quarterLabel, summaryRows } from '../../../shared/stats/summary.js';
import { estimateRows } from '../../../shared/stats/estimate-accuracy.js';
import type { Store } from '../../storage/port.js';
import type { DayRange } from './periods.js';

export const BOM = '\ufeff';
const PAGE = 1000;

type Cell = string | number | null;

/** One cell: quoted when it holds a comma, quote or line break; a leading = + - @ cannot start a formula. */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export const csvLine = (cells: readonly Cell[]) => `${cells.map(csvCell).join(',')}\r\n`;

/** yyyy-mm-dd hh:mm:ss in Tokyo, '' for no time. */
export function tokyoStamp(iso: string | null): string {
  if (!iso) return '';
  return new Date(Date.parse(iso) + 9 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/**
 * Every figure as rows [label, current, previous]: the summary, weekdays, hours, how the wait estimate held
 * up (decision 054), then quarter-hours (their count varies, so every row before them keeps its place).
 */
export function statsRows(current: StatsFigures, previous: StatsFigures): FigureRow[] {
  const rows = summaryRows(current, previous);
  const add = (label: string, pick: (f: StatsFigures) => number) => rows.push([label, pick(current), pick(previous)]);
  const weekdays = Array.from(label(staffLabels, 'ja', 'date.weekdays'));
  for (let d = 0; d < 7; d++) add(label(statsLabels, 'ja', 'stats.weekdayAt', { day: weekdays[d] }), (f) => f.weekdays[d]);
  for (let h = 0; h < 24; h++) add(label(statsLabels, 'ja', 'stats.hourAt', { h }), (f) => f.hours[h]);
  rows.push(...estimateRows(current, previous));
  // Quarter-hours only where something happened in either period: 96 rows of mostly nothing help nobody.
  for (let q = 0; q < 96; q++) {
    const used = [current, previous].some((f) => f.quarterHours.arrivals[q] > 0 || f.quarterHours.starts[q] > 0);
    if (!used) continue;
    add(label(statsLabels, 'ja', 'stats.arrivalsAt', { time: quarterLabel(q) }), (f) => f.quarterHours.arrivals[q]);
    add(label(statsLabels, 'ja', 'stats.startsAt', { time: quarterLabel(q) }), (f) => f.quarterHours.starts[q]);
  }
  return rows;
}

export function* statsCsv({ current, previous }: StatsResult): Generator<string> {
  const range = (f: StatsFigures) => label(statsLabels, 'ja', 'stats.range', { from: f.from, to: f.to });
  yield BOM + csvLine([label(statsLabels, 'ja', 'stats.colItem'), `${label(statsLabels, 'ja', 'stats.colCurrent')} ${range(current)}`, `${label(statsLabels, 'ja', 'stats.colPrevious')} ${range(previous)}`]);
  for (const row of statsRows(current, previous)) yield csvLine(row);
}

function slotStatus(row: { canceled: number; canceled_line_at: string | null; canceled_pwa_at: string | null; hold: number; is_reception_accepted: number }): string {
  if (row.is_reception_accepted) return label(statsLabels, 'ja', 'stats.status.started');
  if (row.canceled) return label(statsLabels, 'ja', row.canceled_line_at || row.canceled_pwa_at ? 'stats.status.canceledByPatient' : 'stats.status.canceledByStaff');
  if (row.hold) return label(statsLabels, 'ja', 'stats.status.noShow');
  return label(statsLabels, 'ja', 'stats.status.waiting');
}

/** How the check-in was made: 本人 (the patient, with a code) or スタッフ; '' for none. */
function arrivedBy(row: { arrived_at: string | null; arrived_by: string | null }): string {
  if (!row.arrived_at) return '';
  return label(statsLabels, 'ja', row.arrived_by === 'staff' ? 'stats.arrivedBy.staff' : 'stats.arrivedBy.patient');
}

/**
 * The clinic's queues by id with their Japanese names, removed ones too (their numbers are in the history),
 * or null for a clinic that only ever had one: its export keeps exactly the columns it always had.
 */
async function queueNames(store: Store): Promise<Map<string, string> | null> {
  const rows = await store.db.selectFrom('queues').select(['id', 'name_ja']).orderBy('position').execute();
  return rows.length > 1 ? new Map(rows.map((r) => [r.id, r.name_ja])) : null;
}

/**
 * Every number taken in the range (or in one queue), in the order taken: channel, number, times, status,
 * absences, check-in, and with several queues its queue last (decision 065); nobody's id.
 */
export async function* slotRowsCsv(store: Store, range: DayRange, queueId?: string): AsyncGenerator<string> {
  const names = await queueNames(store);
  const columns = ['day', 'number', 'channel', 'reservedAt', 'startedAt', 'canceledAt', 'holdAt', 'status', 'absences', 'arrivedAt', 'arrivedBy'];
  if (names) columns.push('queue');
  yield BOM + csvLine(columns.map((k) => label(statsLabels, 'ja', `stats.csv.${k}` as StatsKey)));
  let after: { at: string; id: string } | null = null;
  for (;;) {
    let query = store.db
      .selectFrom('reservation_slots')
      .select([
        'id', 'reservation_number', 'reserved_type', 'reserved_at', 'reception_accepted_at', 'canceled', 'canceled_at',
        'canceled_line_at', 'canceled_pwa_at', 'hold', 'hold_at', 'is_reception_accepted', 'absences', 'arrived_at', 'arrived_by', 'queue_id',
      ])
      .where('reserved_at', '>=', range.startIso)
      .where('reserved_at', '<', range.endIso)
      .where('is_reserved', '=', 1)
      .$narrowType<{ reserved_at: string }>()
      .orderBy('reserved_at')
      .orderBy('id')
      .limit(PAGE);
    if (queueId !== undefined) query = query.where('queue_id', '=', queueId);
    // Row-value comparison, `(a, b) > (x, y)`: both dialects walk the (reserved_at, id) index from there.
    if (after) query = query.where(sql<boolean>`(reserved_at, id) > (${after.at}, ${after.id})`);
    const rows = await query.execute();
    // One write per page, not per row: the socket sees 1,000 lines at a time.
    yield rows
      .map((row) => {
        const channel = label(staffLabels, 'ja', `admin.channel.${row.reserved_type === 'LINE' || row.reserved_type === 'PWA' ? row.reserved_type : 'ADMIN'}`);
        const cells: Cell[] = [
          tokyoStamp(row.reserved_at).slice(0, 10), row.reservation_number, channel, tokyoStamp(row.reserved_at),
          tokyoStamp(row.reception_accepted_at), tokyoStamp(row.canceled_at), tokyoStamp(row.hold_at), slotStatus(row),
          row.absences, tokyoStamp(row.arrived_at), arrivedBy(row),
        ];
        if (names) cells.push(names.get(row.queue_id) ?? row.queue_id);
        return csvLine(cells);
      })
      .join('');
    if (rows.length < PAGE) return;
    const last = rows[rows.length - 1];
    after = { at: last.reserved_at, id: last.id };
  }
}

/** The audit trail of the range, oldest first (ids sort like the log: domain/audit.ts). */
export async function* auditCsv(store: Store, range: DayRange): AsyncGenerator<string> {
  yield BOM + csvLine([label(staffLabels, 'ja', 'audit.colAt'), label(staffLabels, 'ja', 'audit.colStaff'), label(staffLabels, 'ja', 'audit.colAction'), label(staffLabels, 'ja', 'audit.colTarget'), label(statsLabels, 'ja', 'stats.csv.before'), label(statsLabels, 'ja', 'stats.csv.after')]);
  let after: string | null = null;
  for (;;) {
    let query = store.db
      .selectFrom('audit_log')
      .select(['id', 'at', 'username', 'action', 'target', 'before', 'after'])
      .where('at', '>=', range.startIso)
      .where('at', '<', range.endIso)
      .orderBy('id')
      .limit(PAGE);
    if (after) query = query.where('id', '>', after);
    const rows = await query.execute();
    yield rows.map((row) => csvLine([tokyoStamp(row.at), row.username, actionLabel(row.action), row.target, row.before, row.after])).join('');
    if (rows.length < PAGE) return;
    after = rows[rows.length - 1].id;
  }
}

function actionLabel(action: string): string {
  const key = `audit.action.${action}`;
  return key in staffLabels.ja ? label(staffLabels, 'ja', key as StaffKey) : action;
}
