/**
 * Past sessions with what their waiting patients were shown (wait_readings) and when each was then started,
 * written straight into the store as the server and its recorder (issue 36, another part's work) would have
 * left them. Returns the readings with known outcomes it meant to write, oldest first, so a test can compute
 * the calibration they should give with the shared rule and compare.
 */
import { randomUUID } from 'node:crypto';
import type { CalibrationSample } from '../../src/shared/estimate/calibration.js';
import type { Store } from '../../src/server/storage/port.js';
import { freshSlotRow } from '../../src/server/storage/slot-row.js';

const DAY_MS = 24 * 60 * 60_000;
const MINUTE_MS = 60_000;
const TICK_MS = 5 * MINUTE_MS;

export interface SeedReadingsOptions {
  /** Sessions, one a day back from `now` (the oldest first in the result). */
  sessions: number;
  /** Days back of the newest seeded session (1: yesterday); older ones follow a day apart. */
  firstDayBack?: number;
  patients?: number;
  /** Minutes a start comes late (+) or early (−) against the steady 5 minutes, by session and patient. */
  drift?: (session: number, patient: number) => number;
  /** Leave the sessions open (closed_at null): their readings must not count. */
  open?: boolean;
  now?: Date;
}

/** A deterministic jitter in [−2, 2) minutes, so the errors are not all alike. */
export const jitter = (session: number, patient: number) => (((session * 7919 + patient * 104729) % 97) / 97) * 4 - 2;

export async function seedReadings(store: Store, options: SeedReadingsOptions): Promise<CalibrationSample[]> {
  const { sessions, firstDayBack = 1, patients = 15, drift = jitter, open = false, now = new Date() } = options;
  const samples: CalibrationSample[] = [];
  const iso = (ms: number) => new Date(ms).toISOString();
  for (let k = sessions - 1; k >= 0; k--) {
    // Whole minutes, so every time below is exact in milliseconds on both stores.
    const opened = Math.floor(now.getTime() / MINUTE_MS) * MINUTE_MS - (firstDayBack + k) * DAY_MS;
    const sessionId = randomUUID();
    await store.db.insertInto('reception_sessions').values({ id: sessionId, opened_at: iso(opened), closed_at: open ? null : iso(opened + 4 * 3600_000) }).execute();
    const starts = Array.from({ length: patients }, (_, i) => opened + Math.round((10 + 5 * i + drift(k, i)) * 60) * 1000);
    const slots = starts.map((at, i) => ({
      ...freshSlotRow(sessionId, i + 1, randomUUID(), iso(opened)),
      is_reserved: 1, reserved_type: 'ADMIN', reserved_at: iso(opened), is_reception_accepted: 1, reception_accepted_at: iso(at),
    }));
    // Two more patients who were shown ranges but have no start to compare with: one cancelled, one never came.
    const cancelled = { ...freshSlotRow(sessionId, patients + 1, randomUUID(), iso(opened)), is_reserved: 1, reserved_type: 'ADMIN', reserved_at: iso(opened), canceled: 1, canceled_at: iso(opened + 30 * MINUTE_MS) };
    const noShow = { ...freshSlotRow(sessionId, patients + 2, randomUUID(), iso(opened)), is_reserved: 1, reserved_type: 'ADMIN', reserved_at: iso(opened) };
    await store.db.insertInto('reservation_slots').values([...slots, cancelled, noShow]).execute();

    const readings = [];
    for (let t = opened; t < starts[patients - 1]!; t += TICK_MS) {
      const waiting = slots.filter((_, i) => starts[i]! > t);
      const shown = [...waiting, ...(t < opened + 30 * MINUTE_MS ? [cancelled] : []), noShow];
      for (const slot of shown) {
        const ahead = slot.reservation_number - 1 - (patients - waiting.length);
        // Values exact in binary (PostgreSQL keeps `real` in 4 bytes): 5 minutes a person, a growing spread.
        const mean = 5 * ahead + 2.5;
        const sd = 2 + 0.25 * ahead;
        readings.push({
          slot_id: slot.id, tick: Math.floor(t / TICK_MS), session_id: sessionId, at: iso(t), ahead,
          mean_minutes: mean, sd_minutes: sd, low_minutes: 0, high_minutes: 5,
        });
        const i = slot.reservation_number - 1;
        if (i < patients) samples.push({ session: sessionId, ahead, mean, sd, actualMinutes: (starts[i]! - t) / MINUTE_MS });
      }
    }
    await store.db.insertInto('wait_readings').values(readings).execute();
  }
  return samples;
}
