import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../../test/support/refusal.js';
import { decideCheckIn } from './rule.js';

const EARLIER = '2026-11-22T02:50:00.000Z';

describe('decideCheckIn', () => {
  const mine = { owner_id: 'PWA_me', session_id: 's1', current_session_id: 's1', arrived_at: null };

  it('arrives with a right code on the patient’s own active reservation', () => {
    expect(decideCheckIn(mine, 'PWA_me', true)).toEqual({ kind: 'arrive' });
  });

  it('answers "already" with the first check-in’s time for a right code once arrived', () => {
    expect(decideCheckIn({ ...mine, arrived_at: EARLIER }, 'PWA_me', true)).toEqual({ kind: 'already', arrivedAt: EARLIER });
  });

  it('refuses a wrong or stale code, arrived or not', () => {
    expect(refusal(() => decideCheckIn(mine, 'PWA_me', false))).toBe('FAILED_PRECONDITION:error.checkinCodeWrong');
    expect(refusal(() => decideCheckIn({ ...mine, arrived_at: EARLIER }, 'PWA_me', false))).toBe('FAILED_PRECONDITION:error.checkinCodeWrong');
  });

  it('reads someone else’s, a missing, or another session’s reservation as not found, before looking at the code', () => {
    for (const codeRight of [true, false]) {
      expect(refusal(() => decideCheckIn(mine, 'PWA_other', codeRight))).toBe('NOT_FOUND:error.reservationNotFound');
      expect(refusal(() => decideCheckIn(undefined, 'PWA_me', codeRight))).toBe('NOT_FOUND:error.reservationNotFound');
      expect(refusal(() => decideCheckIn({ ...mine, current_session_id: 's2' }, 'PWA_me', codeRight))).toBe('NOT_FOUND:error.reservationNotFound');
      expect(refusal(() => decideCheckIn({ ...mine, current_session_id: null }, 'PWA_me', codeRight))).toBe('NOT_FOUND:error.reservationNotFound');
    }
  });
});
