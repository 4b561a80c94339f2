import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../../test/support/refusal.js';
import { noticeChange } from './rule.js';

const NOW = '2026-01-01T09:00:00.000Z';

describe('noticeChange', () => {
  const slot = { owner_id: 'PWA_a', session_id: 's1', notified_at: null, notice_threshold: 5, notice_minutes: null };
  const me = { ownerId: 'PWA_a', sessionId: 's1' };
  const people = (threshold: number) => ({ threshold });

  it('changes the threshold of the patient’s own reservation, and not when it is already so', () => {
    expect(noticeChange(slot, me, people(3))).toEqual({ notice_threshold: 3, notice_minutes: null });
    expect(noticeChange(slot, me, people(5))).toBeNull();
  });

  it('chooses minutes before the turn instead, keeping the people threshold; people again clears the minutes (decision 055)', () => {
    expect(noticeChange(slot, me, { minutes: 30 })).toEqual({ notice_threshold: 5, notice_minutes: 30 });
    const byMinutes = { ...slot, notice_minutes: 30 };
    expect(noticeChange(byMinutes, me, { minutes: 30 })).toBeNull();
    expect(noticeChange(byMinutes, me, { minutes: 45 })).toEqual({ notice_threshold: 5, notice_minutes: 45 });
    expect(noticeChange(byMinutes, me, people(5))).toEqual({ notice_threshold: 5, notice_minutes: null });
  });

  it('answers someone else’s slot, a missing one and an earlier session alike, and refuses after the notice', () => {
    for (const who of [{ ...me, ownerId: 'PWA_b' }, { ...me, sessionId: 's2' }]) {
      expect(refusal(() => noticeChange(slot, who, people(3)))).toBe('NOT_FOUND:error.reservationNotFound');
    }
    expect(refusal(() => noticeChange(undefined, me, people(3)))).toBe('NOT_FOUND:error.reservationNotFound');
    expect(refusal(() => noticeChange({ ...slot, notified_at: NOW }, me, { minutes: 20 }))).toBe('FAILED_PRECONDITION:error.noticeAlreadySent');
  });
});
