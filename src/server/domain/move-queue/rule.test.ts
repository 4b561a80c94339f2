import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { placeAmong, refuseMove } from './rule.js';

const waiting = { queue_id: 'main', canceled: 0, is_reception_accepted: 0 };
const fever = { id: 'fever', removed_at: null };
const refusal = (f: () => void) => {
  try {
    f();
    return 'allowed';
  } catch (e) {
    return e instanceof AppError ? `${e.code} ${e.messageKey}` : String(e);
  }
};

describe('refuseMove', () => {
  it('lets a waiting patient move to another live queue with a free number', () => {
    expect(refusal(() => refuseMove(waiting, fever, 1))).toBe('allowed');
  });

  it('refuses a number that is not waiting, an unknown or removed queue, the same queue and a full queue', () => {
    expect(refusal(() => refuseMove({ ...waiting, canceled: 1 }, fever, 5))).toBe('FAILED_PRECONDITION error.slotStateConflict');
    expect(refusal(() => refuseMove({ ...waiting, is_reception_accepted: 1 }, fever, 5))).toBe('FAILED_PRECONDITION error.slotStateConflict');
    expect(refusal(() => refuseMove(waiting, undefined, 5))).toBe('NOT_FOUND error.unknownQueue');
    expect(refusal(() => refuseMove(waiting, { ...fever, removed_at: '2026-12-01T00:00:00Z' }, 5))).toBe('NOT_FOUND error.unknownQueue');
    expect(refusal(() => refuseMove({ ...waiting, queue_id: 'fever' }, fever, 5))).toBe('FAILED_PRECONDITION error.sameQueue');
    expect(refusal(() => refuseMove(waiting, fever, 0))).toBe('RESOURCE_EXHAUSTED error.noFreeNumbers');
  });
});

describe('placeAmong', () => {
  const rows = [
    { reserved_at: '09:00', queue_position: 501 },
    { reserved_at: '09:10', queue_position: 502 },
    { reserved_at: '09:20', queue_position: 502.5 },
  ];

  it('places the patient by the time of their first number, midway between its neighbours', () => {
    expect(placeAmong(rows, '08:50', 510)).toBe(500.5);
    expect(placeAmong(rows, '09:05', 510)).toBe(501.5);
    expect(placeAmong(rows, '09:10', 510)).toBe(502.25);
  });

  it('puts them behind the last one when nobody was taken later, and at their own number in an empty queue', () => {
    expect(placeAmong(rows, '09:30', 510)).toBe(503.5);
    expect(placeAmong([], '09:30', 510)).toBe(510);
  });
});
