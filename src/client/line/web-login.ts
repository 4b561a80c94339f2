/**
 * LINE Login v2.1 web flow (docs/product.md, "Platform facts"), for LINE's ordinary in-app browser where LIFF does not run:
 * send the patient to LINE's authorize page with state, nonce and PKCE, then on the way back check state
 * here and let the server exchange the code (exchangeLineCode).
 */
import { callFn, FnError } from '../api/fn.js';
import { t } from '../ui/language.js';
import type { ClientConfig } from '../../shared/schemas/functions.js';
import { readJson, removeKey, writeJson } from '../patient/storage.js';
import { asLineAuthError, LineAuthError } from './auth-error.js';
import { openInLineTarget, type OpenInLineTarget } from './platform.js';
import { lineCallbackPath } from '../routes/line.js';
import { type LineSession, sessionFromExchange } from './session.js';

/** A local key (docs/product.md, "Data"). It holds the whole pending login: state plus what must travel with the code. */
export const OAUTH_STATE_KEY = 'line_oauth_state';

export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string | null;
  /** Exactly the redirect_uri sent to authorize: the token call must repeat it byte for byte. */
  redirectUri: string;
}

function base64url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function randomToken(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)));
}

async function s256(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))));
}

export interface WebLoginOptions {
  /** After a failed automatic login LINE advises asking for credentials instead. */
  disableAutoLogin?: boolean;
}

export async function prepareWebLogin(
  line: ClientConfig['line'],
  origin: string,
  to: OpenInLineTarget,
  options: WebLoginOptions = {},
): Promise<{ url: string; pending: PendingLogin }> {
  if (!line.channelId) throw new LineAuthError('LINE login not configured', t('error.lineNotConfigured'));
  // The page to return to rides in redirect_uri's query: LINE allows extra query on a registered callback.
  const redirectUri = `${origin}${lineCallbackPath(to)}`;
  const state = randomToken(32);
  const nonce = randomToken(16);
  // SubtleCrypto exists only in secure contexts (https, localhost); PKCE is optional for LINE, so a plain
  // http test host still signs in, only without it.
  const codeVerifier = globalThis.crypto?.subtle ? randomToken(48) : null;
  const params = new URLSearchParams({
    response_type: 'code',
    client_id: line.channelId,
    redirect_uri: redirectUri,
    state,
    scope: 'openid profile',
    nonce,
  });
  if (codeVerifier) {
    params.set('code_challenge', await s256(codeVerifier));
    params.set('code_challenge_method', 'S256');
  }
  // bot_prompt asks the patient to add the clinic's official account, without which LINE pushes never arrive.
  if (line.botPrompt !== 'none') params.set('bot_prompt', line.botPrompt);
  if (options.disableAutoLogin) params.set('disable_auto_login', 'true');
  return {
    url: `${line.accessBaseUrl}/oauth2/v2.1/authorize?${params.toString()}`,
    pending: { state, nonce, codeVerifier, redirectUri },
  };
}

/** Saves the pending login and leaves for LINE. Resolves only if leaving failed to happen. */
export async function startWebLogin(line: ClientConfig['line'], to: OpenInLineTarget, options?: WebLoginOptions) {
  const { url, pending } = await prepareWebLogin(line, window.location.origin, to, options);
  writeJson('local', OAUTH_STATE_KEY, pending);
  window.location.assign(url);
}

/**
 * Finishes the login on /line/callback. The pending login is used once and removed first, so a reload of
 * the callback URL cannot replay it.
 */
export async function finishWebLogin(search: URLSearchParams): Promise<{ session: LineSession; to: OpenInLineTarget }> {
  const pending = readJson<PendingLogin>('local', OAUTH_STATE_KEY);
  removeKey('local', OAUTH_STATE_KEY);
  const state = search.get('state');
  if (!state || !pending?.state) throw new LineAuthError('Missing state', t('auth.missingState'));
  if (state !== pending.state) throw new LineAuthError('Invalid state', t('auth.invalidState'));
  const error = search.get('error');
  if (error) throw new LineAuthError(error, t('auth.lineRefused', { error: search.get('error_description') || error }));
  const code = search.get('code');
  if (!code) throw new LineAuthError('Missing code', t('auth.lineRefused', { error: 'code' }));
  try {
    const result = await callFn('exchangeLineCode', {
      code,
      state,
      redirectUri: pending.redirectUri,
      nonce: pending.nonce,
      ...(pending.codeVerifier ? { codeVerifier: pending.codeVerifier } : {}),
    });
    return { session: sessionFromExchange(result), to: openInLineTarget(search.get('to')) };
  } catch (err) {
    // A server refusal is already in Japanese ('Failed to get profile' rides along in it): show it as is.
    if (err instanceof FnError) throw new LineAuthError(err.message, err.message);
    throw asLineAuthError(err);
  }
}
