import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../../test/support/refusal.js';
import { decideCheckIn } from './apply.js';
import { arrivalChange } from '../mark-arrived/apply.js';

const NOW = '2026-11-22T03:00:00.000Z';
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

describe('arrivalChange (staff)', () => {
  const waiting = { arrived_at: null, canceled: 0, canceled_line_at: null, canceled_pwa_at: null };

  it('records the arrival as staff’s, and takes it back', () => {
    expect(arrivalChange(waiting, true, NOW)).toEqual({ arrived_at: NOW, arrived_by: 'staff' });
    expect(arrivalChange({ ...waiting, arrived_at: EARLIER }, false, NOW)).toEqual({ arrived_at: null, arrived_by: null });
  });

  it('changes nothing when the row is already so, keeping a patient’s own check-in as it was', () => {
    expect(arrivalChange({ ...waiting, arrived_at: EARLIER }, true, NOW)).toBeNull();
    expect(arrivalChange(waiting, false, NOW)).toBeNull();
  });

  it('refuses the arrival of a cancelled reservation, by staff or by the patient, but lets it be taken back', () => {
    for (const cancelled of [{ canceled: 1 }, { canceled: 1, canceled_line_at: EARLIER }, { canceled: 1, canceled_pwa_at: EARLIER }]) {
      expect(refusal(() => arrivalChange({ ...waiting, ...cancelled }, true, NOW))).toBe('FAILED_PRECONDITION:error.slotStateConflict');
      expect(arrivalChange({ ...waiting, ...cancelled, arrived_at: EARLIER }, false, NOW)).toEqual({ arrived_at: null, arrived_by: null });
    }
  });
});
