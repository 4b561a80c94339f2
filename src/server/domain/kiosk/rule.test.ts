/** The entrance kiosk's rule without a store: which credentials admit, which revokes go through, what the screen says of reception. */
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { decideKiosk, decideRevoke, kioskActor, kioskReception } from './rule.js';

const keyOf = (fn: () => unknown) => {
  try {
    fn();
    return 'ok';
  } catch (e) {
    return e instanceof AppError ? `${e.code} ${e.messageKey}` : String(e);
  }
};

const queues = [
  { id: 'main', nameJa: '一般', nameEn: 'General', nextFree: 3 },
  { id: 'q2', nameJa: '予防接種', nameEn: 'Vaccination', nextFree: null },
];

describe('the kiosk credential', () => {
  it('admits a kiosk staff have not revoked', () => {
    const row = { id: 'k', revoked_at: null };
    expect(decideKiosk(row)).toBe(row);
  });

  it('refuses a revoked kiosk, and one whose row is gone, with the same words', () => {
    expect(keyOf(() => decideKiosk({ revoked_at: '2026-12-01T00:00:00.000Z' }))).toBe('PERMISSION_DENIED error.kioskRevoked');
    expect(keyOf(() => decideKiosk(undefined))).toBe('PERMISSION_DENIED error.kioskRevoked');
  });
});

describe('revoking', () => {
  it('goes through once, then says it is done; an unknown kiosk is not found', () => {
    expect(keyOf(() => decideRevoke({ revoked_at: null }))).toBe('ok');
    expect(keyOf(() => decideRevoke({ revoked_at: '2026-12-01T00:00:00.000Z' }))).toBe('FAILED_PRECONDITION error.kioskAlreadyRevoked');
    expect(keyOf(() => decideRevoke(undefined))).toBe('NOT_FOUND error.kioskNotFound');
  });
});

describe("the kiosk's reception", () => {
  it('in-house reception stopped closes every queue for that reason', () => {
    const state = kioskReception({ inhouseOn: false, sessionId: 's', queues });
    expect(state.closed).toBe('stopped');
    expect(state.queues.map((q) => q.closed)).toEqual(['stopped', 'stopped']);
  });

  it('no session yet reads as stopped', () => {
    expect(kioskReception({ inhouseOn: true, sessionId: null, queues }).closed).toBe('stopped');
  });

  it('a queue with every number issued is closed alone; the kiosk is open while another has one', () => {
    const state = kioskReception({ inhouseOn: true, sessionId: 's', queues });
    expect(state.closed).toBeNull();
    expect(state.queues).toEqual([
      { id: 'main', nameJa: '一般', nameEn: 'General', closed: null },
      { id: 'q2', nameJa: '予防接種', nameEn: 'Vaccination', closed: 'noneLeft' },
    ]);
  });

  it('every queue without a number closes the kiosk as none left', () => {
    const state = kioskReception({ inhouseOn: true, sessionId: 's', queues: queues.map((q) => ({ ...q, nextFree: null })) });
    expect(state.closed).toBe('noneLeft');
  });
});

it('the audit trail names the kiosk, not a staff member', () => {
  expect(kioskActor({ name: '入口' })).toEqual({ id: null, username: 'キオスク「入口」' });
});
