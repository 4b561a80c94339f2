/** "Leave home by" without a store (decision 055): who is due a minutes notice, from the card's own range. */
import { describe, expect, it } from 'vitest';
import type { WaitEstimate } from '../../../../shared/estimate/range.js';
import type { SlotTable } from '../../../storage/schema.js';
import { freshSlotRow, rowToSlot } from '../../../storage/slot-row.js';
import { minutesNotices } from './rule.js';

const NOW = new Date('2026-11-28T01:00:00.000Z');
const estimate: WaitEstimate = { minutesPerPerson: 5, spreadMinutes: 2, paceError: 0.05, lastStartAt: null, basis: 'history' };
/** A queue of `count` waiting app patients, numbers 1…count (ahead = number − 1), with changes per number. */
const queue = (count: number, over: Record<number, Partial<SlotTable>> = {}) =>
  Array.from({ length: count }, (_, i): SlotTable => ({
    ...freshSlotRow('s1', i + 1, `slot-${i + 1}`, NOW.toISOString()),
    is_reserved: 1,
    reserved_type: 'PWA',
    owner_id: `PWA_${i + 1}`,
    ...over[i + 1],
  }));
const due = (rows: SlotTable[], lineOn = true, est: WaitEstimate | null = estimate) => {
  const numbers = new Map(rows.map((row) => [row.id, row.reservation_number]));
  return minutesNotices(rows.map(rowToSlot), est, NOW, lineOn).map(({ slotId }) => numbers.get(slotId));
};

describe('minutesNotices', () => {
  it('is due when the range the card shows starts within the chosen minutes, and not when it starts later', () => {
    // Two ahead start within 30 minutes whatever the rule's width; twenty ahead are well over an hour away.
    const rows = queue(21, { 3: { notice_minutes: 30 }, 21: { notice_minutes: 30 } });
    expect(due(rows)).toEqual([3]);
    // Sixty minutes reach further back in the queue, ten minutes less far.
    expect(due(queue(21, { 9: { notice_minutes: 60 }, 15: { notice_minutes: 10 } }))).toEqual([9]);
  });

  it('leaves out patients told by people ahead, already told, confirmed by staff, walk-ins, held ones and LINE with its notice off', () => {
    const rows = queue(6, {
      1: { notice_minutes: null },
      2: { notice_minutes: 30, notified_at: NOW.toISOString() },
      3: { notice_minutes: 30, admin_confirmed_at: NOW.toISOString() },
      4: { notice_minutes: 30, reserved_type: 'ADMIN', owner_id: null },
      5: { notice_minutes: 30, hold: 1 },
      6: { notice_minutes: 30, reserved_type: 'LINE', owner_id: 'U6' },
    });
    expect(due(rows)).toEqual([6]);
    expect(due(rows, false)).toEqual([]);
  });

  it('says nothing without an estimate: the card shows no range either', () => {
    expect(due(queue(3, { 2: { notice_minutes: 60 } }), true, null)).toEqual([]);
  });

  it('tells a family once, by its first waiting member\'s choice (decision 053)', () => {
    const family = { family_id: 'slot-2', owner_id: 'PWA_F' };
    // The first member chose people ahead: the family is not told by minutes, whatever the others chose.
    expect(due(queue(4, { 2: family, 3: { ...family, notice_minutes: 60 } }))).toEqual([]);
    expect(due(queue(4, { 2: { ...family, notice_minutes: 30 }, 3: { ...family, notice_minutes: 30 } }))).toEqual([2]);
  });
});
