/**
 * Personal data is kept only as long as the clinic needs it (RETENTION_DAYS, default 90): after that,
 * slots lose their owner (LINE user id / PWA uid), sent or failed notices are deleted (they name the
 * recipient; their daily counts stay for the statistics, domain/stats/rollup.ts), push subscriptions
 * not renewed are deleted, and PWA users with nothing left go too. The calendar's applied edges older than
 * 30 days go as well, all but the latest of each kind, the LINE webhook's handled event ids after 3 days, and
 * what waiting patients were shown (wait_readings, decision 054) goes with the other personal data.
 * Display names are never stored on the server. Runs at start and every hour in every process; each
 * step is an idempotent delete or update, so processes sharing a database do not get in each other's way.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Store } from '../storage/port.js';
import { pruneCounters } from '../abuse/limits.js';
import { checkinSessionKey } from '../abuse/policy.js';
import { rollUpAndDeleteNotices } from '../domain/stats/rollup.js';
import { sessionCounterPrefix } from '../domain/allocation/quota.js';
import { pruneSeenEvents } from '../domain/line-chat/apply.js';

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
    // A family member's short name goes with the owner: both say who the patient was (decision 053).
    .set({ owner_id: null, member_name: null })
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
  // What a patient was shown belongs to their number: kept no longer than the number's owner (decision 054).
  await db.deleteFrom('wait_readings').where('at', '<', cutoff).execute();
  await db.deleteFrom('staff_sessions').where('expires_at', '<', now.toISOString()).execute();
  // LINE service notification tokens (sealed) serve one reservation, which lives a day: not kept beyond two (decision 051).
  // A refused LIFF access token's row holds no token, only what /admin/messages counts for the month (decision 057).
  await db
    .deleteFrom('service_tokens')
    .where('created_at', '<', new Date(now.getTime() - SERVICE_TOKEN_DAYS * DAY).toISOString())
    .where((eb) => eb.or([eb('state', '!=', 'refused'), eb('created_at', '<', new Date(now.getTime() - REFUSED_TOKEN_DAYS * DAY).toISOString())]))
    .execute();
  // A printed ticket's token serves its session only (decision 068): its digest is kept no longer than a number's day.
  await db.deleteFrom('ticket_tokens').where('issued_at', '<', new Date(now.getTime() - 2 * DAY).toISOString()).execute();
  // A ticket page's push subscription goes with its reservation (decision 073); one left behind, with the tokens.
  await db.deleteFrom('ticket_push').where('created_at', '<', new Date(now.getTime() - 2 * DAY).toISOString()).execute();
  // A desk patient's mobile number goes when the reservation ends (decision 070); one a crash left behind, within a day.
  await db.deleteFrom('sms_numbers').where('created_at', '<', new Date(now.getTime() - DAY).toISOString()).execute();
  const auditCutoff = new Date(now.getTime() - settings.auditRetentionDays * DAY).toISOString();
  await db.deleteFrom('audit_log').where('at', '<', auditCutoff).execute();
  // A session's per-address counter is dated by its opening: a session left open for days must keep it,
  // or every address would get its numbers anew (decision 046).
  const open = await db.selectFrom('reception_sessions').select('id').where('closed_at', 'is', null).execute();
  // So is its wrong check-in codes' counter (decision 059).
  await pruneCounters(store, new Date(now.getTime() - DAY), open.flatMap((s) => [sessionCounterPrefix(s.id), checkinSessionKey(s.id)]));
  await pruneScheduleEdges(store, new Date(now.getTime() - EDGE_DAYS * DAY).toISOString());
  // The LINE webhook's handled event ids: kept only while such an event could still be answered (decision 052).
  await pruneSeenEvents(store, now);
}

/** How long a reservation's LINE service notification token is kept. */
const SERVICE_TOKEN_DAYS = 2;
/** Longer than any month, so this month's count of refused LIFF access tokens is whole. */
const REFUSED_TOKEN_DAYS = 40;

/** How long the calendar's applied edges are kept (they hold no personal data; the audit log has the story). */
const EDGE_DAYS = 30;

/**
 * Drops applied calendar edges older than `cutoff`, but never the latest of each kind: the switching reads
 * those (domain/schedule/edges/apply.ts: an edge is pending only while no later one of its family was applied,
 * and the last online start tells whether its window vanished), and a clinic closed for a month must not
 * see an old edge applied again.
 */
async function pruneScheduleEdges(store: Store, cutoff: string): Promise<void> {
  await store.db
    .deleteFrom('schedule_edges')
    .where('edge_at', '<', cutoff)
    .where((eb) =>
      eb(
        'edge_at',
        '<',
        eb
          .selectFrom('schedule_edges as latest')
          .select((e) => e.fn.max('latest.edge_at').as('last'))
          .whereRef('latest.kind', '=', 'schedule_edges.kind'),
      ),
    )
    .execute();
}

export function scheduleRetention(store: Store, settings: RetentionSettings, log: FastifyBaseLogger): () => void {
  const run = () =>
    applyRetention(store, settings).catch((err: unknown) => log.warn({ err }, 'retention job failed; will retry'));
  void run();
  const timer = setInterval(run, 3600_000);
  timer.unref();
  return () => clearInterval(timer);
}
