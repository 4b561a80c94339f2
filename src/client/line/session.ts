/**
 * The signed-in LINE patient, kept for this tab only (the profile lives in session storage).
 * The server's bearer token sits beside it so moving between screens does not sign in again.
 */
import { t } from '../ui/language.js';
import type { FunctionResults } from '../../shared/schemas/functions.js';
import { readJson, removeKey, writeJson } from '../patient/storage.js';
import { LineAuthError } from './auth-error.js';

export const PROFILE_KEY = 'line_profile';
export const TOKEN_KEY = 'line_token';
/** Whether the patient added the clinic's official account (LINE delivers pushes to friends only). */
export const FRIEND_KEY = 'line_friend';

export interface LineProfile {
  userId: string;
  displayName: string;
}

export interface LineSession {
  token: string;
  profile: LineProfile;
  /** null: LINE could not say, so the app says nothing about it. */
  friendFlag: boolean | null;
}

export function readSession(): LineSession | null {
  const profile = readJson<LineProfile>('session', PROFILE_KEY);
  const token = readJson<string>('session', TOKEN_KEY);
  if (!profile?.userId || typeof token !== 'string' || !token) return null;
  const friendFlag = readJson<boolean>('session', FRIEND_KEY);
  return { token, profile, friendFlag: typeof friendFlag === 'boolean' ? friendFlag : null };
}

export function saveSession(session: LineSession): void {
  writeJson('session', PROFILE_KEY, { userId: session.profile.userId, displayName: session.profile.displayName });
  writeJson('session', TOKEN_KEY, session.token);
  writeJson('session', FRIEND_KEY, session.friendFlag);
}

export function clearSession(): void {
  removeKey('session', PROFILE_KEY);
  removeKey('session', TOKEN_KEY);
  removeKey('session', FRIEND_KEY);
}

type Exchange = FunctionResults['exchangeLineCode'] | (FunctionResults['exchangeLineIdToken'] & { friendFlag?: undefined });

/** The session an exchange answered, or the refusal ("Failed to get profile", "Failed to get custom token") when a part is missing. */
export function sessionFromExchange(result: Partial<Exchange> | null | undefined): LineSession {
  if (!result?.customToken) throw new LineAuthError('Failed to get custom token', t('auth.noToken'));
  if (!result.profile?.userId) throw new LineAuthError('Failed to get profile', t('error.lineProfileFailed'));
  return {
    token: result.customToken,
    profile: { userId: result.profile.userId, displayName: result.profile.displayName ?? '' },
    friendFlag: typeof result.friendFlag === 'boolean' ? result.friendFlag : null,
  };
}
