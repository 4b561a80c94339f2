/**
 * Past reception sessions for the estimated wait: closed sessions of the same Tokyo weekday and half-day as
 * `now`, one a week back, each with consultations started every `gapMinutes`. Test data written straight
 * into the store, as the server would have left it.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../../src/server/storage/port.js';
import { freshSlotRow } from '../../src/server/storage/slot-row.js';

const WEEK_MS = 7 * 24 * 60 * 60_000;

export async function seedHistory(store: Store, options: { weeks?: number; starts?: number; gapMinutes?: number; now?: Date } = {}) {
  const { weeks = 4, starts = 12, gapMinutes = 5, now = new Date() } = options;
  for (let week = 1; week <= weeks; week++) {
    const opened = now.getTime() - week * WEEK_MS;
    const sessionId = randomUUID();
    const iso = (ms: number) => new Date(ms).toISOString();
    await store.db.insertInto('reception_sessions').values({ id: sessionId, opened_at: iso(opened), closed_at: iso(opened + 3 * 3600_000) }).execute();
    const rows = Array.from({ length: starts }, (_, i) => {
      const at = iso(opened + (10 + i * gapMinutes) * 60_000);
      return { ...freshSlotRow(sessionId, i + 1, randomUUID(), iso(opened)), is_reserved: 1, reserved_type: 'ADMIN', reserved_at: iso(opened), is_reception_accepted: 1, reception_accepted_at: at };
    });
    await store.db.insertInto('reservation_slots').values(rows).execute();
  }
}
