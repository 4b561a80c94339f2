/**
 * Hand-made history whose figures are worked out by hand in stats.test.ts. Times are written in Tokyo
 * (`jst('2026-11-10 09:30')`) and stored as UTC, as the server stores them.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../../src/server/storage/port.js';
import type { OutboxTable, SlotTable } from '../../src/server/storage/schema.js';
import { freshSlotRow } from '../../src/server/storage/slot-row.js';

/** A Tokyo wall-clock time (yyyy-mm-dd hh:mm[:ss]) as ISO UTC. */
export const jst = (local: string) => new Date(`${local.replace(' ', 'T')}${local.length === 16 ? ':00' : ''}+09:00`).toISOString();

type SlotSpec = Partial<SlotTable> & { reserved_type: string; reserved_at: string };

/** Inserts one session's numbers; answers the taken ones' slot ids, in the order of `specs`. */
export async function insertSlots(store: Store, specs: SlotSpec[], unreserved = 0): Promise<string[]> {
  const sessionId = randomUUID();
  const opened = specs[0]?.reserved_at ?? new Date().toISOString();
  await store.db.insertInto('reception_sessions').values({ id: sessionId, opened_at: opened, closed_at: null }).execute();
  const rows: SlotTable[] = specs.map((spec, i) => ({
    ...freshSlotRow(sessionId, i + 1, randomUUID(), opened),
    is_reserved: 1,
    owner_id: spec.reserved_type === 'ADMIN' ? null : `PWA_${randomUUID()}`,
    ...spec,
  }));
  for (let i = 0; i < unreserved; i++) rows.push(freshSlotRow(sessionId, specs.length + i + 1, randomUUID(), opened));
  // 200 rows at a time: under SQLite's limit on bound parameters.
  for (let i = 0; i < rows.length; i += 200) await store.db.insertInto('reservation_slots').values(rows.slice(i, i + 200)).execute();
  return rows.slice(0, specs.length).map((r) => r.id);
}

/** A notice; without `slotId`, for a number that is gone (counted as the first queue's, decision 065). */
export async function insertNotice(store: Store, channel: 'LINE' | 'PWA', status: OutboxTable['status'], createdAt: string, slotId: string = randomUUID()) {
  await store.db
    .insertInto('outbox')
    .values({
      id: randomUUID(), kind: 'ahead5', channel, slot_id: slotId, reservation_number: 1, recipient: `U${randomUUID()}`,
      endpoint: null, retry_key: randomUUID(), status, attempts: 1, next_attempt_at: createdAt, lease_until: null,
      last_error: status === 'failed' ? 'gone' : null, created_at: createdAt, updated_at: createdAt,
      sent_at: status === 'sent' ? createdAt : null,
    })
    .execute();
}

/** Tuesday 2026-11-10 and around it (see stats.test.ts for every figure worked out). */
export async function seedClinicWeek(store: Store) {
  // Tuesday 2026-11-10
  await insertSlots(store, [
    // checked in (issue 34): two by the patients themselves, one by staff
    { reserved_type: 'LINE', reserved_at: jst('2026-11-10 09:30'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-10 09:40'), arrived_at: jst('2026-11-10 09:33'), arrived_by: 'patient' },
    { reserved_type: 'PWA', reserved_at: jst('2026-11-10 09:35'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-10 09:55'), arrived_at: jst('2026-11-10 09:50'), arrived_by: 'patient' },
    { reserved_type: 'ADMIN', reserved_at: jst('2026-11-10 09:50'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-10 10:00'), arrived_at: jst('2026-11-10 09:50'), arrived_by: 'staff' },
    { reserved_type: 'LINE', reserved_at: jst('2026-11-10 10:05'), canceled: 1, canceled_at: jst('2026-11-10 10:10'), canceled_line_at: jst('2026-11-10 10:10') },
    // absent when called twice (then held), and once (held, then came and checked in)
    { reserved_type: 'ADMIN', reserved_at: jst('2026-11-10 10:20'), hold: 1, hold_at: jst('2026-11-10 10:40'), canceled: 1, canceled_at: jst('2026-11-10 11:00'), absences: 2 },
    { reserved_type: 'PWA', reserved_at: jst('2026-11-10 10:25'), hold: 1, hold_at: jst('2026-11-10 10:45'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-10 10:50'), absences: 1, arrived_at: jst('2026-11-10 10:48'), arrived_by: 'patient' },
    { reserved_type: 'LINE', reserved_at: jst('2026-11-10 23:59:59'), canceled: 1, canceled_at: jst('2026-11-10 23:59:59') },
    { reserved_type: 'ADMIN', reserved_at: jst('2026-11-10 00:00'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-10 00:20') },
  ], 3);
  // Wednesday 00:00 exactly: the next day, not Tuesday
  await insertSlots(store, [{ reserved_type: 'LINE', reserved_at: jst('2026-11-11 00:00') }]);
  // Monday 2026-11-09
  await insertSlots(store, [
    { reserved_type: 'PWA', reserved_at: jst('2026-11-09 09:00'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-09 09:05') },
    { reserved_type: 'PWA', reserved_at: jst('2026-11-09 09:10'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-09 09:20'), absences: 1, arrived_at: jst('2026-11-09 09:15'), arrived_by: 'staff' },
    { reserved_type: 'ADMIN', reserved_at: jst('2026-11-09 09:15'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-09 09:30') },
    { reserved_type: 'LINE', reserved_at: jst('2026-11-09 09:20'), is_reception_accepted: 1, reception_accepted_at: jst('2026-11-09 09:50') },
    { reserved_type: 'PWA', reserved_at: jst('2026-11-09 09:30'), canceled: 1, canceled_at: jst('2026-11-09 09:40'), canceled_pwa_at: jst('2026-11-09 09:40') },
  ]);
  // Sunday 2026-11-08 late evening: the week before
  await insertSlots(store, [{ reserved_type: 'ADMIN', reserved_at: jst('2026-11-08 23:30') }]);
  // the last second of October, and the first of November
  await insertSlots(store, [{ reserved_type: 'ADMIN', reserved_at: jst('2026-10-31 23:59:59') }]);
  await insertSlots(store, [{ reserved_type: 'LINE', reserved_at: jst('2026-11-01 00:00') }]);

  // notices: Tuesday (one queued at 00:30 Tokyo, still Monday in UTC), and Monday
  await insertNotice(store, 'LINE', 'sent', jst('2026-11-10 10:00'));
  await insertNotice(store, 'LINE', 'sent', jst('2026-11-10 10:01'));
  await insertNotice(store, 'LINE', 'failed', jst('2026-11-10 10:02'));
  await insertNotice(store, 'PWA', 'sent', jst('2026-11-10 10:03'));
  await insertNotice(store, 'PWA', 'pending', jst('2026-11-10 10:04'));
  await insertNotice(store, 'PWA', 'failed', jst('2026-11-10 00:30'));
  await insertNotice(store, 'LINE', 'sent', jst('2026-11-09 09:30'));
}
