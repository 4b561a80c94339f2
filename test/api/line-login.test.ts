/** exchangeLineCode against a fake LINE edge: the happy path, PKCE and nonce, and every way LINE can say no. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callFn, mustCall, staffCookie } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { LINE_PATHS, lineEnv, pkcePair, randomLineUserId, startFakeLine, type FakeLine } from '../fakes/line-server.js';
import { expectRefusal, openReception } from './api-support.js';

const redirectUri = 'https://clinic.example/line/callback?to=book';
let fake: FakeLine;
let server: TestServer;

beforeAll(async () => {
  fake = await startFakeLine();
  server = await startTestServer({ env: lineEnv(fake) });
});
afterEach(() => {
  expect(fake.unexpected).toEqual([]);
  fake.profileWithoutUserId = false;
  fake.idTokenLifetimeSeconds = 600;
});
afterAll(async () => {
  await server?.close();
  await fake?.close();
});

type Exchange = { profile: { userId: string; displayName: string }; customToken: string };
const exchange = (data: Record<string, unknown>) => callFn<Exchange>(server.url, 'exchangeLineCode', { state: 'st', redirectUri, ...data });
const since = (start: number) => fake.requests.slice(start);

describe('success', () => {
  it('returns the profile and a token that takes a LINE number', async () => {
    const userId = randomLineUserId();
    const code = fake.issueCode({ userId, displayName: '佐藤 花子', redirectUri });
    const answer = await exchange({ code });
    expect(answer.status).toBe(200);
    const { result } = answer.body as { result: Exchange };
    expect(result.profile).toEqual({ userId, displayName: '佐藤 花子' });
    expect(result.customToken).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    const cookie = await staffCookie(server.url, server.store);
    await openReception(server.url, cookie);
    const taken = await mustCall<{ ok: boolean; reservationNumber: number }>(
      server.url, 'allocateNextSlot', { reservedType: 'LINE' }, { token: result.customToken },
    );
    expect(taken.ok).toBe(true);
    const mine = await mustCall<{ reservation: { reservationNumber: number } }>(
      server.url, 'getMyReservation', {}, { token: result.customToken },
    );
    expect(mine.reservation.reservationNumber).toBe(taken.reservationNumber);
    // The token speaks for LINE only.
    expectRefusal(await callFn(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: result.customToken }), 'PERMISSION_DENIED');
  });

  it('sends LINE the code, redirect URI, channel credentials, PKCE verifier and nonce', async () => {
    const start = fake.requests.length;
    const { verifier, challenge } = pkcePair();
    const nonce = 'nonce-0123456789';
    const code = fake.issueCode({ userId: randomLineUserId(), displayName: 'x', redirectUri, nonce, codeChallenge: challenge });
    const answer = await exchange({ code, codeVerifier: verifier, nonce });
    expect(answer.status).toBe(200);
    const [token, verify, profile] = since(start);
    expect(token.path).toBe(LINE_PATHS.token);
    expect(token.form).toEqual({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: fake.channelId,
      client_secret: fake.channelSecret,
      code_verifier: verifier,
    });
    expect(verify.path).toBe(LINE_PATHS.verify);
    expect(verify.form).toMatchObject({ client_id: fake.channelId, nonce });
    expect(profile.path).toBe(LINE_PATHS.profile);
    expect(profile.headers.authorization).toMatch(/^Bearer \S+$/);
  });

  it('the same person signing in twice gets the same uid', async () => {
    const userId = randomLineUserId();
    const first = await exchange({ code: fake.issueCode({ userId, displayName: 'a', redirectUri }) });
    const second = await exchange({ code: fake.issueCode({ userId, displayName: 'a', redirectUri }) });
    expect((first.body as { result: Exchange }).result.profile.userId).toBe(userId);
    expect((second.body as { result: Exchange }).result.profile.userId).toBe(userId);
  });
});

describe('LINE says no → UNAUTHENTICATED', () => {
  const code = (extra: { nonce?: string; codeChallenge?: string } = {}) =>
    fake.issueCode({ userId: randomLineUserId(), displayName: 'x', redirectUri, ...extra });

  it('an unknown code', async () => {
    expectRefusal(await exchange({ code: 'no-such-code' }), 'UNAUTHENTICATED', 'LINE');
  });

  it('a code used twice', async () => {
    const once = code();
    expect((await exchange({ code: once })).status).toBe(200);
    expectRefusal(await exchange({ code: once }), 'UNAUTHENTICATED');
  });

  it('another redirect URI than the one the code was issued for', async () => {
    expectRefusal(await exchange({ code: code(), redirectUri: 'https://clinic.example/other' }), 'UNAUTHENTICATED');
  });

  it('a missing or wrong PKCE verifier', async () => {
    const { challenge } = pkcePair();
    expectRefusal(await exchange({ code: code({ codeChallenge: challenge }) }), 'UNAUTHENTICATED');
    expectRefusal(await exchange({ code: code({ codeChallenge: challenge }), codeVerifier: pkcePair().verifier }), 'UNAUTHENTICATED');
  });

  it('a nonce that does not match the ID token', async () => {
    expectRefusal(await exchange({ code: code({ nonce: 'right-nonce' }), nonce: 'wrong-nonce' }), 'UNAUTHENTICATED');
  });

  it('an expired ID token', async () => {
    fake.idTokenLifetimeSeconds = -60;
    const start = fake.requests.length;
    expectRefusal(await exchange({ code: code() }), 'UNAUTHENTICATED');
    expect(since(start).map((r) => r.path)).toEqual([LINE_PATHS.token, LINE_PATHS.verify]);
  });

  it("a profile without userId gives 'Failed to get profile'", async () => {
    fake.profileWithoutUserId = true;
    expectRefusal(await exchange({ code: code() }), 'UNAUTHENTICATED', 'Failed to get profile');
  });

  it('payloads LINE never sees: missing code or state, bad redirect URI, short verifier', async () => {
    const start = fake.requests.length;
    for (const data of [{ code: '' }, { code: 'c', state: '' }, { code: 'c', redirectUri: 'line://x' }, { code: 'c', codeVerifier: 'short' }]) {
      expectRefusal(await exchange(data), 'INVALID_ARGUMENT');
    }
    expect(since(start)).toEqual([]);
  });
});

describe('LINE is down → UNAVAILABLE', () => {
  for (const path of [LINE_PATHS.token, LINE_PATHS.verify, LINE_PATHS.profile]) {
    it(`a 500 from ${path}`, async () => {
      fake.failNext(1, 500, path);
      const code = fake.issueCode({ userId: randomLineUserId(), displayName: 'x', redirectUri });
      expectRefusal(await exchange({ code }), 'UNAVAILABLE');
    });
  }

  it('a 429 from the token endpoint', async () => {
    fake.failNext(1, 429, LINE_PATHS.token);
    expectRefusal(await exchange({ code: 'whatever' }), 'UNAVAILABLE');
  });

  it('LINE unreachable', async () => {
    const gone = await startFakeLine({ channelId: fake.channelId, channelSecret: fake.channelSecret });
    await gone.close();
    const offline = await startTestServer({ env: lineEnv(gone) });
    try {
      expectRefusal(await callFn(offline.url, 'exchangeLineCode', { code: 'c', state: 's', redirectUri }), 'UNAVAILABLE');
    } finally {
      await offline.close();
    }
  });
});

describe('exchangeLineIdToken (inside LINE: the LIFF ID token)', () => {
  const idToken = (userId = randomLineUserId()) => fake.issueIdToken({ userId, displayName: '鈴木 一郎' });
  const exchangeIdToken = async (token: string, url = server.url) => callFn<Exchange>(url, 'exchangeLineIdToken', { idToken: token });

  it('returns who the token names and a LINE patient token, after asking LINE to verify it', async () => {
    const userId = randomLineUserId();
    const start = fake.requests.length;
    const answer = await exchangeIdToken(await idToken(userId));
    expect(answer.status).toBe(200);
    const { result } = answer.body as { result: Exchange };
    expect(result.profile).toEqual({ userId, displayName: '鈴木 一郎' });
    const [verify] = since(start);
    expect(verify.path).toBe(LINE_PATHS.verify);
    expect(verify.form.client_id).toBe(fake.channelId);
    const mine = await mustCall<{ reservation: unknown }>(server.url, 'getMyReservation', {}, { token: result.customToken });
    expect(mine.reservation).toBeNull();
  });

  it('an expired, forged or garbled ID token is UNAUTHENTICATED', async () => {
    fake.idTokenLifetimeSeconds = -60;
    expectRefusal(await exchangeIdToken(await idToken()), 'UNAUTHENTICATED');
    fake.idTokenLifetimeSeconds = 600;
    const other = await startFakeLine({ channelId: fake.channelId });
    try {
      expectRefusal(await exchangeIdToken(await other.issueIdToken({ userId: randomLineUserId(), displayName: 'x' })), 'UNAUTHENTICATED');
    } finally {
      await other.close();
    }
    expectRefusal(await exchangeIdToken('not-a-jwt-but-long-enough'), 'UNAUTHENTICATED');
  });

  it('LINE down is UNAVAILABLE; a too short token never reaches LINE', async () => {
    fake.failNext(1, 503, LINE_PATHS.verify);
    expectRefusal(await exchangeIdToken(await idToken()), 'UNAVAILABLE');
    const start = fake.requests.length;
    expectRefusal(await exchangeIdToken('short'), 'INVALID_ARGUMENT');
    expect(since(start)).toEqual([]);
  });

  it('without LINE configuration it is FAILED_PRECONDITION naming LINE_LOGIN_CHANNEL_ID', async () => {
    const bare = await startTestServer({ env: { LINE_API_BASE_URL: fake.url } });
    try {
      expectRefusal(await exchangeIdToken(await idToken(), bare.url), 'FAILED_PRECONDITION', 'LINE_LOGIN_CHANNEL_ID');
    } finally {
      await bare.close();
    }
  });
});

describe('without LINE configuration', () => {
  it('is FAILED_PRECONDITION naming LINE_LOGIN_CHANNEL_ID, and calls nobody', async () => {
    const bare = await startTestServer({ env: { LINE_API_BASE_URL: fake.url } });
    const start = fake.requests.length;
    try {
      const answer = await callFn(bare.url, 'exchangeLineCode', { code: 'c', state: 's', redirectUri });
      expectRefusal(answer, 'FAILED_PRECONDITION', 'LINE_LOGIN_CHANNEL_ID');
      expect(since(start)).toEqual([]);
    } finally {
      await bare.close();
    }
  });

  it('the secret alone is not enough', async () => {
    const half = await startTestServer({ env: { LINE_LOGIN_CHANNEL_SECRET: 'secret', LINE_API_BASE_URL: fake.url } });
    try {
      expectRefusal(await callFn(half.url, 'exchangeLineCode', { code: 'c', state: 's', redirectUri }), 'FAILED_PRECONDITION');
    } finally {
      await half.close();
    }
  });
});
