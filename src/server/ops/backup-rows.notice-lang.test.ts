/** notice_lang (migration 0009) in backups: kept when present, Japanese (null) for a file written before it. */
import { describe, expect, it } from 'vitest';
import { ROW_SCHEMAS } from './backup-rows.js';
import { freshSlotRow } from '../storage/slot-row.js';

describe('backup rows of reservations and their notice language', () => {
  const now = '2026-11-23T00:00:00.000Z';
  const row = { ...freshSlotRow('session-1', 7, 'slot-7', now), is_reserved: 1, reserved_type: 'LINE', owner_id: 'U1', notice_lang: 'en' };

  it('keeps the language a number was taken in', () => {
    expect(ROW_SCHEMAS.reservation_slots.parse(row).notice_lang).toBe('en');
  });

  it('reads a row written before migration 0009 as Japanese', () => {
    const before: Record<string, unknown> = { ...row };
    delete before.notice_lang;
    expect(ROW_SCHEMAS.reservation_slots.parse(before).notice_lang).toBeNull();
  });
});
