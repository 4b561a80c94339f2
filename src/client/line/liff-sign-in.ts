/** Signing in inside LINE's LIFF browser: liff.init, then the raw ID token to the server (exchangeLineIdToken). */
import { callFn, FnError } from '../api/fn.js';
import { t } from '../ui/language.js';
import { asLineAuthError, LineAuthError } from './auth-error.js';
import type { LiffLoader, LiffSdk } from './liff.js';
import { type LineSession, sessionFromExchange } from './session.js';

/**
 * Loads the SDK and runs liff.init. When the URL carries `liff.state`, init sends the browser on to the
 * restored page and never resolves here: that is why nothing may route or rewrite the URL before it.
 */
export async function initLiff(load: LiffLoader, liffId: string): Promise<LiffSdk> {
  try {
    const sdk = await load();
    await sdk.init({ liffId });
    return sdk;
  } catch (err) {
    const code = (err as { code?: unknown } | null)?.code;
    const reason = typeof code === 'string' ? code : err instanceof Error ? err.message : String(err);
    throw new LineAuthError(`liff.init failed: ${reason}`, t('auth.liffFailed', { error: reason }));
  }
}

/** The session for the LIFF user, or 'redirecting' when LINE has to log them in first (outside the LIFF browser). */
export async function signInWithLiff(sdk: LiffSdk): Promise<LineSession | 'redirecting'> {
  if (!sdk.isLoggedIn()) {
    sdk.login({ redirectUri: window.location.href });
    return 'redirecting';
  }
  // The raw JWT, never decoded data: the server verifies it at LINE, so nothing decoded here is trusted.
  const idToken = sdk.getIDToken();
  if (!idToken) throw new LineAuthError('No ID token', t('auth.noIdToken'));
  try {
    const session = sessionFromExchange(await callFn('exchangeLineIdToken', { idToken }));
    // Inside LINE the SDK knows the friendship; a failure only means the app says nothing about it.
    const friendship = await sdk.getFriendship().catch(() => null);
    return { ...session, friendFlag: friendship ? friendship.friendFlag : null };
  } catch (err) {
    if (err instanceof FnError) throw new LineAuthError(err.message, err.message);
    throw asLineAuthError(err);
  }
}
