import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../../test/support/refusal.js';
import { noticeChange } from '../own-notice/apply.js';
import { recallChannel } from './apply.js';

const NOW = '2026-01-01T09:00:00.000Z';

describe('recallChannel', () => {
  const slot = { canceled: 0, reserved_type: 'LINE', notified_ahead_at: null };
  const both = () => true;

  it('recalls a LINE or PWA reservation once, through its channel', () => {
    expect(recallChannel(slot, both, true)).toBe('LINE');
    expect(recallChannel({ ...slot, reserved_type: 'PWA' }, both, false)).toBe('PWA');
  });

  it('refuses a cancelled slot, a walk-in, a second recall, an unconfigured channel and LINE recalls turned off', () => {
    expect(refusal(() => recallChannel({ ...slot, canceled: 1 }, both, true))).toBe('NOT_FOUND:error.slotNotFound');
    expect(refusal(() => recallChannel({ ...slot, reserved_type: 'ADMIN' }, both, true))).toBe('FAILED_PRECONDITION:error.slotNotChannel');
    expect(refusal(() => recallChannel({ ...slot, notified_ahead_at: NOW }, both, true))).toBe('FAILED_PRECONDITION:error.recallAlreadySent');
    expect(refusal(() => recallChannel(slot, () => false, true))).toBe('FAILED_PRECONDITION:error.lineMessagingNotConfigured');
    expect(refusal(() => recallChannel({ ...slot, reserved_type: 'PWA' }, () => false, true))).toBe('FAILED_PRECONDITION:error.pushNotConfigured');
    expect(refusal(() => recallChannel(slot, both, false))).toBe('FAILED_PRECONDITION:error.lineRecallOff');
  });
});

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
