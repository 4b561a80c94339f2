import { describe, expect, it } from 'vitest';
import { NOTICE_THRESHOLD_MAX } from '../../../../shared/queue/slot.js';
import type { SlotTable } from '../../../storage/schema.js';
import { freshSlotRow } from '../../../storage/slot-row.js';
import { aheadNotices, noticeRows, noticeTarget } from './rule.js';

const NOW = '2026-01-01T09:00:00.000Z';
/** A waiting reservation with that number (ahead = its place in the list given to aheadNotices). */
const waiting = (n: number, over: Partial<SlotTable> = {}): SlotTable => ({
  ...freshSlotRow('s1', n, `slot-${n}`, NOW),
  is_reserved: 1,
  reserved_type: 'PWA',
  owner_id: `PWA_${n}`,
  ...over,
});
const queue = (count: number, over: Record<number, Partial<SlotTable>> = {}) =>
  Array.from({ length: count }, (_, i) => waiting(i + 1, over[i + 1]));
const told = (list: SlotTable[], lineOn = true) =>
  aheadNotices(list, lineOn).actions.map(({ slot, action }) => `${slot.reservation_number}:${action}`);

describe('aheadNotices', () => {
  it('tells each patient with their threshold or fewer ahead (5 by default), in number order', () => {
    expect(told(queue(8))).toEqual(['1:notify', '2:notify', '3:notify', '4:notify', '5:notify', '6:notify']);
  });

  it('follows the patient’s own threshold', () => {
    expect(told(queue(8, { 7: { notice_threshold: 6 }, 3: { notice_threshold: 1 } }))).toEqual([
      '1:notify', '2:notify', '4:notify', '5:notify', '6:notify', '7:notify',
    ]);
  });

  it('tells a family once, at its first waiting member, whatever the others\' thresholds (decision 053)', () => {
    const family = { family_id: 'slot-6', owner_id: 'PWA_F' };
    // 6, 7 and 8 are one family: 6 is due (5 ahead), 7 would be due at its threshold of 6, 8 is not.
    const list = queue(9, { 6: family, 7: { ...family, notice_threshold: 6 }, 8: family });
    expect(told(list)).toEqual(['1:notify', '2:notify', '3:notify', '4:notify', '5:notify', '6:notify']);
    // Not yet due at the first member: none of them, even one whose own threshold would be reached.
    const later = queue(9, { 7: { family_id: 'slot-7', notice_threshold: 1 }, 8: { family_id: 'slot-7', notice_threshold: 10 } });
    expect(told(later)).toEqual(['1:notify', '2:notify', '3:notify', '4:notify', '5:notify', '6:notify']);
    // The first member already told: the family was told.
    expect(told(queue(8, { 2: { ...family, family_id: 'F', notified_at: NOW }, 3: { family_id: 'F' } }))).not.toContain('3:notify');
  });

  it('tells nobody twice, skips a confirmed patient, and leaves walk-ins out', () => {
    const list = queue(4, {
      1: { notified_at: NOW },
      2: { ahead5_skipped_at: NOW },
      3: { admin_confirmed_at: NOW },
      4: { reserved_type: 'ADMIN', owner_id: null },
    });
    expect(told(list)).toEqual(['3:skipConfirmed']);
  });

  it('leaves LINE patients unsent and unmarked while LINE’s notice is off, PWA ones still told', () => {
    const list = queue(2, { 1: { reserved_type: 'LINE', owner_id: 'U1' } });
    expect(told(list, false)).toEqual(['2:notify']);
    expect(told(list, true)).toEqual(['1:notify', '2:notify']);
  });

  it('names the boundary only when more than the largest threshold wait', () => {
    expect(aheadNotices(queue(NOTICE_THRESHOLD_MAX), true).boundary).toBeNull();
    expect(aheadNotices(queue(NOTICE_THRESHOLD_MAX + 1), true).boundary).toBe(NOTICE_THRESHOLD_MAX + 1);
  });
});

describe('noticeRows', () => {
  const target = noticeTarget(waiting(7))!;

  it('reaches LINE and PWA owners only', () => {
    expect(target).toEqual({ slotId: 'slot-7', reservationNumber: 7, channel: 'PWA', recipient: 'PWA_7' });
    expect(noticeTarget(waiting(1, { reserved_type: 'ADMIN' }))).toBeNull();
    expect(noticeTarget(waiting(1, { owner_id: null }))).toBeNull();
  });

  it('makes one pending row per endpoint, each with its own retry key', () => {
    const rows = noticeRows(target, 'recall', null, ['https://push/a', 'https://push/b'], NOW);
    expect(rows.map((r) => [r.endpoint, r.status, r.kind, r.next_attempt_at])).toEqual([
      ['https://push/a', 'pending', 'recall', NOW],
      ['https://push/b', 'pending', 'recall', NOW],
    ]);
    expect(new Set(rows.map((r) => r.retry_key)).size).toBe(2);
  });

  it('records a patient with nowhere to send as failed', () => {
    expect(noticeRows(target, 'ahead5', null, [], NOW)).toMatchObject([{ status: 'failed', endpoint: null, last_error: 'no push subscription' }]);
  });
});
