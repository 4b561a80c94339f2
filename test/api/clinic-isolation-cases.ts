/**
 * The isolation table (clinic-isolation.test.ts): one row per function, its payload filled with the other
 * clinic's ids (`v`, the clinic whose things are tried). Each row is called at the attacked clinic's host
 * twice over:
 * - `foreign`: with v's own credential of the kind the function's access needs (v's staff cookie, patient
 *   token, kiosk cookie; a function anyone may call gets v's staff cookie and patient token both);
 * - `twin` (rows whose payload holds an id or whose answer is a patient's): with the attacked clinic's own
 *   credential for the same person — a token it signed for v's patient's very uid (the same phone's install
 *   id, the same LINE user) or its own staff member — so the call passes access and only the ids are judged.
 * An error code is the exact refusal expected; 'answer' an answer, which must hold nothing of v.
 */
import type { ErrorCode } from '../../src/shared/errors.js';
import type { FunctionName } from '../../src/shared/schemas/functions.js';
import { DEFAULT_SCHEDULE } from '../../src/shared/schedule/types.js';
import type { FakeLine } from '../fakes/line-server.js';
import type { ClinicIds } from './clinic-isolation-setup.js';

export type Expect = ErrorCode | 'answer';

export interface CaseContext {
  /** The clinic whose credentials and ids are tried, and the attacked clinic's own. */
  v: ClinicIds;
  mine: ClinicIds;
  /** A push endpoint the server may post to (a closed port on this machine). */
  push: string;
  /** The fake LINE of the clinic `default`. */
  fake: FakeLine;
}

export interface IsolationCase {
  fn: FunctionName;
  label?: string;
  payload: (x: CaseContext) => unknown;
  foreign: Expect;
  /** `foreign` where the attacked clinic has no LINE channel of its own (clinic B). */
  noLine?: Expect;
  /** What the answer may name of v because the caller sent it: the uid of the install id or LINE user it signed in as. */
  echoes?: (v: ClinicIds) => string[];
  twin?: Expect;
  /** The twin call is made with the attacked clinic's own patient (its payload names that patient's number). */
  twinAsOwn?: true;
}

const DENIED = 'UNAUTHENTICATED' as const;
const REDIRECT = 'https://a.example.jp/line/callback';
const subscription = (endpoint: string) => ({
  endpoint,
  keys: { p256dh: 'BO8dzzd8sHhNks4Magf8yEuCzL0Skx9SLpmc3HbzV6IIKlrBiWfupDMD-RTxHRLFC31JIoHISOTpCWbpHHBfQJQ', auth: 'ntWPPzVLpxSN3hPZ58HeSw' },
});

export const ISOLATION_CASES: IsolationCase[] = [
  { fn: 'allocateNextSlot', label: 'ADMIN', payload: () => ({ reservedType: 'ADMIN' }), foreign: DENIED },
  { fn: 'allocateNextSlot', label: 'PWA', payload: () => ({ reservedType: 'PWA' }), foreign: DENIED },
  { fn: 'allocateNextSlot', label: 'LINE', payload: () => ({ reservedType: 'LINE' }), foreign: DENIED },
  { fn: 'cancelReservation', label: 'PWA', payload: ({ v }) => ({ slotId: v.pwa.slotId, reservationNumber: v.pwa.number, canceledBy: 'PWA' }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'cancelReservation', label: 'LINE', payload: ({ v }) => ({ slotId: v.line.slotId, reservationNumber: v.line.number, canceledBy: 'LINE' }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'getMyReservation', payload: () => ({}), foreign: DENIED, twin: 'answer' },
  // The uid is the install id's (the same phone is the same patient everywhere): the answer names the caller's own uid.
  { fn: 'exchangePwaInstallation', payload: ({ v }) => ({ installId: v.pwa.installId }), foreign: 'answer', echoes: (v) => [v.pwa.uid] },
  // v's LINE user signing in at the attacked clinic: a patient of its own, named by LINE's user id.
  {
    fn: 'exchangeLineCode',
    payload: ({ v, fake }) => ({ code: fake.issueCode({ userId: v.line.uid, displayName: '山田', redirectUri: REDIRECT }), state: 's', redirectUri: REDIRECT }),
    foreign: 'answer',
    noLine: 'FAILED_PRECONDITION',
    echoes: (v) => [v.line.uid],
  },
  {
    fn: 'exchangeLineIdToken',
    payload: async ({ v, fake }) => ({ idToken: await fake.issueIdToken({ userId: v.line.uid, displayName: '山田' }) }),
    foreign: 'answer',
    noLine: 'FAILED_PRECONDITION',
    echoes: (v) => [v.line.uid],
  },
  { fn: 'getWebPushPublicKey', payload: () => ({}), foreign: 'answer' },
  { fn: 'saveSafariSubscription', payload: ({ push }) => ({ subscription: subscription(push) }), foreign: DENIED },
  { fn: 'sendWebpushTest', payload: ({ push }) => ({ subscription: subscription(push), title: 't', body: 'b', link: '/pwa/my' }), foreign: DENIED },
  { fn: 'sendReservationMessageBySlot', payload: ({ v }) => ({ slotId: v.pwa.slotId, kind: 'recall' }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'startInhouseReception', payload: () => ({}), foreign: DENIED },
  { fn: 'startOnlineReception', payload: () => ({}), foreign: DENIED },
  { fn: 'endInhouseReception', payload: () => ({}), foreign: DENIED },
  { fn: 'endOnlineReception', payload: () => ({}), foreign: DENIED },
  { fn: 'markSlot', payload: ({ v }) => ({ slotId: v.pwa.slotId, action: 'delete' }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'moveToQueue', payload: ({ v }) => ({ slotId: v.pwa.slotId, queueId: 'main' }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'setNoticeSettings', payload: () => ({ lineAhead5: false, lineRecall: false }), foreign: DENIED },
  { fn: 'setSmsNumber', payload: ({ v }) => ({ slotId: v.desk.slotId, phone: null }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'saveSmsSettings', payload: () => ({ on: false, accountSid: '', authToken: '', from: '' }), foreign: DENIED },
  { fn: 'getMessagingStatus', payload: () => ({}), foreign: DENIED },
  { fn: 'getAuditLog', payload: () => ({ limit: 500 }), foreign: DENIED, twin: 'answer' },
  { fn: 'claimAdminBeep', payload: ({ v }) => ({ slotId: v.desk.slotId }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'getPublicSchedule', payload: () => ({}), foreign: 'answer' },
  { fn: 'getSchedule', payload: () => ({ month: '2026-11' }), foreign: DENIED, twin: 'answer' },
  { fn: 'saveWeeklyHours', payload: () => ({ weekly: DEFAULT_SCHEDULE.weekly }), foreign: DENIED },
  { fn: 'saveScheduleSettings', payload: () => ({ settings: DEFAULT_SCHEDULE.settings }), foreign: DENIED },
  { fn: 'saveScheduleOverride', payload: () => ({ date: '2026-12-28', periods: [], note: '年末休診' }), foreign: DENIED },
  { fn: 'deleteScheduleOverride', payload: () => ({ date: '2026-12-28' }), foreign: DENIED },
  { fn: 'setHolidayOpening', payload: () => ({ date: '2026-11-23', open: true }), foreign: DENIED },
  { fn: 'getStats', payload: () => ({ period: 'day', date: '2026-11-22' }), foreign: DENIED, twin: 'answer' },
  { fn: 'setMyNoticeThreshold', payload: ({ v }) => ({ slotId: v.pwa.slotId, threshold: 3 }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'setAnnouncement', payload: () => ({ text: '本日は休診です', until: null }), foreign: DENIED },
  { fn: 'previewAnnouncementSend', payload: () => ({}), foreign: DENIED },
  { fn: 'sendAnnouncement', payload: ({ v }) => ({ announcementId: v.announcementId, lineMessages: 0 }), foreign: DENIED, twin: 'FAILED_PRECONDITION' },
  { fn: 'clearAnnouncement', payload: () => ({}), foreign: DENIED },
  { fn: 'callSlot', payload: ({ v }) => ({ slotId: v.pwa.slotId }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'setCalloutSettings', payload: () => ({ on: false, volume: 10, text: '{n}番の方' }), foreign: DENIED },
  { fn: 'markAbsent', payload: ({ v }) => ({ slotId: v.pwa.slotId, absences: 0 }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'undoAbsent', payload: ({ v }) => ({ slotId: v.pwa.slotId, absences: 1 }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'markArrived', payload: ({ v }) => ({ slotId: v.pwa.slotId, arrived: true }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'checkIn', payload: ({ v }) => ({ slotId: v.pwa.slotId, code: v.deskCode }), foreign: DENIED, twin: 'NOT_FOUND' },
  // The attacked clinic's own patient, its own number, the other clinic's desk code: a wrong code (error.checkinCodeWrong).
  { fn: 'checkIn', label: 'own number', payload: ({ v, mine }) => ({ slotId: mine.pwa.slotId, code: v.deskCode }), foreign: DENIED, twin: 'FAILED_PRECONDITION', twinAsOwn: true },
  { fn: 'getArrivalSetup', payload: () => ({}), foreign: DENIED },
  { fn: 'saveArrivalSettings', payload: () => ({ absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived: false }), foreign: DENIED },
  { fn: 'renewCheckinCodes', payload: () => ({}), foreign: DENIED },
  { fn: 'renewMonitorKey', payload: () => ({}), foreign: DENIED },
  { fn: 'getMonitorCheckinCode', payload: ({ v }) => ({ monitorKey: v.monitorKey }), foreign: 'PERMISSION_DENIED' },
  { fn: 'saveAllocationSettings', payload: () => ({ keepEvery: 3, onlineCap: 50 }), foreign: DENIED },
  { fn: 'getQueues', payload: () => ({}), foreign: 'answer' },
  { fn: 'saveQueue', payload: () => ({ nameJa: '予防接種', nameEn: 'Vaccination', firstNumber: 501, online: true, onlineCap: 0, keepEvery: 0, familyMax: 1, hours: null }), foreign: DENIED },
  { fn: 'removeQueue', payload: () => ({ id: 'main' }), foreign: DENIED },
  { fn: 'saveQueueChoices', payload: () => ({ anyQueue: false, numberPerQueue: false }), foreign: DENIED },
  { fn: 'issueTicket', payload: ({ v }) => ({ slotId: v.desk.slotId }), foreign: DENIED, twin: 'NOT_FOUND' },
  { fn: 'getTicketSettings', payload: () => ({}), foreign: DENIED },
  { fn: 'saveTicketSettings', payload: () => ({ paper: '58', note: '' }), foreign: DENIED },
  { fn: 'getTicket', payload: ({ v }) => ({ ticket: v.desk.ticket }), foreign: 'NOT_FOUND' },
  { fn: 'cancelByTicket', payload: ({ v }) => ({ ticket: v.desk.ticket, reservationNumber: v.desk.number }), foreign: 'NOT_FOUND' },
  { fn: 'checkInByTicket', payload: ({ v }) => ({ ticket: v.desk.ticket, code: v.monitorCode }), foreign: 'NOT_FOUND' },
  { fn: 'subscribeTicketPush', payload: ({ v, push }) => ({ ticket: v.desk.ticket, subscription: subscription(push) }), foreign: 'NOT_FOUND' },
  { fn: 'getKioskState', payload: () => ({}), foreign: DENIED },
  { fn: 'takeKioskNumber', payload: () => ({}), foreign: DENIED },
  { fn: 'getKiosks', payload: () => ({}), foreign: DENIED, twin: 'answer' },
  { fn: 'revokeKiosk', payload: ({ v }) => ({ id: v.kiosk.id }), foreign: DENIED, twin: 'NOT_FOUND' },
];
