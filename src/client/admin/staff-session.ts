/**
 * Staff sign-in over the foundation's endpoints (docs/api.md "Staff"). The session itself is the HttpOnly
 * cookie: the page never sees the token, it only asks whether the cookie is still good.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ErrorBody } from '../../shared/errors.js';
import { t } from './labels.js';
import { FnError } from '../api/fn.js';

/** `groupUrl`: the group page, for a session a group account's handoff opened (the staff nav links to it). */
export type StaffState = { kind: 'checking' } | { kind: 'signedOut' } | { kind: 'signedIn'; username: string; groupUrl?: string };

type Me = { username?: string; groupUrl?: string };

async function request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Me> {
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new FnError('UNAVAILABLE', t('error.unavailable'));
  }
  const json = (await response.json().catch(() => null)) as { result: Me } | ErrorBody | null;
  if (json && 'result' in json) return json.result;
  if (json && 'error' in json) throw new FnError(json.error.status, json.error.message);
  throw new FnError('INTERNAL', t('error.internal'));
}

/** Who is signed in: null when the cookie is missing or expired; other failures throw. */
export async function fetchStaff(): Promise<{ username: string; groupUrl?: string } | null> {
  try {
    const result = await request('GET', '/api/staff/me');
    return { username: result.username ?? '', ...(typeof result.groupUrl === 'string' ? { groupUrl: result.groupUrl } : {}) };
  } catch (err) {
    if (err instanceof FnError && err.status === 'UNAUTHENTICATED') return null;
    throw err;
  }
}

export function useStaffSession() {
  const [state, setState] = useState<StaffState>({ kind: 'checking' });

  const recheck = useCallback(async () => {
    try {
      const me = await fetchStaff();
      setState(me === null ? { kind: 'signedOut' } : { kind: 'signedIn', ...me });
    } catch {
      // The server is unreachable: keep what we had; the live stream's indicator already says so.
      setState((s) => (s.kind === 'checking' ? { kind: 'signedOut' } : s));
    }
  }, []);

  useEffect(() => {
    void recheck();
  }, [recheck]);

  const signIn = useCallback(async (username: string, password: string) => {
    const result = await request('POST', '/api/staff/login', { username, password });
    setState({ kind: 'signedIn', username: result.username ?? username });
  }, []);

  const signOut = useCallback(async () => {
    await request('POST', '/api/staff/logout').catch(() => undefined);
    setState({ kind: 'signedOut' });
  }, []);

  return { state, signIn, signOut, recheck };
}
