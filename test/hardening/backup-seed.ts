/**
 * A store with history, written straight into the tables (fast enough for the bench's 100,000 slots):
 * closed sessions of served patients, and a few rows in every other table. Enough rate counters to take
 * more than one page of the backup's paging over a two-column key.
 */
import type { Store } from '../../src/server/storage/port.js';
import type { SlotTable } from '../../src/server/storage/schema.js';
import { freshSlotRow } from '../../src/server/storage/slot-row.js';
import { DEFAULT_SCHEDULE } from '../../src/shared/schedule/types.js';

const CHUNK = 200;
const DAY = 24 * 3600_000;

export interface HistoryShape {
  sessions: number;
  slotsPerSession: number;
  rateCounters?: number;
}

export async function seedHistory(store: Store, { sessions, slotsPerSession, rateCounters = 0 }: HistoryShape): Promise<void> {
  const start = Date.UTC(2026, 0, 5, 0, 30);
  const at = (ms: number) => new Date(ms).toISOString();
  await store.db.transaction().execute(async (tx) => {
    for (let s = 0; s < sessions; s++) {
      const id = `session-${String(s).padStart(4, '0')}`;
      const opened = start + s * DAY;
      await tx.insertInto('reception_sessions').values({ id, opened_at: at(opened), closed_at: at(opened + 9 * 3600_000) }).execute();
      const slots: SlotTable[] = [];
      for (let n = 1; n <= slotsPerSession; n++) {
        const taken = at(opened + n * 60_000);
        slots.push({
          ...freshSlotRow(id, n, `${id}-slot-${n}`, at(opened)),
          is_reserved: 1,
          reserved_type: n % 3 === 0 ? 'ADMIN' : n % 3 === 1 ? 'LINE' : 'PWA',
          reserved_at: taken,
          owner_id: n % 3 === 0 ? null : `U${s}x${n}`.padEnd(33, '0'),
          is_reception_accepted: 1,
          reception_accepted_at: at(opened + n * 120_000),
          notified_ahead_at: taken,
          updated_at: at(opened + n * 120_000),
        });
      }
      for (let i = 0; i < slots.length; i += CHUNK) await tx.insertInto('reservation_slots').values(slots.slice(i, i + CHUNK)).execute();
    }
    const last = sessions > 0 ? `session-${String(sessions - 1).padStart(4, '0')}` : null;
    await tx.updateTable('runtime').set({ current_session_id: last, inhouse_on: 1 }).where('id', '=', 1).execute();

    const now = at(start);
    await tx.insertInto('pwa_users').values(['PWA_a', 'PWA_b', 'PWA_c'].map((uid) => ({ uid, created_at: now }))).execute();
    await tx
      .insertInto('push_subscriptions')
      .values(['a', 'b'].map((k) => ({ endpoint: `https://push.example/${k}`, uid: `PWA_${k}`, p256dh: 'B'.repeat(87), auth: 'a'.repeat(22), created_at: now })))
      .execute();
    await tx.insertInto('staff_accounts').values({ id: 'staff-1', username: 'reception', password_hash: '$argon2id$x', created_at: now }).execute();
    await tx.insertInto('staff_sessions').values({ token_hash: 'h'.repeat(64), staff_id: 'staff-1', created_at: now, expires_at: at(start + DAY) }).execute();
    await tx
      .insertInto('outbox')
      .values({
        id: 'notice-1', kind: 'ahead5', channel: 'PWA', slot_id: 'session-0000-slot-2', reservation_number: 2, recipient: 'PWA_b',
        endpoint: 'https://push.example/b', retry_key: 'rk-1', status: 'sent', attempts: 1, next_attempt_at: now, lease_until: null,
        last_error: null, created_at: now, updated_at: now, sent_at: now,
      })
      .execute();
    await tx
      .insertInto('audit_log')
      .values({ id: 'audit-1', at: now, staff_id: 'staff-1', username: 'reception', action: 'startInhouseReception', target: null, before: '{"on":0}', after: '{"on":1}' })
      .execute();
    await tx.insertInto('clinic_schedule').values({ id: 1, document: JSON.stringify(DEFAULT_SCHEDULE), updated_at: now }).execute();
    await tx.updateTable('runtime').set({ schedule_version: 1, online_manual_at: now, online_late_at: now }).where('id', '=', 1).execute();
    await tx.insertInto('schedule_edges').values({ edge_at: now, kind: 'onlineStart', outcome: 'started', applied_at: now }).execute();
    await tx.insertInto('notice_daily').values({ day: '2026-01-04', channel: 'LINE', queue_id: 'main', sent: 12, failed: 1 }).execute();
    await tx.insertInto('line_webhook_events').values({ event_id: '01JD6Z7Q0M3V8S2K9W4T5R6Y7X', received_at: now }).execute();
    const counters = Array.from({ length: rateCounters }, (_, i) => ({ key: `ticket:ip${i % 7}`, window_start: at(start + i * 60_000), count: 1 + (i % 5) }));
    for (let i = 0; i < counters.length; i += CHUNK) await tx.insertInto('rate_counters').values(counters.slice(i, i + CHUNK)).execute();
  });
}
