import { describe, expect, it } from 'vitest';
import type { StaffAnnouncement } from '../../../../shared/schemas/live.js';
import { refusalOf } from '../../../../../test/support/refusal.js';
import { announcementSend, broadcastLimitsSince, checkBroadcastLimits, checkLineQuota, lineCount, pushCount, reachableRecipients } from './rule.js';

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
    expect(refusalOf(() => checkLineQuota({ limit: 200, used: 198 }, 0, 2))).toBe('none');
    expect(refusalOf(() => checkLineQuota({ limit: 200, used: 199 }, 0, 2))).toBe('FAILED_PRECONDITION:admin.announce.error.quota');
    expect(refusalOf(() => checkLineQuota({ limit: null, used: 10_000 }, 500, 50))).toBe('none');
  });

  it('counts the LINE messages still queued, which LINE has not counted yet', () => {
    expect(refusalOf(() => checkLineQuota({ limit: 200, used: 100 }, 98, 2))).toBe('none');
    expect(refusalOf(() => checkLineQuota({ limit: 200, used: 100 }, 99, 2))).toBe('FAILED_PRECONDITION:admin.announce.error.quota');
    let params: unknown;
    try {
      checkLineQuota({ limit: 200, used: 150 }, 49, 2);
    } catch (err) {
      params = (err as { params: unknown }).params;
    }
    expect(params).toEqual({ n: 2, left: 1 });
  });

  it('refuses when the quota could not be read, unless nothing goes by LINE', () => {
    expect(refusalOf(() => checkLineQuota(null, 0, 50))).toBe('UNAVAILABLE:admin.announce.error.quotaUnknown');
    expect(refusalOf(() => checkLineQuota(null, 0, 0))).toBe('none');
  });
});

describe('checkBroadcastLimits', () => {
  const limits = { cooldownMinutes: 15, perDay: 3 };
  // 18:00 in Tokyo; the Tokyo day began at 15:00 UTC the day before.
  const now = '2026-01-01T09:00:00.000Z';
  const ago = (minutes: number) => new Date(Date.parse(now) - minutes * 60_000).toISOString();
  const refusal = (sends: string[], l = limits) => refusalOf(() => checkBroadcastLimits(sends, now, l));

  it('lets the first send of the day go, and one after the cooldown', () => {
    expect(refusal([])).toBe('none');
    expect(refusal([ago(15)])).toBe('none');
    expect(refusal([ago(120), ago(15)])).toBe('none');
  });

  it('refuses inside the cooldown after the last send, yesterday’s included', () => {
    expect(refusal([ago(14)])).toBe('RESOURCE_EXHAUSTED:admin.announce.error.cooldown');
    const lateYesterday = { cooldownMinutes: 60 * 20, perDay: 3 };
    expect(refusal([ago(60 * 19)], lateYesterday)).toBe('RESOURCE_EXHAUSTED:admin.announce.error.cooldown');
    expect(refusal([ago(1)], { cooldownMinutes: 0, perDay: 3 })).toBe('none');
  });

  it('refuses past the day’s cap, counting only today’s sends (Tokyo)', () => {
    expect(refusal([ago(200), ago(100), ago(30)])).toBe('RESOURCE_EXHAUSTED:admin.announce.error.dailyCap');
    // 18 hours ago was before midnight in Tokyo: yesterday's send does not count.
    expect(refusal([ago(60 * 18 + 1), ago(100), ago(30)])).toBe('none');
  });

  it('reads back far enough for both rules', () => {
    expect(broadcastLimitsSince(now, limits)).toBe('2025-12-31T15:00:00.000Z');
    expect(broadcastLimitsSince('2026-01-01T15:05:00.000Z', limits)).toBe('2026-01-01T14:50:00.000Z');
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
