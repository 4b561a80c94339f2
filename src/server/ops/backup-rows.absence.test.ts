/**
 * Absence and check-in columns (migration 0011) in backups: kept when present; a file written before them
 * restores every slot in its number's place, never absent nor checked in, and the clinic's settings at
 * their defaults with no check-in secret yet.
 */
import { describe, expect, it } from 'vitest';
import { ROW_SCHEMAS } from './backup-rows.js';
import { freshSlotRow } from '../storage/slot-row.js';

const now = '2026-11-27T00:00:00.000Z';
const slot = { ...freshSlotRow('session-1', 7, 'slot-7', now), is_reserved: 1, reserved_type: 'PWA', owner_id: 'PWA_1' };
const without = (row: object, keys: string[]) => Object.fromEntries(Object.entries(row).filter(([k]) => !keys.includes(k)));
const SLOT_0011 = ['queue_position', 'absences', 'absent_at', 'absent_places', 'absent_from_position', 'arrived_at', 'arrived_by'];

describe('backup rows of absences and check-ins', () => {
  it('keeps a moved-back place (not a whole number), the absence and the check-in', () => {
    const moved = {
      ...slot, queue_position: 10.75, absences: 1, absent_at: now, absent_places: 3, absent_from_position: 7, arrived_at: now, arrived_by: 'patient',
    };
    expect(ROW_SCHEMAS.reservation_slots.parse(moved)).toEqual(moved);
  });

  it('reads a slot written before migration 0011 in its number’s place, never absent', () => {
    const parsed = ROW_SCHEMAS.reservation_slots.parse(without(slot, SLOT_0011));
    expect(parsed).toMatchObject({
      reservation_number: 7, queue_position: 7, absences: 0, absent_at: null, absent_places: null, absent_from_position: null, arrived_at: null, arrived_by: null,
    });
  });

  it('refuses what the server never writes: who checked in other than patient or staff, a negative count', () => {
    expect(ROW_SCHEMAS.reservation_slots.safeParse({ ...slot, arrived_by: 'robot' }).success).toBe(false);
    expect(ROW_SCHEMAS.reservation_slots.safeParse({ ...slot, absences: -1 }).success).toBe(false);
    expect(ROW_SCHEMAS.reservation_slots.safeParse({ ...slot, queue_position: '7' }).success).toBe(false);
  });

  it('reads a runtime row written before migration 0011 with the default settings and no secret', () => {
    const runtime = {
      id: 1, inhouse_on: 0, online_on: 0, current_session_id: null, version: 3, line_ahead5_on: 1, line_recall_on: 1,
    };
    expect(ROW_SCHEMAS.runtime.parse(runtime)).toMatchObject({
      absence_places: 3, absence_hold_after: 2, absent_first_unarrived: 0, checkin_secret: null,
    });
    const set = { ...runtime, absence_places: 0, absence_hold_after: 1, absent_first_unarrived: 1, checkin_secret: 'c2VjcmV0' };
    expect(ROW_SCHEMAS.runtime.parse(set)).toMatchObject({ absence_places: 0, absence_hold_after: 1, absent_first_unarrived: 1, checkin_secret: 'c2VjcmV0' });
    expect(ROW_SCHEMAS.runtime.safeParse({ ...runtime, absence_places: 21 }).success).toBe(false);
  });

  it('keeps an absence notice in the outbox', () => {
    const row = {
      id: 'o1', kind: 'absence', channel: 'PWA', slot_id: 'slot-7', reservation_number: 7, recipient: 'PWA_1', endpoint: 'https://push.example/1',
      retry_key: 'k', status: 'pending', attempts: 0, next_attempt_at: now, lease_until: null, last_error: null, created_at: now, updated_at: now,
      sent_at: null, body: '{"outcome":"moved","places":3}',
    };
    // Written before migration 0015: restored without a path (as before, a push).
    expect(ROW_SCHEMAS.outbox.parse(row)).toEqual({ ...row, path: null });
  });
});
