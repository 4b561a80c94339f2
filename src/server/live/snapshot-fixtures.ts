/** Slots and a queue state for the snapshot tests: a session of PWA numbers, one queue unless given more. */
import type { Slot } from '../../shared/queue/slot.js';
import type { QueueRow, QueueState } from '../domain/queue-state.js';

export const T = '2026-01-01T00:00:00.000Z';

export function slot(n: number, over: Partial<Slot> = {}): Slot {
  return {
    id: `s${n}`, sessionId: 'x', reservationNumber: n, isReserved: true, canceled: false, canceledAt: null,
    isReceptionAccepted: false, receptionAcceptedAt: null, reservedType: 'PWA', reservedAt: T, createdAt: T,
    updatedAt: T, lineId: null, pwaId: `PWA_${n}`, hold: false, holdAt: null, canceledLineAt: null,
    canceledPwaAt: null, notifiedAheadAt: null, notifiedAt: null, ahead5SkippedAt: null, ahead5SkippedReason: null,
    adminConfirmedAt: null, adminBeepAnnounced: false, queuePosition: n, absences: 0, absentAt: null, absentPlaces: null,
    arrivedAt: null, arrivedBy: null, ...over,
  };
}

export function state(slots: Slot[], queues: QueueRow[] = [queueRow('main', '一般', 'General', 1)]): QueueState {
  return {
    runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: slots.filter((s) => !s.hold).length },
    slots,
    nextFreeNumber: slots.length + 1,
    nextFreeNumbers: { main: slots.length + 1 },
    version: 7,
    sessionId: 'x',
    noticeThresholds: {},
    announcement: null,
    scheduleVersion: 1,
    scheduleNoticeAt: null,
    callouts: [],
    calloutSettings: { on: true, volume: 80, text: '受付番号 {n}番の方、診察室へお入りください' },
    arrivalSettings: { absencePlaces: 3, absenceHoldAfter: 2, absentFirstUnarrived: false },
    allocationSettings: { keepEvery: 0, onlineCap: 0, familyMax: 1, cancelLimit: 0 },
    onlineLateAt: null,
    queues,
    sms: { on: false, masked: {} },
  };
}

export const queueRow = (id: string, nameJa: string, nameEn: string, firstNumber: number): QueueRow => ({
  id, name_ja: nameJa, name_en: nameEn, description_ja: null, description_en: null, first_number: firstNumber, online: 1, hours: null,
});
