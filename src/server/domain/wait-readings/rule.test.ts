import { describe, expect, it } from 'vitest';
import { waitMoments, waitRange, type WaitEstimate } from '../../../shared/estimate/range.js';
import type { SlotFields } from '../../../shared/queue/slot.js';
import { readingsFor, tickOf, TICK_MS } from './rule.js';

const T = '2026-11-24T00:00:00.000Z';
function slot(n: number, over: Partial<SlotFields> = {}): SlotFields {
  return {
    id: `s${n}`, sessionId: 'x', reservationNumber: n, isReserved: true, canceled: false, canceledAt: null,
    isReceptionAccepted: false, receptionAcceptedAt: null, reservedType: 'ADMIN', reservedAt: T, createdAt: T,
    updatedAt: T, hold: false, holdAt: null, canceledLineAt: null, canceledPwaAt: null, notifiedAheadAt: null,
    notifiedAt: null, ahead5SkippedAt: null, ahead5SkippedReason: null, adminConfirmedAt: null, adminBeepAnnounced: false,
    queuePosition: n, absences: 0, absentAt: null, absentPlaces: null, arrivedAt: null, arrivedBy: null, ...over,
  };
}

// 10:05 Tokyo; the last consultation started two minutes earlier.
const now = new Date('2026-11-24T01:05:00.000Z');
const estimate: WaitEstimate = {
  minutesPerPerson: 6, spreadMinutes: 2.5, paceError: 0.1, lastStartAt: '2026-11-24T01:03:00.000Z', basis: 'blend',
};
const facts = (over: Partial<Parameters<typeof readingsFor>[0]> = {}) => ({
  sessionId: 'session-1', inhouseOn: true, slots: [] as SlotFields[], estimate, now, tick: tickOf(now.getTime()), ...over,
});

describe('tickOf', () => {
  it('is the 5-minute boundary count since the epoch, the same in every process', () => {
    expect(TICK_MS).toBe(300_000);
    expect(tickOf(now.getTime())).toBe(now.getTime() / 300_000);
    expect(tickOf(now.getTime() + 299_999)).toBe(tickOf(now.getTime()));
    expect(tickOf(now.getTime() + 300_000)).toBe(tickOf(now.getTime()) + 1);
  });
});

describe('readingsFor', () => {
  it('records each waiting patient with what their card showed: ahead in queue order, moments and range', () => {
    const slots = [
      slot(1, { isReceptionAccepted: true, receptionAcceptedAt: T }), // being seen: not waiting
      slot(2, { queuePosition: 5 }), // moved back by an absence: after 3 and 4
      slot(3),
      slot(4),
      slot(5),
    ];
    const rows = readingsFor(facts({ slots }));
    expect(rows.map((r) => [r.slot_id, r.ahead])).toEqual([['s3', 0], ['s4', 1], ['s2', 2], ['s5', 3]]);
    for (const row of rows) {
      const { mean, sd } = waitMoments(estimate, row.ahead, now);
      const range = waitRange(estimate, row.ahead, now)!;
      expect(row).toEqual({
        slot_id: row.slot_id, tick: tickOf(now.getTime()), session_id: 'session-1', at: now.toISOString(), ahead: row.ahead,
        mean_minutes: Math.round(mean * 100) / 100, sd_minutes: Math.round(sd * 100) / 100, low_minutes: range.lowMinutes, high_minutes: range.highMinutes,
      });
    }
    // Worked by hand for the third in line (2 ahead): the current consultation needs 6 − 2 = 4 more minutes.
    expect(rows[2].mean_minutes).toBeCloseTo(16);
    expect(rows[2].low_minutes).toBeLessThan(16);
    expect(rows[2].high_minutes).toBeGreaterThan(16);
  });

  it('measures a second queue’s rows against its own estimate and place, and skips a queue without one', () => {
    const fast: WaitEstimate = { ...estimate, minutesPerPerson: 2, spreadMinutes: 1 };
    const slots = [slot(1), slot(2), slot(501, { queueId: 'vaccine' }), slot(502, { queueId: 'vaccine' }), slot(801, { queueId: 'fever' })];
    const rows = readingsFor(facts({ slots, queueEstimates: new Map([['vaccine', fast], ['fever', null]]) }));
    expect(rows.map((r) => [r.slot_id, r.ahead])).toEqual([['s1', 0], ['s2', 1], ['s501', 0], ['s502', 1]]);
    expect(rows[3].mean_minutes).toBeCloseTo(Math.round(waitMoments(fast, 1, now).mean * 100) / 100);
    expect(rows[3].mean_minutes).toBeLessThan(rows[1].mean_minutes);
  });

  it('skips held patients, cancelled and unreserved numbers, and counts ahead without the held', () => {
    const slots = [
      slot(1, { hold: true, holdAt: T }),
      slot(2, { canceled: true, canceledAt: T }),
      slot(3, { canceledPwaAt: T }),
      slot(4, { isReserved: false }),
      slot(5),
      slot(6),
    ];
    expect(readingsFor(facts({ slots })).map((r) => [r.slot_id, r.ahead])).toEqual([['s5', 0], ['s6', 1]]);
  });

  it('records nothing without an estimate, with in-house reception off, or without a session', () => {
    const slots = [slot(1), slot(2)];
    expect(readingsFor(facts({ slots }))).toHaveLength(2);
    expect(readingsFor(facts({ slots, estimate: null }))).toEqual([]);
    expect(readingsFor(facts({ slots, inhouseOn: false }))).toEqual([]);
    expect(readingsFor(facts({ slots, sessionId: null }))).toEqual([]);
    expect(readingsFor(facts())).toEqual([]);
  });
});
