// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { LineAuthError } from './auth-error.js';
import { clearSession, readSession, saveSession, sessionFromExchange } from './session.js';

afterEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

describe('LINE session (profile in session storage)', () => {
  it('keeps userId and displayName under line_profile for this tab only', () => {
    saveSession({ token: 'tok', profile: { userId: 'U1', displayName: '山田 花子' }, friendFlag: false });
    expect(JSON.parse(sessionStorage.getItem('line_profile')!)).toEqual({ userId: 'U1', displayName: '山田 花子' });
    expect(localStorage.length).toBe(0);
    expect(readSession()).toEqual({ token: 'tok', profile: { userId: 'U1', displayName: '山田 花子' }, friendFlag: false });
    clearSession();
    expect(readSession()).toBeNull();
    expect(sessionStorage.length).toBe(0);
  });

  it('treats a profile without a token, or garbage, as signed out', () => {
    sessionStorage.setItem('line_profile', JSON.stringify({ userId: 'U1', displayName: 'x' }));
    expect(readSession()).toBeNull();
    sessionStorage.setItem('line_token', '{not json');
    expect(readSession()).toBeNull();
  });
});

describe('exchange answers', () => {
  it('accepts a token and a profile with userId', () => {
    expect(sessionFromExchange({ customToken: 't', profile: { userId: 'U1', displayName: 'a' } })).toEqual({
      token: 't',
      profile: { userId: 'U1', displayName: 'a' },
      friendFlag: null,
    });
    const friend = { customToken: 't', profile: { userId: 'U1', displayName: 'a' }, friendFlag: false };
    expect(sessionFromExchange(friend).friendFlag).toBe(false);
  });

  it("refuses a missing token: 'Failed to get custom token'", () => {
    const refuse = () => sessionFromExchange({ profile: { userId: 'U1', displayName: 'a' } });
    expect(refuse).toThrow(LineAuthError);
    expect(refuse).toThrow('Failed to get custom token');
  });

  it("refuses a profile without userId: 'Failed to get profile'", () => {
    const refuse = () => sessionFromExchange({ customToken: 't', profile: { userId: '', displayName: 'a' } });
    expect(refuse).toThrow('Failed to get profile');
    try {
      refuse();
    } catch (err) {
      expect((err as LineAuthError).detail).toContain('Failed to get profile');
    }
  });
});
