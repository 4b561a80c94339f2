/**
 * What an absence changed, kept on the row (`absent_undo`, migration 0019) so that its undo restores exactly
 * that (docs/decisions/059): the place, the hold it set, the turn-is-near mark it cleared and the absence
 * before it (time, places, the place before that one). Each record holds the one before it, so any run of
 * 不在 and undo leaves the row describing the absence that still stands. Pure.
 */
import type { SlotTable } from '../../storage/schema.js';

/** The columns an absence may change besides its count; the record keeps their values from before it. */
const RESTORED = ['queue_position', 'absent_at', 'absent_places', 'absent_from_position', 'hold', 'hold_at', 'notified_at'] as const;

type Restored = (typeof RESTORED)[number];
export type UndoRow = Pick<SlotTable, Restored | 'absent_undo'>;
export type UndoChange = Partial<Pick<SlotTable, Restored | 'absent_undo'>>;

interface UndoRecord {
  before: UndoChange;
  /** The record of the absence before this one (null: none, or one made before 0019). */
  prior: string | null;
}

/** The record for an absence about to apply `change` to `row`: the values it overwrites, and the record before. */
export function undoRecord(row: UndoRow, change: UndoChange): string {
  const before: Record<string, unknown> = {};
  for (const key of RESTORED) if (key in change) before[key] = row[key];
  return JSON.stringify({ before, prior: row.absent_undo } satisfies UndoRecord);
}

/**
 * What the undo of the last absence writes, from its record: the values it overwrote, and the record before
 * it. The turn-is-near mark is restored only while none was set since: a notice sent after the absence
 * re-armed it stays sent, so the patient is never told twice. Null for a row with no record (an absence
 * made before 0019): the caller then undoes the old way.
 */
export function restoreFromRecord(row: UndoRow): UndoChange | null {
  if (!row.absent_undo) return null;
  const { before, prior } = JSON.parse(row.absent_undo) as UndoRecord;
  const change: UndoChange = { ...before, absent_undo: prior };
  if ('notified_at' in before) change.notified_at = row.notified_at ?? before.notified_at ?? null;
  return change;
}

/** The absence that stands, as every screen describes it: counted and timed (the patient's card, the public row, the staff stream). */
export function standingAbsence(slot: { absences: number; absentAt: string | null; absentPlaces: number | null }) {
  return slot.absences > 0 && slot.absentAt ? { count: slot.absences, at: slot.absentAt, places: slot.absentPlaces } : null;
}
