/**
 * The tables as Kysely sees them. Booleans are integers 0/1 and times ISO-8601 UTC text in both dialects,
 * so one set of queries serves SQLite and PostgreSQL (docs/decisions/0003-one-schema-two-dialects.md).
 */
import type { Generated } from 'kysely';
import type { LineWebhookEventTable, NoticeDailyTable, OutboxTable, ServiceTokenTable, SmsNumberTable, SmsUsageTable } from './schema-notices.js';
export type { LineWebhookEventTable, NoticeChannel, NoticeDailyTable, OutboxPath, OutboxStatus, OutboxTable, ServiceTokenState, ServiceTokenTable, SmsNumberTable, SmsUsageTable } from './schema-notices.js';
import type { ClinicHostTable, ClinicTable } from './schema-clinics.js';
import type { KioskDeviceTable, StaffAccountTable, StaffSessionTable } from './schema-staff.js';
export type { KioskDeviceTable, StaffAccountTable, StaffSessionTable } from './schema-staff.js';
export type { ClinicHostTable, ClinicTable } from './schema-clinics.js';
import type { GroupAccountClinicTable, GroupAccountTable, GroupHandoffTable, GroupSessionTable } from './schema-groups.js';
import type { LineChannelsTable } from './schema-line-channels.js';
export type { LineChannelsTable } from './schema-line-channels.js';
import type { TicketDailyTable, TicketPushTable, TicketTokenTable } from './schema-tickets.js';
export type { TicketDailyTable, TicketPushTable, TicketTokenTable } from './schema-tickets.js';

export interface RuntimeTable {
  id: number;
  inhouse_on: number;
  online_on: number;
  current_session_id: string | null;
  /** Bumped by every write; the live streams carry it so clients can order snapshots. */
  version: number;
  /** The clinic's choice: send the 5-ahead notice / the recall over LINE (each LINE push costs quota). */
  line_ahead5_on: number;
  line_recall_on: number;
  /** The clinic's announcement (0008): shown on every patient screen until cleared or `until` passes. */
  announcement_id: string | null;
  announcement_text: string | null;
  announcement_until: string | null;
  announcement_set_at: string | null;
  /** When staff sent this announcement to the waiting patients; it goes out once. */
  announcement_sent_at: string | null;
  /** Bumped by every change of the clinic calendar (clients refetch getPublicSchedule when it moves). */
  schedule_version: number;
  /** Set when an online window began with in-house reception off: that window's start (the staff banner). */
  schedule_notice_at: string | null;
  /** The last manual switch of online / in-house reception: a missed edge before it is not caught up. */
  online_manual_at: string | null;
  inhouse_manual_at: string | null;
  /** The monitor's call-out (0010): on/off, volume 0–100, wording with {n} (null: the catalogue's). */
  callout_on: number;
  callout_volume: number;
  callout_text: string | null;
  /** The last few call-outs as JSON (src/shared/callout/types.ts), oldest first. */
  callout_recent: string | null;
  /** Absent when called (0011): places a call-and-miss moves a patient back (1–20; 0 = to the end). */
  absence_places: number;
  /** The absence that holds the patient (保留) instead of moving them back (1–10; default 2). */
  absence_hold_after: number;
  /** 1: the staff list offers 不在 first for the head of the queue when they have not checked in. */
  absent_first_unarrived: number;
  /**
   * Random secret the printed desk code and the monitor's codes are derived from (null until first needed;
   * renewing it voids old codes). Sealed with the server's key (auth/sealed.ts) since 0020; an older row may
   * hold it in clear until staff next open the setup.
   */
  checkin_secret: string | null;
  /** The wall monitor's own random key (0020), sealed; null: the old key derived from the secret (decision 059). */
  monitor_key: string | null;
  /** Numbers kept for the desk (0012, decision 049): every Nth number of a session (0 = off, else 2–10). */
  keep_every: number;
  /** At most this many numbers of a session go to LINE and the app (0 = no cap, else 1–200). */
  online_cap: number;
  /** Online reception closes on time (0013): when it was ended because a newcomer would not be seen in the period. */
  online_late_at: string | null;
  /** Families (0014, decision 053): up to this many numbers per patient together (1 = off, else 2–5). */
  family_max: number;
  /** Take-and-cancel (0021, decision 060): cancellations a patient may make in a session and still take online (0 = off, else 1–10). */
  cancel_limit: number;
  /** Several queues (0022, decision 061): 1 offers 「どちらの医師でも」 (the queue that starts a newcomer earliest). */
  queue_any: number;
  /** 1: a patient may hold one active number in each queue; 0 (default): one in the clinic. */
  number_per_queue: number;
  /** The printed ticket (0025, decision 068): its paper ('58', '80' mm rolls or 'A6') and the clinic's sentence. */
  ticket_paper: string;
  ticket_note: string | null;
  /** SMS (0026, decision 070): on (1) or off; the provider's account, its sealed token and the sender number. */
  sms_on: number;
  sms_account_sid: string | null;
  sms_auth_token: string | null;
  sms_from: string | null;
  /** The entrance kiosk (0027, decision 072): when staff last saved the ticket settings; null: never (the kiosk shows the QR code). */
  ticket_set_at: string | null;
  /** The ticket's network printer (0029, decision 074): its base address on the LAN; null: none (the browser prints). */
  ticket_printer: string | null;
}

/**
 * A queue of the clinic (0022, decision 061): 一般, 予防接種, one per doctor. Its numbers are the range from
 * `first_number` (as many as the calendar's numbers per session); its row is its writers' lock.
 */
export interface QueueTable {
  id: string;
  /** Order on every screen; the first queue (lowest) is the one a payload without a queue means. */
  position: number;
  name_ja: string;
  name_en: string;
  description_ja: string | null;
  description_en: string | null;
  first_number: number;
  /** 1: patients may take it on LINE and the app; 0: only at the desk (a fever queue booked by phone). */
  online: number;
  online_cap: number;
  keep_every: number;
  family_max: number;
  /** Its own opening hours (JSON), null: the clinic's calendar. */
  hours: string | null;
  /** Bumped by every write of the queue; a snapshot's version adds every queue's to the runtime row's. */
  version: number;
  created_at: string;
  /** Removed by staff: no new numbers, kept for the history of its numbers. */
  removed_at: string | null;
}

export interface ReceptionSessionTable {
  id: string;
  opened_at: string;
  closed_at: string | null;
}

export interface SlotTable {
  id: string;
  session_id: string;
  reservation_number: number;
  is_reserved: number;
  canceled: number;
  canceled_at: string | null;
  is_reception_accepted: number;
  reception_accepted_at: string | null;
  reserved_type: string | null;
  reserved_at: string | null;
  created_at: string;
  updated_at: string;
  /** The patient: a LINE userId or a PWA uid (lineId / pwaId by reserved_type). */
  owner_id: string | null;
  hold: number;
  hold_at: string | null;
  canceled_line_at: string | null;
  canceled_pwa_at: string | null;
  notified_ahead_at: string | null;
  notified_at: string | null;
  ahead5_skipped_at: string | null;
  ahead5_skipped_reason: string | null;
  admin_confirmed_at: string | null;
  admin_beep_announced: number;
  /** The patient's own notice: told when this many or fewer people are ahead (1–10, default 5). */
  notice_threshold: number;
  /** 'en' for a number taken on the English screens (migration 0009); null is Japanese. */
  notice_lang: string | null;
  /** The slot's place in the queue (0011): its reservation number until an absence moves it back. */
  queue_position: number;
  /** How many times the patient was called and absent (不在). */
  absences: number;
  absent_at: string | null;
  /** Places the last absence actually moved the patient back; null when that absence held them. */
  absent_places: number | null;
  /** queue_position before the last absence, for its undo. */
  absent_from_position: number | null;
  /** What the last absence changed, as JSON holding the one before it (0020): each undo restores it. */
  absent_undo: string | null;
  /** When the patient checked in (来院確認), and who recorded it: 'patient' or 'staff'. */
  arrived_at: string | null;
  arrived_by: string | null;
  /** Families (0014, decision 053): the id shared by numbers taken together (null alone), the short name, 0… */
  family_id: string | null;
  member_name: string | null;
  member_index: number;
  /** "Leave home by" (0018, decision 055): told once when the range's low edge reaches this many minutes; null: by people ahead. */
  notice_minutes: number | null;
  /** The number held before staff moved the patient to this queue (0024, decision 067); null when taken directly. */
  moved_from: number | null;
  /** The queue the number belongs to (0022, decision 061); 'main' for every number of a one-queue clinic. */
  queue_id: string;
  /** The scope of "one active number per patient" it was taken under: '' the clinic, else its queue's id. */
  active_scope: string;
}

export interface PwaUserTable {
  uid: string;
  created_at: string;
}

export interface PushSubscriptionTable {
  endpoint: string;
  uid: string;
  p256dh: string;
  auth: string;
  created_at: string;
}

export interface RateCounterTable {
  key: string;
  window_start: string;
  count: number;
}

/** Who did what to what, with the state before and after (JSON), for every staff action. */
export interface AuditLogTable {
  id: string;
  at: string;
  staff_id: string | null;
  username: string;
  action: string;
  target: string | null;
  before: string | null;
  after: string | null;
}

/** The clinic calendar: one JSON document (ClinicSchedule), row id 1; absent = DEFAULT_SCHEDULE. */
export interface ClinicScheduleTable {
  id: number;
  document: string;
  updated_at: string;
}

/** An edge of the calendar this clinic's servers applied, once: its instant, kind and what it did. */
export interface ScheduleEdgeTable {
  edge_at: string;
  kind: string;
  outcome: string;
  applied_at: string;
}

/** The deployment's tables beside every clinic's (decision 077): what the deployment's own Kysely sees. */
export interface DeploymentDatabase extends Database {
  clinics: ClinicTable;
  clinic_hosts: ClinicHostTable;
  group_accounts: GroupAccountTable;
  group_account_clinics: GroupAccountClinicTable;
  group_sessions: GroupSessionTable;
  group_handoffs: GroupHandoffTable;
  /** Read across clinics for one thing only: when each clinic last changed its settings (decision 078). */
  line_channels: LineChannelsTable & { clinic_id: string };
}

/** A clinic's tables: every one carries `clinic_id`, which the clinic's Kysely fills and filters by itself. */
export interface Database {
  runtime: RuntimeTable;
  queues: QueueTable;
  reception_sessions: ReceptionSessionTable;
  reservation_slots: SlotTable;
  pwa_users: PwaUserTable;
  push_subscriptions: PushSubscriptionTable;
  staff_accounts: StaffAccountTable;
  staff_sessions: StaffSessionTable;
  outbox: OutboxTable;
  rate_counters: RateCounterTable;
  audit_log: AuditLogTable;
  clinic_schedule: ClinicScheduleTable;
  schedule_edges: ScheduleEdgeTable;
  notice_daily: NoticeDailyTable;
  line_webhook_events: LineWebhookEventTable;
  wait_readings: WaitReadingTable;
  service_tokens: ServiceTokenTable;
  ticket_tokens: TicketTokenTable;
  sms_numbers: SmsNumberTable;
  sms_usage: SmsUsageTable;
  kiosk_devices: KioskDeviceTable;
  ticket_push: TicketPushTable;
  ticket_daily: TicketDailyTable;
  line_channels: LineChannelsTable;
}

/**
 * What a waiting patient was shown, every 5 minutes (0017, decision 054): `tick` = floor(epoch ms / 5 min);
 * the model's expected wait and spread (minutes) and the range shown. The outcome is the slot's
 * reception_accepted_at.
 */
export interface WaitReadingTable {
  slot_id: string;
  tick: number;
  session_id: string;
  at: string;
  ahead: number;
  mean_minutes: number;
  sd_minutes: number;
  low_minutes: number;
  high_minutes: number;
}

// Kept for future tables with generated keys.
export type { Generated };
