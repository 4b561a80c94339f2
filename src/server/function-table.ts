/**
 * Every function of `POST /api/fn/<name>`, by name: each is a handler of its area's file in functions/, with
 * who may call it declared beside it (decision 039). The authorization test and the "who" column of
 * docs/api.md are checked against `functionAccess`.
 */
import { FUNCTION_NAMES, type FunctionName } from '../shared/schemas/functions.js';
import { type Access, accessOf, type FunctionTable } from './http/function-def.js';
import { allocateNextSlot, cancelReservation, getMyReservation } from './functions/queue.js';
import { saveAllocationSettings } from './functions/allocation-settings.js';
import { exchangePwaInstallation, exchangeLineCode, exchangeLineIdToken } from './functions/identity.js';
import { startInhouseReception, endInhouseReception, startOnlineReception, endOnlineReception, markSlot, claimAdminBeep } from './functions/reception.js';
import { getWebPushPublicKey, saveSafariSubscription, sendWebpushTest, sendReservationMessageBySlot, setNoticeSettings, getMessagingStatus } from './functions/messaging.js';
import { setSmsNumber, saveSmsSettings } from './functions/sms.js';
import { getAuditLog } from './functions/audit.js';
import { setMyNoticeThreshold, setAnnouncement, clearAnnouncement, previewAnnouncementSend, sendAnnouncement } from './functions/announcements.js';
import { getPublicSchedule, getSchedule, saveWeeklyHours, saveScheduleSettings, saveScheduleOverride, deleteScheduleOverride, setHolidayOpening } from './functions/schedule.js';
import { getStats } from './functions/stats.js';
import { callSlot, setCalloutSettings } from './functions/callout.js';
import { markAbsent, undoAbsent } from './functions/absence.js';
import { getQueues, saveQueue, removeQueue, saveQueueChoices } from './functions/queues.js';
import { moveToQueue } from './functions/move-queue.js';
import { getKioskState, takeKioskNumber, getKiosks, revokeKiosk } from './functions/kiosk.js';
import { issueTicket, getTicketSettings, saveTicketSettings, getTicket, cancelByTicket, checkInByTicket, subscribeTicketPush } from './functions/ticket.js';
import { markArrived, checkIn, getArrivalSetup, saveArrivalSettings, renewCheckinCodes, renewMonitorKey, getMonitorCheckinCode } from './functions/arrival.js';

export const functionTable: FunctionTable = {
  // functions/queue.ts
  allocateNextSlot, cancelReservation, getMyReservation,
  // functions/allocation-settings.ts
  saveAllocationSettings,
  // functions/identity.ts
  exchangePwaInstallation, exchangeLineCode, exchangeLineIdToken,
  // functions/reception.ts
  startInhouseReception, endInhouseReception, startOnlineReception, endOnlineReception, markSlot, claimAdminBeep,
  // functions/messaging.ts
  getWebPushPublicKey, saveSafariSubscription, sendWebpushTest, sendReservationMessageBySlot, setNoticeSettings, getMessagingStatus,
  setSmsNumber, saveSmsSettings,
  // functions/audit.ts
  getAuditLog,
  // functions/announcements.ts
  setMyNoticeThreshold, setAnnouncement, clearAnnouncement, previewAnnouncementSend, sendAnnouncement,
  // functions/schedule.ts
  getPublicSchedule, getSchedule, saveWeeklyHours, saveScheduleSettings, saveScheduleOverride, deleteScheduleOverride, setHolidayOpening,
  // functions/stats.ts
  getStats,
  // functions/callout.ts
  callSlot, setCalloutSettings,
  // functions/absence.ts
  markAbsent, undoAbsent,
  // functions/arrival.ts
  markArrived, checkIn, getArrivalSetup, saveArrivalSettings, renewCheckinCodes, renewMonitorKey, getMonitorCheckinCode,
  // functions/queues.ts
  getQueues, saveQueue, removeQueue, saveQueueChoices,
  // functions/move-queue.ts
  moveToQueue,
  // functions/ticket.ts
  issueTicket, getTicketSettings, saveTicketSettings, getTicket, cancelByTicket, checkInByTicket, subscribeTicketPush,
  // functions/kiosk.ts
  getKioskState, takeKioskNumber, getKiosks, revokeKiosk,
};

export const functionAccess = Object.fromEntries(FUNCTION_NAMES.map((name) => [name, accessOf(functionTable[name])])) as {
  readonly [N in FunctionName]: Access<N>;
};
