/**
 * Runs liff.init once per page when the visitor is in LINE's LIFF browser. Until it resolves the LINE
 * shell renders only the loading fallback: no routing, no redirects, no URL reads that decide anything.
 */
import { useEffect, useState } from 'react';
import type { LineAuthError } from './auth-error.js';
import { asLineAuthError } from './auth-error.js';
import { type LiffLoader, type LiffSdk, loadLiff } from './liff.js';
import { initLiff } from './liff-sign-in.js';

export type LiffState =
  | { status: 'off'; sdk: null }
  | { status: 'pending'; sdk: null }
  | { status: 'ready'; sdk: LiffSdk }
  | { status: 'failed'; sdk: null; error: LineAuthError };

// One init per page even when React mounts effects twice (StrictMode in development).
let started: Promise<LiffSdk> | null = null;

export function useLiff(liffId: string | null, load: LiffLoader = loadLiff): LiffState {
  const [state, setState] = useState<LiffState>(() =>
    liffId ? { status: 'pending', sdk: null } : { status: 'off', sdk: null },
  );
  useEffect(() => {
    if (!liffId) return;
    let stale = false;
    started ??= initLiff(load, liffId);
    started.then(
      (sdk) => !stale && setState({ status: 'ready', sdk }),
      (err: unknown) => !stale && setState({ status: 'failed', sdk: null, error: asLineAuthError(err) }),
    );
    return () => {
      stale = true;
    };
  }, [liffId, load]);
  return state;
}
