/**
 * Any run of 不在 and undo on one patient (decision 059), on the pure rules alone: the row always describes
 * the absence that still stands (the one a stack of absences has on top), each undo puts the patient back
 * where that absence found them, and a turn-is-near notice once sent is never armed again by an undo.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AbsentRow, decideAbsence, decideUndo, type Placed } from './rule.js';
import { restoreFromRecord, standingAbsence } from './undo.js';

type Op = 'absent' | 'undo' | 'notify';

const start = (): AbsentRow => ({
  id: 's1', queue_position: 1, absences: 0, absent_from_position: null, absent_places: null, hold: 0, canceled: 0,
  canceled_line_at: null, canceled_pwa_at: null, is_reception_accepted: 0, notified_at: null, notice_threshold: 2,
  absent_at: null, hold_at: null, absent_undo: null,
});
/** Ten others wait behind #1, each in its number's place. */
const others: Placed[] = Array.from({ length: 10 }, (_, i) => ({ id: `s${i + 2}`, reservation_number: i + 2, queue_position: i + 2 }));
const waitingWith = (row: AbsentRow): Placed[] =>
  (row.hold ? others : [...others, { id: row.id, reservation_number: 1, queue_position: row.queue_position }])
    .slice()
    .sort((a, b) => a.queue_position - b.queue_position || a.reservation_number - b.reservation_number);
const card = (row: AbsentRow) => standingAbsence({ absences: row.absences, absentAt: row.absent_at, absentPlaces: row.absent_places });

function run(ops: Op[], holdAfter: number) {
  let row = start();
  const stack: { at: string; places: number | null; from: number; notifiedBefore: string | null }[] = [];
  ops.forEach((op, i) => {
    const now = new Date(Date.UTC(2026, 10, 27, 1, i)).toISOString();
    if (op === 'notify') {
      row = { ...row, notified_at: row.notified_at ?? now };
      return;
    }
    if (op === 'absent') {
      if (row.hold) return;
      const d = decideAbsence(row, waitingWith(row), { places: 3, holdAfter }, row.absences, now);
      if (d.outcome === null) throw new Error('the desk saw the row’s own count');
      stack.push({ at: now, places: d.outcome === 'moved' ? d.places : null, from: row.queue_position, notifiedBefore: row.notified_at });
      row = { ...row, ...d.change };
      return;
    }
    if (stack.length === 0) {
      expect(() => decideUndo(row, row.absences)).toThrow();
      return;
    }
    const before = row;
    const change = decideUndo(row, row.absences)!;
    row = { ...row, ...change };
    const undone = stack.pop()!;
    expect(row.queue_position).toBe(undone.from);
    // Sent before that absence, or since: either way it stays sent.
    if (before.notified_at || undone.notifiedBefore) expect(row.notified_at).not.toBeNull();
    expect(row.hold).toBe(0);
  });
  return { row, stack };
}

describe('any run of 不在 and undo', () => {
  it('leaves the row describing the absence that stands, every undo restoring what its absence changed', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom<Op>('absent', 'undo', 'notify'), { maxLength: 30 }), fc.integer({ min: 1, max: 5 }), (ops, holdAfter) => {
        const { row, stack } = run(ops, holdAfter);
        expect(row.absences).toBe(stack.length);
        const top = stack.at(-1);
        expect(card(row)).toEqual(top ? { count: stack.length, at: top.at, places: top.places } : null);
        expect(row.hold).toBe(top && top.places === null ? 1 : 0);
        if (!top) expect(row).toMatchObject({ queue_position: 1, absent_at: null, absent_places: null, absent_from_position: null, absent_undo: null });
      }),
      { numRuns: 500 },
    );
  });

  it('after moved, held and one undo, the first absence stands again and can be undone in turn', () => {
    const { row } = run(['absent', 'absent', 'undo'], 2);
    expect(card(row)).toEqual({ count: 1, at: '2026-11-27T01:00:00.000Z', places: 3 });
    expect(row).toMatchObject({ hold: 0, queue_position: 4.5, absent_from_position: 1 });
    expect(run(['absent', 'absent', 'undo', 'undo'], 2).row).toMatchObject({ absences: 0, queue_position: 1, absent_at: null });
  });

  it('restores the turn-is-near mark an absence cleared, and keeps one set since', () => {
    // Told at #1 (threshold 2), moved 3 back: re-armed. The undo restores the time they were told.
    const { row } = run(['notify', 'absent'], 5);
    expect(row.notified_at).toBeNull();
    expect({ ...row, ...decideUndo(row, 1) }.notified_at).toBe('2026-11-27T01:00:00.000Z');
    // Told again after the re-arm: the undo keeps that later time.
    const again = run(['notify', 'absent', 'notify'], 5).row;
    expect(restoreFromRecord(again)?.notified_at).toBe('2026-11-27T01:02:00.000Z');
  });
});
