import { describe, expect, it } from 'vitest';
import type { Slot } from './slot.js';
import { ownReservations, publicQueue, slotStatus, waitCount, waitCountIn, waitingRanks } from './rules.js';
import { isOnlineOpen, switchRefusal } from './reception-switches.js';

const T = '2026-01-01T00:00:00.000Z';
function slot(n: number, over: Partial<Slot> = {}): Slot {
  return {
    id: `s${n}`, sessionId: 'x', reservationNumber: n, isReserved: true, canceled: false, canceledAt: null,
    isReceptionAccepted: false, receptionAcceptedAt: null, reservedType: 'PWA', reservedAt: T, createdAt: T,
    updatedAt: T, lineId: null, pwaId: `PWA_${n}`, hold: false, holdAt: null, canceledLineAt: null,
    canceledPwaAt: null, notifiedAheadAt: null, notifiedAt: null, ahead5SkippedAt: null, ahead5SkippedReason: null,
    adminConfirmedAt: null, adminBeepAnnounced: false, queuePosition: n, absences: 0, absentAt: null, absentPlaces: null,
    arrivedAt: null, arrivedBy: null, ...over,
  };
}

describe('slotStatus', () => {
  it('puts canceled before serving before hold before waiting', () => {
    expect(slotStatus(slot(1, { canceled: true, isReceptionAccepted: true, holdAt: T }))).toBe('canceled');
    expect(slotStatus(slot(1, { isReceptionAccepted: true, holdAt: T }))).toBe('serving');
    expect(slotStatus(slot(1, { holdAt: T }))).toBe('hold');
    expect(slotStatus(slot(1))).toBe('waiting');
  });
});

describe('waitingRanks', () => {
  it('ranks only waiting rows not cancelled by the patient, in number order', () => {
    const ranks = waitingRanks([
      slot(4),
      slot(1, { isReceptionAccepted: true }),
      slot(2),
      slot(3, { holdAt: T, hold: true }),
      slot(5, { canceledPwaAt: T }),
      slot(6, { isReserved: false }),
      slot(7),
    ]);
    expect([...ranks.entries()]).toEqual([['s2', 1], ['s4', 2], ['s7', 3]]);
  });
});

describe('publicQueue', () => {
  it('orders by number, moves held rows last and counts ahead only for non-held rows', () => {
    const queue = publicQueue([
      slot(5),
      slot(2, { hold: true, holdAt: T }),
      slot(1, { isReceptionAccepted: true }),
      slot(3),
      slot(4, { canceled: true, canceledAt: T }),
      slot(6, { canceledLineAt: T }),
      slot(7, { isReserved: false }),
      slot(8),
    ]);
    expect(queue.map((r) => [r.reservationNumber, r.ahead, r.hold])).toEqual([
      [3, 0, false],
      [5, 1, false],
      [8, 2, false],
      [2, null, true],
    ]);
    expect(waitCount(queue)).toBe(3);
  });

  it('is empty for an empty session', () => {
    expect(publicQueue([])).toEqual([]);
  });
});

describe('ownReservations', () => {
  it('is the active slots of that owner by number, ignoring started and cancelled ones', () => {
    const slots = [
      slot(1, { pwaId: 'me', isReceptionAccepted: true }),
      slot(2, { pwaId: 'me', canceled: true }),
      slot(5, { pwaId: 'me' }),
      slot(3, { pwaId: 'other' }),
    ];
    expect(ownReservations(slots, 'me').map((s) => s.reservationNumber)).toEqual([5]);
    expect(ownReservations(slots, 'nobody')).toEqual([]);
  });

  it('finds LINE owners by lineId', () => {
    expect(ownReservations([slot(9, { reservedType: 'LINE', pwaId: null, lineId: 'U1' })], 'U1').map((s) => s.id)).toEqual(['s9']);
  });
});

describe('reception switches', () => {
  const state = (inhouseOn: boolean, onlineOn: boolean, activeReservations = 0) => ({ inhouseOn, onlineOn, activeReservations });

  it('refuses online while in-house is stopped', () => {
    expect(switchRefusal('startOnline', state(false, false))).toBe('inhouseStopped');
    expect(switchRefusal('startOnline', state(true, false))).toBeNull();
  });

  it('refuses ending in-house while online is open or reservations remain', () => {
    expect(switchRefusal('endInhouse', state(true, true))).toBe('onlineOpen');
    expect(switchRefusal('endInhouse', state(true, false, 2))).toBe('reservationsExist');
    expect(switchRefusal('endInhouse', state(true, false, 0))).toBeNull();
    expect(switchRefusal('endInhouse', state(false, false, 0))).toBeNull();
  });

  it('always allows starting in-house and ending online', () => {
    expect(switchRefusal('startInhouse', state(false, false))).toBeNull();
    expect(switchRefusal('endOnline', state(true, true, 5))).toBeNull();
  });

  it('opens online booking only when both switches are on', () => {
    expect(isOnlineOpen({ inhouseOn: true, onlineOn: true })).toBe(true);
    expect(isOnlineOpen({ inhouseOn: false, onlineOn: true })).toBe(false);
    expect(isOnlineOpen({ inhouseOn: true, onlineOn: false })).toBe(false);
  });
});

describe('waitCountIn', () => {
  it('counts the waiting of one queue, a row without a queue being the first queue’s', () => {
    const rows = [
      { hold: false },
      { hold: true },
      { hold: false, queueId: 'vaccine' },
      { hold: false, queueId: 'vaccine' },
    ];
    expect(waitCountIn(rows, 'main')).toBe(1);
    expect(waitCountIn(rows, 'vaccine')).toBe(2);
    expect(waitCountIn(rows, 'fever')).toBe(0);
  });
});
