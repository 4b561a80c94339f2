// @vitest-environment happy-dom
/**
 * The LIFF steps against a stand-in SDK object: the SDK is LINE's edge (docs/decisions/008). The ID-token
 * exchange itself runs against the real server in the browser tests.
 */
import { describe, expect, it } from 'vitest';
import { LineAuthError } from './auth-error.js';
import type { LiffSdk } from './liff.js';
import { initLiff, signInWithLiff } from './liff-sign-in.js';

/** The LineAuthError a sign-in step refused with (fails the test if it did not refuse). */
function refusal(attempt: Promise<unknown>): Promise<LineAuthError> {
  return attempt.then(
    () => {
      throw new Error('expected a refusal');
    },
    (err: unknown) => err as LineAuthError,
  );
}


function sdk(overrides: Partial<LiffSdk> = {}): LiffSdk & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    init: async ({ liffId }) => void calls.push(`init:${liffId}`),
    isLoggedIn: () => true,
    login: (config) => void calls.push(`login:${config?.redirectUri ?? ''}`),
    getIDToken: () => null,
    getAccessToken: () => null,
    getFriendship: async () => ({ friendFlag: true }),
    ...overrides,
  };
}

describe('LIFF sign-in', () => {
  it('initialises with the configured LIFF id', async () => {
    const fake = sdk();
    expect(await initLiff(async () => fake, '1650000000-abc')).toBe(fake);
    expect(fake.calls).toEqual(['init:1650000000-abc']);
  });

  it('turns an init failure into the LINE error with its code', async () => {
    const failing = sdk({ init: async () => Promise.reject(Object.assign(new Error('x'), { code: 'INIT_FAILED' })) });
    const refused = await refusal(initLiff(async () => failing, 'id'));
    expect(refused).toBeInstanceOf(LineAuthError);
    expect(refused.detail).toBe('LINEアプリとの連携に失敗しました（INIT_FAILED）');
  });

  it('turns a failed SDK download into the LINE error too', async () => {
    const refused = await refusal(initLiff(() => Promise.reject(new Error('Failed to fetch dynamically imported module')), 'id'));
    expect(refused.detail).toContain('Failed to fetch dynamically imported module');
  });

  it('asks LIFF to log in and come back here when not logged in', async () => {
    const fake = sdk({ isLoggedIn: () => false });
    expect(await signInWithLiff(fake)).toBe('redirecting');
    expect(fake.calls).toEqual([`login:${window.location.href}`]);
  });

  it('refuses when LIFF has no ID token (the LIFF app lacks the openid scope)', async () => {
    await expect(signInWithLiff(sdk())).rejects.toThrow('No ID token');
  });
});
