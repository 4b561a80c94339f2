/**
 * LINE Login v2.1 on the server side of the web flow: code → tokens, ID-token verification, profile.
 * The base URL is configurable so tests talk to a local fake LINE server (PLATFORM.md).
 */
import { AppError } from '../errors.js';

export interface LineProfile {
  userId: string;
  displayName: string;
}

export interface LineCodeExchange {
  code: string;
  redirectUri: string;
  codeVerifier?: string;
  nonce?: string;
}

export interface LineLogin {
  readonly configured: boolean;
  exchangeCode(input: LineCodeExchange): Promise<LineProfile>;
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

  async function call(path: string, init: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
    let response: Response;
    try {
      response = await fetch(`${apiBaseUrl}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch {
      throw new AppError('UNAVAILABLE', 'error.lineUnavailable');
    }
    if (response.status >= 500 || response.status === 429) throw new AppError('UNAVAILABLE', 'error.lineUnavailable');
    const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
    return { status: response.status, body };
  }

  const form = (fields: Record<string, string | undefined>) =>
    new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));

  return {
    configured: Boolean(channelId && channelSecret),
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

      const verified = await call('/oauth2/v2.1/verify', {
        method: 'POST',
        body: form({ id_token: idToken, client_id: channelId, nonce }),
      });
      const subject = verified.body.sub;
      if (verified.status !== 200 || typeof subject !== 'string' || verified.body.aud !== channelId) throw failed();

      const profile = await call('/v2/profile', { headers: { authorization: `Bearer ${accessToken}` } });
      const { userId, displayName } = profile.body;
      if (profile.status !== 200 || typeof userId !== 'string' || !userId) {
        throw new AppError('UNAUTHENTICATED', 'error.lineProfileFailed');
      }
      // The profile must belong to the person the ID token names.
      if (userId !== subject) throw failed();
      return { userId, displayName: typeof displayName === 'string' ? displayName : '' };
    },
  };
}
