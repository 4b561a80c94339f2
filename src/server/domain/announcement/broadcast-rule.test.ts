import { describe, expect, it } from 'vitest';
import type { StaffAnnouncement } from '../../../shared/schemas/live.js';
import { refusalOf } from '../../../../test/support/refusal.js';
import { announcementSend, checkLineQuota, lineCount, pushCount, reachableRecipients } from './broadcast-rule.js';

const NOW = '2026-01-01T09:00:00.000Z';
const slot = (n: number, reserved_type: string, owner_id: string) => ({ id: `slot-${n}`, reservation_number: n, reserved_type, owner_id });
const waiting = [slot(1, 'LINE', 'U1'), slot(2, 'PWA', 'PWA_a'), slot(3, 'PWA', 'PWA_b'), slot(4, 'LINE', 'U4')];
const subs = [
  { uid: 'PWA_a', endpoint: 'https://push/a1' },
  { uid: 'PWA_a', endpoint: 'https://push/a2' },
];
const everything = { line: true, push: true };
const announcement: StaffAnnouncement = { id: 'ann-1', text: '本日は17時で受付を終了します', until: null, setAt: NOW, sentAt: null };

describe('reachableRecipients', () => {
  it('reaches LINE patients once and PWA patients once per subscription; a PWA patient without one is not reached', () => {
    const reachable = reachableRecipients(waiting, subs, everything);
    expect(reachable.map((r) => [r.reservationNumber, r.endpoints])).toEqual([
      [1, [null]],
      [2, ['https://push/a1', 'https://push/a2']],
      [4, [null]],
    ]);
    expect([lineCount(reachable), pushCount(reachable)]).toEqual([2, 2]);
  });

  it('reaches nobody through a channel that is not configured', () => {
    expect(reachableRecipients(waiting, subs, { line: false, push: true }).map((r) => r.reservationNumber)).toEqual([2]);
    expect(reachableRecipients(waiting, subs, { line: true, push: false }).map((r) => r.reservationNumber)).toEqual([1, 4]);
  });
});

describe('checkLineQuota', () => {
  it('refuses only what passes a known monthly limit', () => {
    expect(refusalOf(() => checkLineQuota({ limit: 200, used: 198 }, 2))).toBe('none');
    expect(refusalOf(() => checkLineQuota({ limit: 200, used: 199 }, 2))).toBe('FAILED_PRECONDITION:admin.announce.error.quota');
    expect(refusalOf(() => checkLineQuota({ limit: null, used: 10_000 }, 50))).toBe('none');
    expect(refusalOf(() => checkLineQuota(null, 50))).toBe('none');
  });
});

describe('announcementSend', () => {
  const reachable = reachableRecipients(waiting, subs, everything);
  const confirmed = { announcementId: 'ann-1', lineMessages: 2 };

  it('becomes one pending outbox row per recipient and endpoint, carrying the text', () => {
    const send = announcementSend(announcement, confirmed, reachable, NOW);
    expect([send.lineMessages, send.pushMessages]).toEqual([2, 2]);
    expect(send.rows.map((r) => [r.reservation_number, r.channel, r.endpoint, r.kind, r.status, r.body])).toEqual([
      [1, 'LINE', null, 'announcement', 'pending', announcement.text],
      [2, 'PWA', 'https://push/a1', 'announcement', 'pending', announcement.text],
      [2, 'PWA', 'https://push/a2', 'announcement', 'pending', announcement.text],
      [4, 'LINE', null, 'announcement', 'pending', announcement.text],
    ]);
  });

  it('refuses when what staff confirmed no longer holds', () => {
    const refusal = (a: StaffAnnouncement | null, c = confirmed) => refusalOf(() => announcementSend(a, c, reachable, NOW));
    expect(refusal(null)).toBe('FAILED_PRECONDITION:admin.announce.error.none');
    expect(refusal({ ...announcement, id: 'ann-2' })).toBe('FAILED_PRECONDITION:admin.announce.error.changed');
    expect(refusal({ ...announcement, sentAt: NOW })).toBe('FAILED_PRECONDITION:admin.announce.error.alreadySent');
    expect(refusal(announcement, { ...confirmed, lineMessages: 1 })).toBe('FAILED_PRECONDITION:admin.announce.error.countChanged');
  });
});
