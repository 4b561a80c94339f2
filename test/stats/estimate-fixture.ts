/**
 * Readings of the wait estimate (wait_readings, decision 054) with the slots they were taken for, every figure
 * worked out by hand in estimate-stats.test.ts. Written straight into the store, as the recorder and the
 * staff's actions would have left them. Times in Tokyo (`jst` of stats-fixture.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../../src/server/storage/port.js';
import type { SlotTable } from '../../src/server/storage/schema.js';
import { freshSlotRow } from '../../src/server/storage/slot-row.js';
import { tickOf } from '../../src/server/domain/wait-readings/rule.js';
import { jst } from './stats-fixture.js';

/** A reading: when, and the range and expected wait shown (minutes). */
type Shown = [at: string, low: number, high: number, mean: number];

interface Patient {
  slot: Partial<SlotTable>;
  readings: Shown[];
}

/** One reception session (closed at `closedAt`, or still open with null) and its patients' readings. */
export async function insertSession(store: Store, openedAt: string, closedAt: string | null, patients: Patient[]): Promise<void> {
  const sessionId = randomUUID();
  await store.db.insertInto('reception_sessions').values({ id: sessionId, opened_at: jst(openedAt), closed_at: closedAt && jst(closedAt) }).execute();
  for (const [i, { slot, readings }] of patients.entries()) {
    const id = randomUUID();
    await store.db
      .insertInto('reservation_slots')
      .values({ ...freshSlotRow(sessionId, i + 1, id, jst(openedAt)), is_reserved: 1, reserved_type: 'ADMIN', reserved_at: jst(openedAt), ...slot })
      .execute();
    if (readings.length === 0) continue;
    await store.db
      .insertInto('wait_readings')
      .values(
        readings.map(([at, low, high, mean], ahead) => ({
          slot_id: id, tick: tickOf(Date.parse(jst(at))), session_id: sessionId, at: jst(at), ahead,
          mean_minutes: mean, sd_minutes: 3, low_minutes: low, high_minutes: high,
        })),
      )
      .execute();
  }
}

const started = (at: string) => ({ is_reception_accepted: 1, reception_accepted_at: jst(at) });

/** Monday 2026-11-09 to Wednesday 2026-11-11 (the figures are in estimate-stats.test.ts). */
export async function seedEstimateWeek(store: Store): Promise<void> {
  // Monday: one reading, the turn came 20 minutes later, after a 5–15 range (late: neither inside nor early).
  await insertSession(store, '2026-11-09 08:50', '2026-11-09 12:00', [
    { slot: started('2026-11-09 09:20'), readings: [['2026-11-09 09:00', 5, 15, 8]] },
  ]);
  // Tuesday, a closed session.
  await insertSession(store, '2026-11-10 09:00', '2026-11-10 12:00', [
    {
      // started at 10:00: waits 25, 20, 15 and 10 minutes after the four readings
      slot: started('2026-11-10 10:00'),
      readings: [
        ['2026-11-10 09:35', 10, 25, 15], // inside, error 10
        ['2026-11-10 09:40', 10, 20, 14], // inside (the high edge), error 6
        ['2026-11-10 09:45', 15, 30, 20], // inside (the low edge), error 5
        ['2026-11-10 09:50', 15, 25, 18], // early, error 8
      ],
    },
    // cancelled by the patient: never started, counted apart
    { slot: { reserved_type: 'PWA', canceled: 1, canceled_at: jst('2026-11-10 09:50'), canceled_pwa_at: jst('2026-11-10 09:50') }, readings: [['2026-11-10 09:40', 10, 25, 15], ['2026-11-10 09:45', 5, 20, 12]] },
    // held when called and never seen before the session closed: never started
    { slot: { hold: 1, hold_at: jst('2026-11-10 10:10') }, readings: [['2026-11-10 09:45', 20, 40, 28]] },
  ]);
  // Wednesday, still open: one seen (its reading at 00:05 exactly on time), one still waiting since midnight.
  await insertSession(store, '2026-11-11 00:00', null, [
    { slot: started('2026-11-11 00:30'), readings: [['2026-11-11 00:05', 20, 30, 25]] },
    { slot: {}, readings: [['2026-11-11 00:00', 30, 50, 40]] },
  ]);
}
