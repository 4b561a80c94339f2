/**
 * Payload schemas of every function at `POST /api/fn/<name>` (docs/api.md: the patients' functions and the
 * staff functions). Strict objects: an unknown field is a malformed request, not something to ignore.
 */
import { z } from 'zod';
import { pushSubscriptionSchema } from './push-subscription.js';
import {
  ABSENCE_HOLD_AFTER_MAX, ABSENCE_HOLD_AFTER_MIN, ABSENCE_PLACES_MAX, ABSENCE_PLACES_MIN, NOTICE_MINUTES_MAX, NOTICE_MINUTES_MIN, NOTICE_THRESHOLD_MAX, NOTICE_THRESHOLD_MIN,
} from '../queue/slot.js';
import { ANNOUNCEMENT_MAX_LENGTH } from './live.js';
import { isoDate, overrideSchema, scheduleSettingsSchema, weeklyHoursSchema } from '../schedule/types.js';
import type { PublicSchedule, ScheduleForStaff } from '../schedule/types.js';
import { STATS_PERIODS, type StatsResult } from './stats.js';
import { PATIENT_LANGS } from '../labels/langs.js';
import { CALLOUT_TEXT_MAX } from '../callout/types.js';
import { allocationSettingsSchema } from './allocation-settings.js';
import type { AnnouncementSendPreview, ArrivalSetup, AuditEntry, MessagingStatus, MyReservation } from './answers.js';
import { FAMILY_MAX_MAX, MEMBER_NAME_MAX } from '../queue/family.js';
import { patientText } from './patient-text.js';
import { queueChoicesSchema, removeQueueSchema, saveQueueSchema, type QueuesAnswer } from './queues.js';
import { queueIdSchema } from './queue-id.js';
import { ticketPayloads, type TicketResults } from './ticket.js';
import { kioskPayloads, type KioskResults } from './kiosk.js';
import { smsPayloads, type SmsResults } from './sms.js';

export { pushSubscriptionSchema, type PushSubscriptionJson } from './push-subscription.js';

/**
 * An id the client was given (a slot's, an announcement's): visible ASCII only, so no text the database
 * refuses (NUL: PostgreSQL's 22021) ever reaches a query as a 500 (docs/decisions/058).
 */
const id = z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/);

export { ANNOUNCEMENT_MAX_LENGTH } from './live.js';
const none = z.strictObject({});

/** allocateNextSlot's queueId for 「どちらの医師でも」: the queue a newcomer starts earliest in (decision 061). */
export const ANY_QUEUE = 'any';


export const MARK_ACTIONS = ['start', 'undoStart', 'delete', 'undoDelete', 'hold', 'undoHold', 'confirm'] as const;
export type MarkAction = (typeof MARK_ACTIONS)[number];

export const functionPayloads = {
  allocateNextSlot: z.strictObject({
    reservedType: z.enum(['LINE', 'PWA', 'ADMIN']),
    // Optional (decision 023): the language of the patient's screen, for the notices about this number.
    lang: z.enum(PATIENT_LANGS).optional(),
    /**
     * A family (docs/decisions/053): one entry per number to take together, each the member's short name or
     * '' for none; absent is one number with no name. Patients only; more entries than the clinic's
     * `familyMax` is refused (FAILED_PRECONDITION error.familyTooLarge), and nothing is taken. Each name is
     * patient text (decision 058): NFKC, trimmed, no control, format or bidi characters (error.patientText).
     */
    // Optional (decision 051): liff.getAccessToken() of the LINE MINI App, for its service messages; LINE only.
    liffAccessToken: z.string().min(1).max(2048).regex(/^[\x21-\x7e]+$/).optional(),
    members: z.array(patientText(MEMBER_NAME_MAX)).min(1).max(FAMILY_MAX_MAX).optional(),
    /**
     * Several queues (decision 061): the queue to join; absent is the clinic's first queue; 'any' (patients,
     * where the clinic offers 「どちらの医師でも」) the queue whose expected start for a newcomer is earliest
     * now, named by the answer's card. An unknown or removed queue is NOT_FOUND error.unknownQueue; a
     * desk-only queue taken online FAILED_PRECONDITION error.queueDeskOnly; a queue outside its own hours
     * FAILED_PRECONDITION error.queueClosed.
     */
    queueId: queueIdSchema.optional(),
    /**
     * Decision 070: the desk patient's mobile, as typed (090-1234-5678, full-width, +81…), told the turn-is-near
     * notice and the recall by SMS; staff (ADMIN) only, while the clinic has SMS on. A number that is not a
     * Japanese mobile is INVALID_ARGUMENT error.smsNumber, SMS off FAILED_PRECONDITION error.smsOff: no number is taken.
     */
    phone: z.string().min(1).max(30).optional(),
  })
    .refine((p) => p.reservedType !== 'ADMIN' || p.members === undefined, { message: 'members: patients only', path: ['members'] })
    .refine((p) => p.reservedType === 'ADMIN' || p.phone === undefined, { message: 'phone: the desk only', path: ['phone'] }),
  cancelReservation: z.strictObject({
    slotId: id,
    reservationNumber: z.number().int().min(1).max(100_000),
    canceledBy: z.enum(['LINE', 'PWA']),
  }),
  getMyReservation: none,
  exchangePwaInstallation: z.strictObject({ installId: z.uuidv4() }),
  exchangeLineCode: z.strictObject({
    code: z.string().min(1).max(512),
    state: z.string().min(1).max(256),
    redirectUri: z.url({ protocol: /^https?$/ }).max(2048),
    // PKCE and nonce travel with the code so the server can finish what the browser started.
    codeVerifier: z.string().regex(/^[A-Za-z0-9\-._~]{43,128}$/).optional(),
    nonce: z.string().min(1).max(256).optional(),
  }),
  /** Inside LINE (LIFF): the raw ID token from liff.getIDToken(), verified by the server at LINE. */
  exchangeLineIdToken: z.strictObject({ idToken: z.string().min(20).max(4096) }),
  getWebPushPublicKey: none,
  saveSafariSubscription: z.strictObject({ subscription: pushSubscriptionSchema }),
  sendWebpushTest: z.strictObject({
    subscription: pushSubscriptionSchema,
    // Shown in the patient's own notice: patient text (decision 058).
    title: patientText(200).pipe(z.string().min(1)),
    body: patientText(1000),
    link: z.string().startsWith('/').max(500),
  }),
  sendReservationMessageBySlot: z.strictObject({ slotId: id, kind: z.literal('recall') }),
  startInhouseReception: none,
  endInhouseReception: none,
  startOnlineReception: none,
  endOnlineReception: none,
  markSlot: z.strictObject({ slotId: id, action: z.enum(MARK_ACTIONS) }),
  setNoticeSettings: z.strictObject({ lineAhead5: z.boolean(), lineRecall: z.boolean() }),
  getMessagingStatus: none,
  claimAdminBeep: z.strictObject({ slotId: id }),
  getAuditLog: z.strictObject({
    limit: z.number().int().min(1).max(500).optional(),
    before: z.iso.datetime().optional(),
  }),
  /**
   * The patient's own notice: `threshold` people ahead (1–10), or `minutes` before the turn (10–60: told
   * once when the shown range's low edge reaches it, decision 055). Exactly one of the two.
   */
  setMyNoticeThreshold: z
    .strictObject({
      slotId: id,
      threshold: z.number().int().min(NOTICE_THRESHOLD_MIN).max(NOTICE_THRESHOLD_MAX).optional(),
      minutes: z.number().int().min(NOTICE_MINUTES_MIN).max(NOTICE_MINUTES_MAX).optional(),
    })
    .refine((p) => (p.threshold === undefined) !== (p.minutes === undefined), { message: 'exactly one of threshold and minutes' }),
  setAnnouncement: z.strictObject({
    text: z.string().trim().min(1).max(ANNOUNCEMENT_MAX_LENGTH),
    until: z.iso.datetime().nullable(),
  }),
  clearAnnouncement: none,
  previewAnnouncementSend: none,
  sendAnnouncement: z.strictObject({ announcementId: id, lineMessages: z.number().int().min(0).max(100_000) }),
  // the clinic calendar (issue 13; src/shared/schedule/types.ts)
  getPublicSchedule: none,
  getSchedule: z.strictObject({ month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/) }),
  saveWeeklyHours: z.strictObject({ weekly: weeklyHoursSchema }),
  saveScheduleSettings: z.strictObject({ settings: scheduleSettingsSchema }),
  saveScheduleOverride: overrideSchema,
  deleteScheduleOverride: z.strictObject({ date: isoDate }),
  setHolidayOpening: z.strictObject({ date: isoDate, open: z.boolean() }),
  /** date: a Tokyo day inside the period (yyyy-mm-dd). */
  /** queueId: one queue's figures (decision 065); absent, the whole clinic's. */
  getStats: z.strictObject({ period: z.enum(STATS_PERIODS), date: z.iso.date(), queueId: queueIdSchema.optional() }),
  // the monitor's call-out (issue 15)
  callSlot: z.strictObject({ slotId: id }),
  setCalloutSettings: z.strictObject({
    on: z.boolean(),
    volume: z.number().int().min(0).max(100),
    text: z.string().trim().min(1).max(CALLOUT_TEXT_MAX).refine((v) => v.includes('{n}'), { message: 'must contain {n}' }),
  }),
  // absent when called, and arrival check-in (issue 34; docs/decisions/047)
  /**
   * `absences`: how many absences the desk saw on this row. The server acts only when it still holds, so two
   * desks pressing at once move the patient once (the second answers changed: false).
   */
  markAbsent: z.strictObject({ slotId: id, absences: z.number().int().min(0).max(1000) }),
  /** Undoes the last absence (the row must still show `absences`): back to its place, one absence fewer. */
  undoAbsent: z.strictObject({ slotId: id, absences: z.number().int().min(1).max(1000) }),
  /** Staff record (or take back) that the patient has arrived. */
  markArrived: z.strictObject({ slotId: id, arrived: z.boolean() }),
  /** The patient checks in with the code on the wall monitor or the desk's printed QR code. */
  checkIn: z.strictObject({ slotId: id, code: z.string().trim().min(1).max(16) }),
  getArrivalSetup: none,
  saveArrivalSettings: z.strictObject({
    /** 0 = to the end of the queue. */
    absencePlaces: z.number().int().min(0).max(ABSENCE_PLACES_MAX).refine((n) => n === 0 || n >= ABSENCE_PLACES_MIN),
    absenceHoldAfter: z.number().int().min(ABSENCE_HOLD_AFTER_MIN).max(ABSENCE_HOLD_AFTER_MAX),
    absentFirstUnarrived: z.boolean(),
  }),
  /** New secret: the printed QR code, the desk code and the monitor key all change; old ones stop working. */
  renewCheckinCodes: none,
  renewMonitorKey: none,
  /** The wall monitor's current code, for the monitor key it was given when staff opened it. */
  getMonitorCheckinCode: z.strictObject({ monitorKey: z.string().min(16).max(128) }),
  /** Numbers kept for the desk and the online cap (issue 35, docs/decisions/049). */
  saveAllocationSettings: allocationSettingsSchema,
  // the clinic's queues (several queues, decision 061; src/shared/schemas/queues.ts)
  getQueues: none,
  /** Creates a queue (no id) or changes one. */
  saveQueue: saveQueueSchema,
  /** The queue takes no more numbers; its numbers keep their history. */
  removeQueue: removeQueueSchema,
  saveQueueChoices: queueChoicesSchema,
  moveToQueue: z.strictObject({ slotId: id, queueId: queueIdSchema }),
  // the printed ticket of a desk number (decision 068; src/shared/schemas/ticket.ts)
  ...ticketPayloads,
  // the entrance kiosk (decision 072; src/shared/schemas/kiosk.ts)
  ...kioskPayloads,
  // SMS to a desk patient's mobile (decision 070; src/shared/schemas/sms.ts)
  ...smsPayloads,
} as const;

export type FunctionName = keyof typeof functionPayloads;
export type FunctionPayload<N extends FunctionName> = z.infer<(typeof functionPayloads)[N]>;

export const FUNCTION_NAMES = Object.keys(functionPayloads) as FunctionName[];

/** Results, as the server answers them inside `{"result": ...}`. */
export interface FunctionResults extends TicketResults, KioskResults, SmsResults {
  /** reservation: what getMyReservation answers right after (null for a walk-in ticket, or when it could not be read). */
  allocateNextSlot: {
    ok: true;
    /** The first number taken (a family's first member). */
    slotId: string;
    reservationNumber: number;
    reservation: MyReservation | null;
    /**
     * The cards of every number this request took, in queue order (`reservation` is the first); null when
     * `reservation` is. Always sent by this server (docs/decisions/053).
     */
    family?: MyReservation[] | null;
  };
  cancelReservation: { ok: true };
  /**
   * reservation: the patient's first active number in queue order. family: every active number the patient
   * holds in the current session, in queue order (one entry without a family; empty with none). Always sent
   * by this server (docs/decisions/053).
   */
  getMyReservation: { reservation: MyReservation | null; family?: MyReservation[] };
  exchangePwaInstallation: { customToken: string; uid: string };
  /** friendFlag: whether the patient added the clinic's official account (null: LINE could not say). */
  exchangeLineCode: { profile: { userId: string; displayName: string }; customToken: string; friendFlag: boolean | null };
  exchangeLineIdToken: { profile: { userId: string; displayName: string }; customToken: string };
  getWebPushPublicKey: { publicKey: string };
  saveSafariSubscription: { ok: true };
  sendWebpushTest: { ok: true };
  sendReservationMessageBySlot: { ok: true };
  startInhouseReception: { ok: true; changed: boolean };
  endInhouseReception: { ok: true; changed: boolean };
  startOnlineReception: { ok: true; changed: boolean };
  endOnlineReception: { ok: true; changed: boolean };
  markSlot: { ok: true };
  setNoticeSettings: { ok: true };
  /** masked: what staff see of the number now (e.g. 090-****-5678), null once removed. */
  getMessagingStatus: MessagingStatus;
  claimAdminBeep: { claimed: boolean };
  getAuditLog: { entries: AuditEntry[] };
  /** minutes: the notice "minutes before my turn" now chosen, or null (told by people ahead, at `threshold`). */
  setMyNoticeThreshold: { ok: true; threshold: number; minutes: number | null };
  setAnnouncement: { ok: true; announcementId: string };
  clearAnnouncement: { ok: true; changed: boolean };
  previewAnnouncementSend: AnnouncementSendPreview;
  sendAnnouncement: { ok: true; lineMessages: number; pushMessages: number };
  getPublicSchedule: PublicSchedule;
  getSchedule: ScheduleForStaff;
  saveWeeklyHours: { ok: true };
  saveScheduleSettings: { ok: true };
  saveScheduleOverride: { ok: true };
  deleteScheduleOverride: { ok: true };
  setHolidayOpening: { ok: true };
  getStats: StatsResult;
  callSlot: { ok: true; calloutId: number };
  setCalloutSettings: { ok: true };
  markAbsent: { ok: true; changed: boolean; outcome: 'moved' | 'held' | null; absences: number; places: number | null };
  undoAbsent: { ok: true; changed: boolean; absences: number };
  markArrived: { ok: true; changed: boolean; arrivedAt: string | null };
  checkIn: { ok: true; arrivedAt: string };
  getArrivalSetup: ArrivalSetup;
  saveArrivalSettings: { ok: true };
  renewCheckinCodes: { ok: true };
  renewMonitorKey: { ok: true };
  /** The code the monitor shows and until when it shows it (a new one then). */
  getMonitorCheckinCode: { code: string; until: string };
  saveAllocationSettings: { ok: true };
  getQueues: QueuesAnswer;
  /** id: the queue saved (a new queue's new id). */
  saveQueue: { ok: true; id: string };
  removeQueue: { ok: true };
  saveQueueChoices: { ok: true };
  /** The patient's new number in the target queue (its slot and reservation number). */
  moveToQueue: { ok: true; slotId: string; reservationNumber: number };
}

export type { AnnouncementSendPreview, ArrivalSettings, ArrivalSetup, AuditEntry, MessagingStatus, MyReservation, NoticeKind, NoticeMonth } from './answers.js';

export const envelopeSchema = z.strictObject({ data: z.unknown().optional() });

export const staffLoginSchema = z.strictObject({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(256),
});

/** What the server tells the client about itself: an explicit list, nothing secret (GET /api/client-config). */
export interface ClientConfig {
  clinicName: string;
  clinicSiteUrl: string | null;
  line: {
    channelId: string | null;
    /** The general LIFF app (endpoint /line). */
    liffId: string | null;
    /** A page's own LIFF app (endpoint /line/{page}); null uses the general one (src/shared/line/liff-apps.ts). */
    liffIds: { book: string | null; all: string | null; my: string | null };
    accessBaseUrl: string;
    officialAccountUrl: string | null;
    botPrompt: 'normal' | 'aggressive' | 'none';
    /** LINE MINI App service messages are on: the book screen passes liff.getAccessToken() (decision 051). */
    serviceMessages?: boolean;
  };
}
