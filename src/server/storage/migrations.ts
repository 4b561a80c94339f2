/**
 * Versioned migrations, applied at start. Written with Kysely's schema builder in the subset both
 * dialects share; never edit one that has shipped, add the next.
 */
import { type Kysely, type Migration, type MigrationProvider, Migrator, sql } from 'kysely';
import { outboxMigration } from './migration-0002-outbox.js';
import { limitsAuditMigration } from './migration-0003-limits-audit.js';
import { activePerSessionMigration } from './migration-0004-active-per-session.js';
import { staffDisabledMigration } from './migration-0005-staff-disabled.js';
import { clinicCalendarMigration } from './migration-0006-clinic-calendar.js';
import { statisticsMigration } from './migration-0007-statistics.js';
import { ownNoticeAnnouncementsMigration } from './migration-0008-own-notice-announcements.js';
import { noticeLangMigration } from './migration-0009-notice-lang.js';
import { calloutMigration } from './migration-0010-callout.js';
import { absenceArrivalMigration } from './migration-0011-absence-arrival.js';
import { keptNumbersMigration } from './migration-0012-kept-numbers.js';
import { onlineClosesOnTimeMigration } from './migration-0013-online-closes-on-time.js';
import { familiesMigration } from './migration-0014-families.js';
import { serviceMessagesMigration } from './migration-0015-service-messages.js';
import { lineWebhookMigration } from './migration-0016-line-webhook.js';
import { waitReadingsMigration } from './migration-0017-wait-readings.js';
import { noticeMinutesMigration } from './migration-0018-notice-minutes.js';
import { staffDevicesMigration } from './migration-0019-staff-devices.js';
import { clinicsMigration } from './migration-0031-clinics.js';
import { lineChannelsMigration } from './migration-0032-line-channels.js';
import { groupAccountsMigration } from './migration-0033-group-accounts.js';
import { checkinKeysAbsenceUndoMigration } from './migration-0020-checkin-keys-absence-undo.js';
import { cancelLimitMigration } from './migration-0021-cancel-limit.js';
import { queuesMigration } from './migration-0022-queues.js';
import { noticeDailyQueueMigration } from './migration-0023-notice-daily-queue.js';
import { movedFromMigration } from './migration-0024-moved-from.js';
import { ticketsMigration } from './migration-0025-tickets.js';
import { smsMigration } from './migration-0026-sms.js';
import { kiosksMigration } from './migration-0027-kiosks.js';
import { ticketPushMigration } from './migration-0028-ticket-push.js';
import { networkPrinterMigration } from './migration-0029-network-printer.js';

const migrations: Record<string, Migration> = {
  '0001_queue': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('runtime')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('inhouse_on', 'integer', (c) => c.notNull())
        .addColumn('online_on', 'integer', (c) => c.notNull())
        .addColumn('current_session_id', 'text')
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await sql`insert into runtime (id, inhouse_on, online_on, current_session_id, version)
                values (1, 0, 0, null, 0)`.execute(db);

      await db.schema
        .createTable('reception_sessions')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('opened_at', 'text', (c) => c.notNull())
        .addColumn('closed_at', 'text')
        .execute();

      await db.schema
        .createTable('reservation_slots')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('session_id', 'text', (c) => c.notNull().references('reception_sessions.id'))
        .addColumn('reservation_number', 'integer', (c) => c.notNull())
        .addColumn('is_reserved', 'integer', (c) => c.notNull())
        .addColumn('canceled', 'integer', (c) => c.notNull())
        .addColumn('canceled_at', 'text')
        .addColumn('is_reception_accepted', 'integer', (c) => c.notNull())
        .addColumn('reception_accepted_at', 'text')
        .addColumn('reserved_type', 'text')
        .addColumn('reserved_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('owner_id', 'text')
        .addColumn('hold', 'integer', (c) => c.notNull())
        .addColumn('hold_at', 'text')
        .addColumn('canceled_line_at', 'text')
        .addColumn('canceled_pwa_at', 'text')
        .addColumn('notified_ahead_at', 'text')
        .addColumn('notified_at', 'text')
        .addColumn('ahead5_skipped_at', 'text')
        .addColumn('ahead5_skipped_reason', 'text')
        .addColumn('admin_confirmed_at', 'text')
        .addColumn('admin_beep_announced', 'integer', (c) => c.notNull())
        .addUniqueConstraint('slots_session_number', ['session_id', 'reservation_number'])
        .execute();
      // The free-number search walks this index.
      await db.schema
        .createIndex('slots_free')
        .on('reservation_slots')
        .columns(['session_id', 'is_reserved', 'reservation_number'])
        .execute();
      // The last line of defence for "no patient ever holds two active reservations".
      await db.schema
        .createIndex('slots_one_active_per_owner')
        .on('reservation_slots')
        .column('owner_id')
        .unique()
        .where(sql<boolean>`owner_id is not null and canceled = 0 and is_reception_accepted = 0`)
        .execute();

      await db.schema
        .createTable('pwa_users')
        .addColumn('uid', 'text', (c) => c.primaryKey())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('push_subscriptions')
        .addColumn('endpoint', 'text', (c) => c.primaryKey())
        .addColumn('uid', 'text', (c) => c.notNull().references('pwa_users.uid'))
        .addColumn('p256dh', 'text', (c) => c.notNull())
        .addColumn('auth', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('push_subscriptions_uid').on('push_subscriptions').column('uid').execute();

      await db.schema
        .createTable('staff_accounts')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('username', 'text', (c) => c.notNull().unique())
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('staff_sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('staff_id', 'text', (c) => c.notNull().references('staff_accounts.id'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
  },
  '0002_outbox': outboxMigration,
  '0003_limits_audit': limitsAuditMigration,
  '0004_active_per_session': activePerSessionMigration,
  '0005_staff_disabled': staffDisabledMigration,
  '0006_clinic_calendar': clinicCalendarMigration,
  '0007_statistics': statisticsMigration,
  '0008_own_notice_announcements': ownNoticeAnnouncementsMigration,
  '0009_notice_lang': noticeLangMigration,
  '0010_callout': calloutMigration,
  '0011_absence_arrival': absenceArrivalMigration,
  '0012_kept_numbers': keptNumbersMigration,
  '0013_online_closes_on_time': onlineClosesOnTimeMigration,
  '0014_families': familiesMigration,
  '0015_service_messages': serviceMessagesMigration,
  '0016_line_webhook': lineWebhookMigration,
  '0017_wait_readings': waitReadingsMigration,
  '0018_notice_minutes': noticeMinutesMigration,
  '0019_staff_devices': staffDevicesMigration,
  '0020_checkin_keys_absence_undo': checkinKeysAbsenceUndoMigration,
  '0021_cancel_limit': cancelLimitMigration,
  '0022_queues': queuesMigration,
  '0023_notice_daily_queue': noticeDailyQueueMigration,
  '0024_moved_from': movedFromMigration,
  '0025_tickets': ticketsMigration,
  '0026_sms': smsMigration,
  '0027_kiosks': kiosksMigration,
  '0028_ticket_push': ticketPushMigration,
  '0029_network_printer': networkPrinterMigration,
  '0031_clinics': clinicsMigration,
  '0032_line_channels': lineChannelsMigration,
  '0033_group_accounts': groupAccountsMigration,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<unknown>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
