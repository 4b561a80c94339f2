/**
 * A second queue (予防接種, numbered from 501) beside seedClinicWeek's history, which is all the first
 * queue's (`main`): its numbers, notices and estimate readings on Tuesday 2026-11-10 and Monday 2026-11-09,
 * every figure worked out by hand in queue-stats.test.ts. Times in Tokyo, as stats-fixture.ts writes them.
 */
import type { Store } from '../../src/server/storage/port.js';
import { insertSession } from './estimate-fixture.js';
import { insertNotice, insertSlots, jst } from './stats-fixture.js';

export const VAX = 'vax';

export async function insertQueue(store: Store, id: string, position: number, nameJa: string, nameEn: string, firstNumber: number) {
  await store.db
    .insertInto('queues')
    .values({
      id, position, name_ja: nameJa, name_en: nameEn, description_ja: null, description_en: null, first_number: firstNumber,
      online: 1, online_cap: 0, keep_every: 0, family_max: 1, hours: null, version: 0, created_at: jst('2026-11-01 08:00'), removed_at: null,
    })
    .execute();
}

export async function seedSecondQueue(store: Store): Promise<void> {
  await insertQueue(store, VAX, 1, '予防接種', 'Vaccination', 501);
  // Tuesday: waits 360 and 720 s; one cancelled by the patient; one checked in by staff.
  const [line] = await insertSlots(store, [
    { reserved_type: 'LINE', reserved_at: jst('2026-11-10 09:00'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-10 09:06'), queue_id: VAX, reservation_number: 501 },
    { reserved_type: 'ADMIN', reserved_at: jst('2026-11-10 09:10'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-10 09:22'), queue_id: VAX, reservation_number: 502, arrived_at: jst('2026-11-10 09:12'), arrived_by: 'staff' },
    { reserved_type: 'PWA', reserved_at: jst('2026-11-10 09:15'), canceled: 1, canceled_at: jst('2026-11-10 09:20'), canceled_pwa_at: jst('2026-11-10 09:20'), queue_id: VAX, reservation_number: 503 },
  ]);
  // Monday: one desk number, started after 300 s.
  await insertSlots(store, [
    { reserved_type: 'ADMIN', reserved_at: jst('2026-11-09 14:00'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-09 14:05'), queue_id: VAX, reservation_number: 501 },
  ]);
  await insertNotice(store, 'LINE', 'sent', jst('2026-11-10 08:58'), line);
  await insertNotice(store, 'PWA', 'failed', jst('2026-11-10 09:01'), line);
  // Readings: one vaccination patient seen at 09:30 Tuesday after a 5–15 range shown at 09:20 (inside, error 2).
  await insertSession(store, '2026-11-10 09:00', '2026-11-10 12:00', [
    { slot: { queue_id: VAX, reservation_number: 501, is_reception_accepted: 1, reception_accepted_at: jst('2026-11-10 09:30') }, readings: [['2026-11-10 09:20', 5, 15, 8]] },
  ]);
}
