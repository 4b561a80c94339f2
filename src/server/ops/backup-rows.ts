/**
 * What a row of each table may look like in a backup file: exactly the columns of schema.ts, with their
 * types and nullability (strict: an unknown or missing column refuses the file). The type below ties this
 * module to schema.ts, so a table or column added there without a schema here does not compile; a column
 * added by a migration but not here makes every backup of a real store fail its own restore test.
 */
import type { Selectable } from 'kysely';
import { z } from 'zod';
import type { Database } from '../storage/schema.js';
import { LINE_CHANNELS_ROW } from './backup-rows-line.js';

const text = z.string();
const int = z.number().int();
/** Booleans are integers 0/1 in both dialects (schema.ts). */
const flag = z.union([z.literal(0), z.literal(1)]);
/** A place in the queue (queue_position): a number, not always whole (docs/api.md "Queue order"). */
const place = z.number();
/** Times are written by the server as ISO-8601 UTC (`Date#toISOString`). */
const time = z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?Z$/, 'expected an ISO-8601 UTC time');

export const ROW_SCHEMAS = {
  runtime: z.strictObject({
    id: z.literal(1),
    inhouse_on: flag,
    online_on: flag,
    current_session_id: text.nullable(),
    version: int,
    line_ahead5_on: flag,
    line_recall_on: flag,
    // The announcement came with migration 0008: a backup written before it restores with none standing.
    announcement_id: text.nullable().default(null),
    announcement_text: text.nullable().default(null),
    announcement_until: time.nullable().default(null),
    announcement_set_at: time.nullable().default(null),
    announcement_sent_at: time.nullable().default(null),
    // The calendar's columns came with migration 0006: an older backup restores with the defaults.
    schedule_version: int.default(0),
    schedule_notice_at: time.nullable().default(null),
    online_manual_at: time.nullable().default(null),
    inhouse_manual_at: time.nullable().default(null),
    // The call-out came with migration 0010: an older backup restores with the defaults.
    callout_on: flag.default(1),
    callout_volume: int.min(0).max(100).default(80),
    callout_text: text.nullable().default(null),
    callout_recent: text.nullable().default(null),
    // Absence and check-in settings came with migration 0011: an older backup restores with the defaults
    // and no check-in secret yet (staff's next setup makes one). A newer backup keeps the secret, so the
    // printed desk code still works after a restore.
    absence_places: int.min(0).max(20).default(3),
    absence_hold_after: int.min(1).max(10).default(2),
    absent_first_unarrived: flag.default(0),
    checkin_secret: text.nullable().default(null),
    // The monitor's own key came with migration 0019: an older backup restores with none (the old derived key).
    // Both are sealed with the server's key (decision 059): a backup file never holds them in clear.
    monitor_key: text.nullable().default(null),
    // Numbers kept for the desk and the online cap came with migration 0012: an older backup restores with both off.
    keep_every: int.refine((n) => n === 0 || (n >= 2 && n <= 10)).default(0),
    online_cap: int.min(0).max(200).default(0),
    // Online reception closing on time came with migration 0013: an older backup restores with no reason standing.
    online_late_at: time.nullable().default(null),
    family_max: z.number().int().min(1).max(5).default(1),
    // Take-and-cancel came with migration 0021: an older backup restores with it off.
    cancel_limit: int.min(0).max(10).default(0),
    // Several queues came with migration 0022: an older backup restores with one number per clinic, no any-queue.
    queue_any: flag.default(0),
    number_per_queue: flag.default(0),
    // The printed ticket's settings came with migration 0025: an older backup restores with 80 mm and no sentence.
    ticket_paper: z.enum(['58', '80', 'A6']).default('80'),
    ticket_note: text.nullable().default(null),
    // SMS came with migration 0026: an older backup restores with it off. The token stays sealed (decision 070).
    sms_on: flag.default(0),
    sms_account_sid: text.nullable().default(null),
    sms_auth_token: text.nullable().default(null),
    sms_from: text.nullable().default(null),
    // Came with migration 0027 (the entrance kiosk): an older backup restores as never saved.
    ticket_set_at: time.nullable().default(null),
    // Came with migration 0029 (the network printer): an older backup restores with none, the browser printing.
    ticket_printer: text.nullable().default(null),
  }),
  // Queues came with migration 0022: a backup written before it has none, and restores into the one queue
  // the restore makes from its runtime row (ops/backup.ts), as the migration did.
  queues: z.strictObject({
    id: z.string().min(1).max(40),
    position: int,
    name_ja: text,
    name_en: text,
    description_ja: text.nullable(),
    description_en: text.nullable(),
    first_number: int.min(1),
    online: flag,
    online_cap: int.min(0).max(200),
    keep_every: int.refine((n) => n === 0 || (n >= 2 && n <= 10)),
    family_max: z.number().int().min(1).max(5),
    hours: text.nullable(),
    version: int,
    created_at: time,
    removed_at: time.nullable(),
  }),
  reception_sessions: z.strictObject({ id: text, opened_at: time, closed_at: time.nullable() }),
  reservation_slots: z.strictObject({
    id: text,
    session_id: text,
    reservation_number: int,
    is_reserved: flag,
    canceled: flag,
    canceled_at: time.nullable(),
    is_reception_accepted: flag,
    reception_accepted_at: time.nullable(),
    reserved_type: text.nullable(),
    reserved_at: time.nullable(),
    created_at: time,
    updated_at: time,
    owner_id: text.nullable(),
    hold: flag,
    hold_at: time.nullable(),
    canceled_line_at: time.nullable(),
    canceled_pwa_at: time.nullable(),
    notified_ahead_at: time.nullable(),
    notified_at: time.nullable(),
    ahead5_skipped_at: time.nullable(),
    ahead5_skipped_reason: text.nullable(),
    admin_confirmed_at: time.nullable(),
    admin_beep_announced: flag,
    // 0008: a backup written before it restores every reservation with the default 5-ahead notice.
    notice_threshold: int.min(1).max(10).default(5),
    // notice_lang came with migration 0009: a backup written before it restores as Japanese.
    notice_lang: text.nullable().default(null),
    // 0011: a backup written before it restores every slot in its number's place, never absent or checked in.
    queue_position: place.optional(),
    absences: int.min(0).default(0),
    absent_at: time.nullable().default(null),
    absent_places: int.min(0).nullable().default(null),
    absent_from_position: place.nullable().default(null),
    // 0019: a backup written before it restores with the one-level undo of absent_from_position.
    absent_undo: text.nullable().default(null),
    arrived_at: time.nullable().default(null),
    arrived_by: z.enum(['patient', 'staff']).nullable().default(null),
    family_id: z.string().min(1).max(100).nullable().default(null),
    member_name: z.string().max(50).nullable().default(null),
    member_index: z.number().int().min(0).max(20).default(0),
    notice_minutes: z.number().int().min(10).max(60).nullable().default(null),
    moved_from: int.min(1).nullable().default(null),
    // 0022: a backup written before it holds one queue's numbers.
    queue_id: z.string().min(1).max(40).default('main'),
    active_scope: z.string().max(40).default(''),
  }).transform(({ queue_position, ...row }) => ({ ...row, queue_position: queue_position ?? row.reservation_number })),
  pwa_users: z.strictObject({ uid: text, created_at: time }),
  push_subscriptions: z.strictObject({ endpoint: text, uid: text, p256dh: text, auth: text, created_at: time }),
  // disabled_at came with migration 0005: a backup written before it restores with the account enabled.
  // device_epoch came with migration 0019: an older backup's accounts restore at generation 0.
  staff_accounts: z.strictObject({
    id: text,
    username: text,
    password_hash: text,
    created_at: time,
    disabled_at: time.nullable().default(null),
    device_epoch: int.min(0).default(0),
    // group_account_id came with migration 0033 (decision 081): a group account's staff identity in the clinic.
    group_account_id: text.nullable().default(null),
  }),
  staff_sessions: z.strictObject({ token_hash: text, staff_id: text, created_at: time, expires_at: time }),
  outbox: z.strictObject({
    id: text,
    kind: z.enum(['ahead5', 'recall', 'announcement', 'absence', 'taken', 'moved']),
    channel: z.enum(['LINE', 'PWA', 'SMS']),
    slot_id: text,
    reservation_number: int,
    recipient: text,
    endpoint: text.nullable(),
    retry_key: text,
    status: z.enum(['pending', 'sending', 'sent', 'failed']),
    attempts: int,
    next_attempt_at: time,
    lease_until: time.nullable(),
    last_error: text.nullable(),
    created_at: time,
    updated_at: time,
    sent_at: time.nullable(),
    body: text.nullable().default(null),
    // The path came with migration 0015: an older backup's rows restore without one (as before: a push).
    path: z.enum(['service', 'service-done', 'push']).nullable().default(null),
  }),
  rate_counters: z.strictObject({ key: text, window_start: time, count: int }),
  audit_log: z.strictObject({
    id: text,
    at: time,
    staff_id: text.nullable(),
    username: text,
    action: text,
    target: text.nullable(),
    before: text.nullable(),
    after: text.nullable(),
  }),
  clinic_schedule: z.strictObject({ id: z.literal(1), document: text, updated_at: time }),
  schedule_edges: z.strictObject({ edge_at: time, kind: text, outcome: text, applied_at: time }),
  // Per queue since migration 0023: an older backup's counts restore as the first queue's.
  notice_daily: z.strictObject({ day: z.iso.date(), channel: z.enum(['LINE', 'PWA', 'SMS']), queue_id: z.string().min(1).max(40).default('main'), sent: int, failed: int }),
  line_webhook_events: z.strictObject({ event_id: text, received_at: time }),
  // What waiting patients were shown (0017, decision 054): the self-measurement and the range's calibration.
  wait_readings: z.strictObject({
    slot_id: text,
    tick: int,
    session_id: text,
    at: time,
    ahead: int.min(0),
    mean_minutes: z.number().min(0),
    sd_minutes: z.number().min(0),
    low_minutes: int.min(0),
    high_minutes: int.min(0),
  }),
  // Never in a backup (not in BACKUP_TABLES, docs/decisions/051): the sealed notification tokens stay on this
  // server; a restored reservation's notices go by push. The schema is here because every table has one.
  service_tokens: z.strictObject({
    slot_id: text,
    liff_digest: text,
    state: z.enum(['issuing', 'ready', 'spent', 'failed']),
    token: text.nullable(),
    remaining: int,
    expires_at: time.nullable(),
    attempt_outbox_id: text.nullable(),
    created_at: time,
    updated_at: time,
  }),
  // Never in a backup either (not in BACKUP_TABLES, docs/decisions/068): a ticket's token is a credential.
  ticket_tokens: z.strictObject({
    token_hash: text,
    slot_id: text,
    session_id: text,
    issued_at: time,
    revoked_at: time.nullable(),
    opened_at: time.nullable(),
  }),
  // Never in a backup (not in BACKUP_TABLES, decision 070): a patient's mobile number lives only while the
  // reservation does. The schema is here because every table has one.
  sms_numbers: z.strictObject({ slot_id: text, phone: text, masked: text, created_at: time }),
  // 0026: what the SMS provider charged, as it reported it; no number in it.
  sms_usage: z.strictObject({ outbox_id: text, message_sid: text, sent_at: time, price: text.nullable(), price_unit: text.nullable() }),
  // Never in a backup (not in BACKUP_TABLES, docs/decisions/072): a restored kiosk could be one since revoked.
  kiosk_devices: z.strictObject({
    id: text,
    name: text,
    created_at: time,
    created_by: text,
    revoked_at: time.nullable(),
    revoked_by: text.nullable(),
  }),
  // Never in a backup (not in BACKUP_TABLES, decision 073): a subscription serves a ticket, whose token is in none.
  ticket_push: z.strictObject({ endpoint: text, slot_id: text, p256dh: text, auth: text, created_at: time }),
  // 0028: tickets issued and first opened per day and queue; kept in a backup as notice_daily is.
  ticket_daily: z.strictObject({ day: text, queue_id: text, printed: int.min(0), opened: int.min(0) }),
  line_channels: LINE_CHANNELS_ROW,
} satisfies { [T in keyof Database]: z.ZodType<Selectable<Database[T]>> };

/** Each table's primary key, in order: the backup pages through every table by it. */
export const PRIMARY_KEYS: { [T in keyof Database]: readonly (keyof Database[T] & string)[] } = {
  runtime: ['id'],
  queues: ['id'],
  reception_sessions: ['id'],
  reservation_slots: ['id'],
  pwa_users: ['uid'],
  push_subscriptions: ['endpoint'],
  staff_accounts: ['id'],
  staff_sessions: ['token_hash'],
  outbox: ['id'],
  rate_counters: ['key', 'window_start'],
  audit_log: ['id'],
  clinic_schedule: ['id'],
  schedule_edges: ['edge_at', 'kind'],
  notice_daily: ['day', 'channel', 'queue_id'],
  line_webhook_events: ['event_id'],
  wait_readings: ['slot_id', 'tick'],
  service_tokens: ['slot_id'],
  ticket_tokens: ['token_hash'],
  sms_numbers: ['slot_id'],
  sms_usage: ['outbox_id'],
  kiosk_devices: ['id'],
  ticket_push: ['endpoint', 'slot_id'],
  ticket_daily: ['day', 'queue_id'],
  line_channels: ['id'],
};

/** Zod's complaint in one line: `owner_id: expected string, received number; …`. */
export function describeIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => `${issue.path.length > 0 ? issue.path.join('.') : 'row'}: ${issue.message}`)
    .join('; ');
}
