/**
 * The LINE patient's sign-in for the screens that need one: a session already in this tab, else LIFF
 * (inside LINE's LIFF browser), else the web flow (LINE's ordinary in-app browser), whose callback page
 * finishes it. An expired token signs in again once; a second refusal shows the error card.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { navigate } from '../router.js';
import { t } from '../ui/language.js';
import type { ClientConfig } from '../../shared/schemas/functions.js';
import type { PatientAuth } from '../patient/patient-context.js';
import { asLineAuthError, LineAuthError } from './auth-error.js';
import type { LiffSdk } from './liff.js';
import { signInWithLiff } from './liff-sign-in.js';
import { type LinePage, openInLineTarget } from './platform.js';
import { linePaths } from '../routes/line.js';
import { clearSession, type LineSession, readSession, saveSession } from './session.js';
import { finishWebLogin, startWebLogin } from './web-login.js';

export interface LineAuth extends PatientAuth {
  error: LineAuthError | null;
  /** Whether the patient added the clinic's official account; null when LINE could not say. */
  friendFlag: boolean | null;
  /** From the error card: sign in again, asking LINE for credentials instead of auto-login. */
  retry(): void;
}

type Outcome = { session: LineSession; to?: string } | 'redirecting';

// Effects may run twice (StrictMode in development): the same attempt must not redirect twice or use the
// one-time callback state twice, so each attempt's work is kept here by key.
const attempts = new Map<string, Promise<Outcome>>();
function once(key: string, run: () => Promise<Outcome>): Promise<Outcome> {
  let promise = attempts.get(key);
  if (!promise) attempts.set(key, (promise = run()));
  return promise;
}

interface Options {
  /** The current page needs a signed-in patient. */
  active: boolean;
  page: LinePage | null;
  line: ClientConfig['line'];
  liff: LiffSdk | null;
}

type State = { status: PatientAuth['status']; session: LineSession | null; error: LineAuthError | null };

export function useLineAuth({ active, page, line, liff }: Options): LineAuth {
  const [state, setState] = useState<State>(() => {
    const session = readSession();
    return { status: session ? 'ready' : 'authenticating', session, error: null };
  });
  const [attempt, setAttempt] = useState(0);
  const renewals = useRef(0);
  const signInNow = active && state.status === 'authenticating';

  useEffect(() => {
    if (!signInNow) return;
    let stale = false;
    const search = window.location.search;
    const target = page === 'callback' ? null : openInLineTarget(page);
    const work =
      page === 'callback'
        ? once(`callback ${search}`, () => finishWebLogin(new URLSearchParams(search)))
        : liff
          ? once(`liff ${attempt}`, () =>
              signInWithLiff(liff).then((result) => (result === 'redirecting' ? result : { session: result })),
            )
          : once(`web ${attempt}`, () => startWebLogin(line, target ?? 'book').then(() => 'redirecting' as const));
    work.then(
      (outcome) => {
        if (stale || outcome === 'redirecting') return;
        saveSession(outcome.session);
        setState({ status: 'ready', session: outcome.session, error: null });
        // Off the callback URL: its code and state are spent, and a reload must not show them again.
        if (outcome.to) navigate(linePaths[openInLineTarget(outcome.to)], { replace: true });
      },
      (err: unknown) => {
        if (!stale) setState({ status: 'failed', session: null, error: asLineAuthError(err) });
      },
    );
    return () => {
      stale = true;
    };
  }, [signInNow, page, line, liff, attempt]);

  const onUnauthenticated = useCallback(() => {
    clearSession();
    if (renewals.current++ >= 1) {
      setState({ status: 'failed', session: null, error: new LineAuthError('Token refused', t('error.tokenInvalid')) });
      return;
    }
    setState({ status: 'authenticating', session: null, error: null });
    setAttempt((n) => n + 1);
  }, []);

  const retry = useCallback(() => {
    if (liff) {
      window.location.reload();
      return;
    }
    const to = page === 'callback' ? openInLineTarget(new URLSearchParams(window.location.search).get('to')) : openInLineTarget(page);
    startWebLogin(line, to, { disableAutoLogin: true }).catch((err: unknown) =>
      setState({ status: 'failed', session: null, error: asLineAuthError(err) }),
    );
  }, [liff, line, page]);

  return useMemo(
    () => ({
      status: state.status,
      token: state.session?.token ?? null,
      displayName: state.session?.profile.displayName ?? null,
      friendFlag: state.session?.friendFlag ?? null,
      error: state.error,
      onUnauthenticated,
      retry,
    }),
    [state, onUnauthenticated, retry],
  );
}
