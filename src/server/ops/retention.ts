/**
 * Personal data is kept only as long as the clinic needs it (RETENTION_DAYS, default 90): after that,
 * slots lose their owner (LINE user id / PWA uid), sent or failed notices are deleted (they name the
 * recipient; their daily counts stay for the statistics, domain/stats/rollup.ts), push subscriptions
 * not renewed are deleted, and PWA users with nothing left go too.
 * Display names are never stored on the server. Runs at start and every hour in every process; each
 * step is an idempotent delete or update, so processes sharing a database do not get in each other's way.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../storage/port.js';
import { pruneCounters } from '../abuse/limits.js';
import { rollUpAndDeleteNotices } from '../domain/stats/rollup.js';

export interface RetentionSettings {
  retentionDays: number;
  auditRetentionDays: number;
}

const DAY = 24 * 3600_000;

export async function applyRetention(store: Store, settings: RetentionSettings, now = new Date()): Promise<void> {
  const cutoff = new Date(now.getTime() - settings.retentionDays * DAY).toISOString();
  const { db } = store;
  await db
    .updateTable('reservation_slots')
    .set({ owner_id: null })
    .where('owner_id', 'is not', null)
    .where('reserved_at', '<', cutoff)
    .execute();
  // Their daily counts stay for the statistics (docs/decisions/019-statistics.md).
  await rollUpAndDeleteNotices(store, cutoff);
  await db.deleteFrom('push_subscriptions').where('created_at', '<', cutoff).execute();
  await db
    .deleteFrom('pwa_users')
    .where('created_at', '<', cutoff)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('push_subscriptions').select('endpoint').whereRef('push_subscriptions.uid', '=', 'pwa_users.uid'))),
    )
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('reservation_slots').select('id').whereRef('reservation_slots.owner_id', '=', 'pwa_users.uid'))),
    )
    .execute();
  await db.deleteFrom('staff_sessions').where('expires_at', '<', now.toISOString()).execute();
  const auditCutoff = new Date(now.getTime() - settings.auditRetentionDays * DAY).toISOString();
  await db.deleteFrom('audit_log').where('at', '<', auditCutoff).execute();
  await pruneCounters(store, new Date(now.getTime() - DAY));
}

export function scheduleRetention(store: Store, settings: RetentionSettings, log: FastifyBaseLogger): () => void {
  const run = () =>
    applyRetention(store, settings).catch((err: unknown) => log.warn({ err }, 'retention job failed; will retry'));
  void run();
  const timer = setInterval(run, 3600_000);
  timer.unref();
  return () => clearInterval(timer);
}
