import { describe, expect, it } from 'vitest';
import { profileIs, verifiedFor } from './liff-check.js';

const CHANNEL = '2007000000';
const USER = `U${'a'.repeat(32)}`;

describe('verifiedFor', () => {
  it('vouches only for a live token of the MINI App channel', () => {
    expect(verifiedFor({ status: 200, body: { client_id: CHANNEL, expires_in: 3600, scope: 'profile' } }, CHANNEL)).toBeNull();
    expect(verifiedFor({ status: 200, body: { client_id: '1650000000', expires_in: 3600 } }, CHANNEL)).toBe('verify: issued for another channel');
    expect(verifiedFor({ status: 200, body: { client_id: 2007000000, expires_in: 3600 } }, CHANNEL)).toBe('verify: issued for another channel');
    expect(verifiedFor({ status: 200, body: { client_id: CHANNEL, expires_in: 0 } }, CHANNEL)).toBe('verify: expired');
    expect(verifiedFor({ status: 200, body: { client_id: CHANNEL } }, CHANNEL)).toBe('verify: expired');
    expect(verifiedFor({ status: 200, body: { client_id: CHANNEL, expires_in: '3600' } }, CHANNEL)).toBe('verify: expired');
  });
  it('refuses every error and silence', () => {
    expect(verifiedFor({ status: 400, body: { error: 'invalid_request', error_description: 'access token expired' } }, CHANNEL)).toBe(
      'verify: HTTP 400 invalid_request access token expired',
    );
    expect(verifiedFor({ status: 500, body: {} }, CHANNEL)).toBe('verify: HTTP 500');
    expect(verifiedFor({ status: null, error: 'timed out after 500 ms' }, CHANNEL)).toBe('verify: no answer (timed out after 500 ms)');
  });
});

describe('profileIs', () => {
  it('vouches only for the profile of the number’s LINE user', () => {
    expect(profileIs({ status: 200, body: { userId: USER, displayName: 'x' } }, USER)).toBeNull();
    expect(profileIs({ status: 200, body: { userId: `U${'b'.repeat(32)}` } }, USER)).toBe('profile: another LINE user');
    expect(profileIs({ status: 200, body: {} }, USER)).toBe('profile: no user id');
    expect(profileIs({ status: 401, body: { message: 'Authentication failed' } }, USER)).toBe('profile: HTTP 401 Authentication failed');
    expect(profileIs({ status: null, error: 'timed out' }, USER)).toBe('profile: no answer (timed out)');
  });
});
