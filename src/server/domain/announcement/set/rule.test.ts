import { describe, expect, it } from 'vitest';
import { refusalOf } from '../../../../../test/support/refusal.js';
import { ANNOUNCEMENT_MAX_DAYS, announcementText, announcementUntil } from './rule.js';

const NOW = '2026-01-01T09:00:00.000Z';
const DAY = 86_400_000;
const at = (ms: number) => new Date(Date.parse(NOW) + ms).toISOString();

describe('announcementText', () => {
  it('trims the text and refuses an empty one or one that is not a single line', () => {
    expect(announcementText('  本日休診  ')).toBe('本日休診');
    expect(refusalOf(() => announcementText('   '))).toBe('INVALID_ARGUMENT:admin.announce.error.text');
    expect(refusalOf(() => announcementText('一行目\n二行目'))).toBe('INVALID_ARGUMENT:admin.announce.error.text');
    expect(refusalOf(() => announcementText('tab\there'))).toBe('INVALID_ARGUMENT:admin.announce.error.text');
  });
});

describe('announcementUntil', () => {
  it('keeps no expiry, and one within the allowed days as an ISO instant', () => {
    expect(announcementUntil(null, NOW)).toBeNull();
    expect(announcementUntil('2026-01-01T19:00:00+09:00', NOW)).toBe('2026-01-01T10:00:00.000Z');
    expect(announcementUntil(at(ANNOUNCEMENT_MAX_DAYS * DAY), NOW)).toBe(at(ANNOUNCEMENT_MAX_DAYS * DAY));
  });

  it('refuses an expiry already past or further than the allowed days', () => {
    expect(refusalOf(() => announcementUntil(NOW, NOW))).toBe('INVALID_ARGUMENT:admin.announce.error.until');
    expect(refusalOf(() => announcementUntil(at(ANNOUNCEMENT_MAX_DAYS * DAY + 1), NOW))).toBe('INVALID_ARGUMENT:admin.announce.error.until');
  });
});
