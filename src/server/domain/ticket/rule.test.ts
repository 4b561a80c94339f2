import { describe, expect, it } from 'vitest';
import { refusalOf as refusal } from '../../../../test/support/refusal.js';
import { decideIssue, decideTicket, ticketState } from './rule.js';

const waiting = { reserved_type: 'ADMIN', canceled: 0, is_reception_accepted: 0 } as const;
const standing = { slot_id: 's1', session_id: 'S1', revoked_at: null, current_session_id: 'S1', session_closed_at: null };

describe('decideIssue', () => {
  it('prints a waiting desk number', () => {
    expect(() => decideIssue(waiting)).not.toThrow();
  });

  it('refuses a LINE or app number: its patient has it on their phone', () => {
    expect(refusal(() => decideIssue({ ...waiting, reserved_type: 'LINE' }))).toBe('FAILED_PRECONDITION:error.ticketDeskOnly');
    expect(refusal(() => decideIssue({ ...waiting, reserved_type: 'PWA' }))).toBe('FAILED_PRECONDITION:error.ticketDeskOnly');
  });

  it('refuses a number no longer waiting', () => {
    expect(refusal(() => decideIssue({ ...waiting, canceled: 1 }))).toBe('FAILED_PRECONDITION:error.ticketNotWaiting');
    expect(refusal(() => decideIssue({ ...waiting, is_reception_accepted: 1 }))).toBe('FAILED_PRECONDITION:error.ticketNotWaiting');
  });
});

describe('decideTicket', () => {
  it('admits a standing token of the open session', () => {
    expect(decideTicket(standing)).toBe(standing);
  });

  it('refuses an unknown, revoked or past-session token alike', () => {
    for (const row of [
      undefined,
      { ...standing, revoked_at: '2026-01-01T09:00:00.000Z' },
      { ...standing, current_session_id: 'S2' },
      { ...standing, current_session_id: null },
      { ...standing, session_closed_at: '2026-01-01T12:00:00.000Z' },
    ]) {
      expect(refusal(() => decideTicket(row))).toBe('NOT_FOUND:error.ticketUnusable');
    }
  });
});

describe('ticketState', () => {
  it('says what became of the number', () => {
    expect(ticketState({ canceled: 0, is_reception_accepted: 0 })).toBe('waiting');
    expect(ticketState({ canceled: 0, is_reception_accepted: 1 })).toBe('seen');
    expect(ticketState({ canceled: 1, is_reception_accepted: 0 })).toBe('canceled');
  });
});
