/**
 * The data the functions answer with (docs/api.md), beside the payloads and the results table of
 * functions.ts, which re-exports them: records with no zod, so screens import them freely.
 */
import type { CalloutSettings } from '../callout/types.js';

/** The clinic's absence and check-in settings (issue 34). */
export interface ArrivalSettings {
  /** Places an absence moves a patient back, 1–20; 0 = to the end of the queue. */
  absencePlaces: number;
  /** The absence (count) at which the patient is held (保留) instead of moved back. */
  absenceHoldAfter: number;
  /** Offer 不在 first for the head of the queue when they have not checked in. */
  absentFirstUnarrived: boolean;
}

/** What staff need to set up check-in: the settings, the printed code with its link, the monitor's key. */
export interface ArrivalSetup {
  settings: ArrivalSettings;
  /** The code printed at the desk (stands until renewed) and the link its QR code opens. */
  deskCode: string;
  deskLink: string;
  /** Given to the wall monitor when staff open it; with it the monitor reads its changing code. */
  monitorKey: string;
}

/** What sending the standing announcement would cost, shown to staff before they confirm. */
export interface AnnouncementSendPreview {
  announcementId: string;
  /** Waiting LINE/PWA patients (held ones included; not cancelled, not started). */
  patients: number;
  /** LINE messages it would use: one per waiting LINE patient, 0 when LINE messaging is not configured. */
  lineMessages: number;
  /** Web Push messages: one per subscription of a waiting PWA patient, 0 when Web Push is not configured. */
  pushMessages: number;
  /** Waiting patients it cannot reach (no channel configured, or a PWA patient without notifications). */
  unreachable: number;
  lineSentThisMonth: number;
  lineQuota: { limit: number | null; used: number } | null;
  /** Already sent once: it will not be sent again. */
  alreadySent: boolean;
}

/** One staff action: who, what, on what, when, and the state before and after. */
export interface AuditEntry {
  at: string;
  username: string;
  action: string;
  target: string | null;
  before: unknown;
  after: unknown;
}

export interface MyReservation {
  slotId: string;
  reservationNumber: number;
  /** Several queues (decision 061): the number's queue; absent for the first queue ('main'). */
  queueId?: string;
  reservedAt: string;
  ahead: number | null;
  hold: boolean;
  /**
   * The patient's own notice: told once when this many or fewer are ahead (1–10, default 5; issue 14).
   * This server always sends both; optional only so reservations stored by older clients stay valid.
   */
  noticeThreshold?: number;
  /** When that notice was queued for sending, else null. */
  noticeSentAt?: string | null;
  /**
   * The last time the patient was called and absent (issue 34), else null: how many absences, when, and
   * how many places it moved them back (null: it held them). Always sent by this server.
   */
  absence?: { count: number; at: string; places: number | null } | null;
  /** When the patient checked in as arrived (来院確認), else null. Always sent by this server. */
  arrivedAt?: string | null;
  /**
   * A family's numbers (docs/decisions/053): the id shared by the numbers taken together (null for a number
   * taken alone) and this member's short name ('' or null: none). Shown only to the patient and staff.
   */
  familyId?: string | null;
  memberName?: string | null;
  /**
   * The notice "N minutes before my turn" (decision 055) when the patient chose it, else null (told at
   * `noticeThreshold` people ahead). Always sent by this server.
   */
  noticeMinutes?: number | null;
  /**
   * The number the patient held before the desk moved them to this queue (decision 067), so the card says it
   * moved; absent for a number taken directly.
   */
  movedFrom?: number;
}

/** The kinds of notice; 'taken' is the number-taken LINE MINI App service message (issue 37). */
export type NoticeKind = 'ahead5' | 'recall' | 'absence' | 'moved' | 'announcement' | 'taken';

export interface NoticeMonth {
  /** LINE MINI App service messages are configured (LINE_SERVICE_TEMPLATE and the MINI App channel). */
  serviceConfigured: boolean;
  /** One entry per kind, in NOTICE_KINDS order: delivered as a service message, a LINE push, a Web Push; failed. */
  byKind: { kind: NoticeKind; service: number; linePush: number; webPush: number; failed: number }[];
  /** Service messages sent instead of LINE pushes (every kind but 'taken', which is never pushed). */
  pushesSaved: number;
  /**
   * LIFF access tokens passed with a number that LINE did not vouch for as the clinic's MINI App's, given to
   * that patient (decision 057): not used; those reservations' notices went by push. Optional for an older server.
   */
  liffTokensRefused?: number;
}

/** The clinic's SMS provider settings as staff see them (decision 070): never the auth token, only whether one is saved. */
export interface SmsSettings {
  on: boolean;
  accountSid: string;
  from: string;
  tokenSaved: boolean;
}

/** SMS this month (Tokyo), decision 070: the count and the cost as Twilio reported it, per currency. */
export interface SmsMonth {
  settings: SmsSettings;
  sent: number;
  /** The summed price per currency (Twilio's price_unit), as positive decimal strings, e.g. { unit: 'USD', amount: '0.2250' }. */
  cost: { unit: string; amount: string }[];
  /** Messages whose price Twilio had not reported yet. */
  unpriced: number;
}

/** Messaging as staff see it (getMessagingStatus). */
export interface MessagingStatus {
  lineConfigured: boolean;
  pushConfigured: boolean;
  /** LINE messages this server sent since the start of the month, Tokyo time. */
  lineSentThisMonth: number;
  /** LINE's own figures when the Messaging API is configured: monthly limit (null = none) and usage. */
  lineQuota: { limit: number | null; used: number } | null;
  settings: { lineAhead5: boolean; lineRecall: boolean };
  /** The monitor's call-out settings (issue 15). Always sent by this server. */
  callout?: CalloutSettings;
  /**
   * Issue 37: how this month's notices went (Tokyo month), per kind. Always sent by this server; optional so
   * an older server's answer still reads.
   */
  thisMonth?: NoticeMonth;
  /** SMS (decision 070). Always sent by this server; optional so an older server's answer still reads. */
  sms?: SmsMonth;
  failures: {
    slotId: string;
    reservationNumber: number;
    kind: NoticeKind;
    channel: 'LINE' | 'PWA' | 'SMS';
    reason: string;
    at: string;
  }[];
}

/** The request envelope: `{"data": {...}}`; `data` may be left out for functions without a payload. */
