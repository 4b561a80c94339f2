/**
 * LINE Login v2.1 on the server side of the web flow: code → tokens, ID-token verification, profile.
 * The base URL is configurable so tests talk to a local fake LINE server.
 */
import { AppError } from '../errors.js';
import { type BoundedResponse, fetchBounded, jsonObject } from '../outside/bounded-fetch.js';

export interface LineProfile {
  userId: string;
  displayName: string;
}

export interface LineSignIn {
  profile: LineProfile;
  /**
   * Whether the patient has the clinic's official account as a friend. LINE accepts pushes to anyone and
   * delivers only to friends (docs/product.md, "Platform facts"), so the app tells non-friends how to get their notices.
   * null when LINE could not say (the ID-token path has no access token to ask with).
   */
  friendFlag: boolean | null;
}

export interface LineCodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier?: string;
  nonce?: string;
}

export interface LineLogin {
  readonly configured: boolean;
  exchangeCode(input: LineCodeExchange): Promise<LineSignIn>;
  /** Verifies a LIFF ID token at LINE and returns who it names. */
  verifyIdToken(idToken: string): Promise<LineProfile>;
}

export interface LineLoginSettings {
  channelId?: string;
  channelSecret?: string;
  apiBaseUrl: string;
  timeoutMs?: number;
}

const failed = () => new AppError('UNAUTHENTICATED', 'error.lineLoginFailed');

export function lineLogin(settings: LineLoginSettings): LineLogin {
  const { channelId, channelSecret, apiBaseUrl } = settings;
  const timeoutMs = settings.timeoutMs ?? 10_000;

  async function call(
    path: string,
    init: { method?: string; headers?: Record<string, string>; body?: URLSearchParams },
  ): Promise<{ status: number; body: Record<string, unknown> }> {
    let answer: BoundedResponse;
    try {
      answer = await fetchBounded(`${apiBaseUrl}${path}`, init, timeoutMs);
    } catch {
      throw new AppError('UNAVAILABLE', 'error.lineUnavailable');
    }
    if (answer.status >= 500 || answer.status === 429) throw new AppError('UNAVAILABLE', 'error.lineUnavailable');
    return { status: answer.status, body: jsonObject(answer.body) };
  }

  const form = (fields: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));

  async function verify(idToken: string, nonce?: string): Promise<{ sub: string; name: string }> {
    const verified = await call('/oauth2/v2.1/verify', {
      method: 'POST',
      body: form({ id_token: idToken, client_id: channelId, nonce }),
    });
    const { sub, aud, name } = verified.body;
    if (verified.status !== 200 || typeof sub !== 'string' || aud !== channelId) throw failed();
    return { sub, name: typeof name === 'string' ? name : '' };
  }

  /** Never fails the sign-in: not knowing the friendship only means the app says nothing about it. */
  async function friendship(accessToken: string): Promise<boolean | null> {
    try {
      const answer = await call('/friendship/v1/status', { headers: { authorization: `Bearer ${accessToken}` } });
      return answer.status === 200 && typeof answer.body.friendFlag === 'boolean' ? answer.body.friendFlag : null;
    } catch {
      return null;
    }
  }

  return {
    configured: Boolean(channelId && channelSecret),
    async verifyIdToken(idToken) {
      if (!channelId || !channelSecret) throw new AppError('FAILED_PRECONDITION', 'error.lineNotConfigured');
      const { sub, name } = await verify(idToken);
      return { userId: sub, displayName: name };
    },
    async exchangeCode({ code, redirectUri, codeVerifier, nonce }) {
      if (!channelId || !channelSecret) throw new AppError('FAILED_PRECONDITION', 'error.lineNotConfigured');
      const token = await call('/oauth2/v2.1/token', {
        method: 'POST',
        body: form({
          grant_type: 'authorization_code',
          code,
          redirect_uri: redirectUri,
          client_id: channelId,
          client_secret: channelSecret,
          code_verifier: codeVerifier,
        }),
      });
      const accessToken = token.body.access_token;
      const idToken = token.body.id_token;
      if (token.status !== 200 || typeof accessToken !== 'string' || typeof idToken !== 'string') throw failed();

      const { sub: subject } = await verify(idToken, nonce);

      const profile = await call('/v2/profile', { headers: { authorization: `Bearer ${accessToken}` } });
      const { userId, displayName } = profile.body;
      if (profile.status !== 200 || typeof userId !== 'string' || !userId) {
        throw new AppError('UNAUTHENTICATED', 'error.lineProfileFailed');
      }
      // The profile must belong to the person the ID token names.
      if (userId !== subject) throw failed();
      return {
        profile: { userId, displayName: typeof displayName === 'string' ? displayName : '' },
        friendFlag: await friendship(accessToken),
      };
    },
  };
}
