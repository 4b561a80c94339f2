/**
 * The wall monitor's check-in code (来院確認コード, issue 34; docs/decisions/048). The code is never on the
 * public stream: when staff open the monitor signed in, getArrivalSetup gives it a monitor key, kept on
 * this device, and with that key alone the monitor asks for the current code and again when it ends. The
 * monitor runs unattended after the staff session expires, so the key, not the session, is what it holds.
 * Without a key, or with one renewCodes voided (PERMISSION_DENIED), it shows no code and keeps running.
 */
import { useEffect, useState } from 'react';
import { callFn, FnError } from '../../api/fn.js';

export const MONITOR_KEY_STORAGE = 'qa_monitorKey';
/** A failed read (network, server restarting) is tried again after this long. */
export const RETRY_MS = 30_000;
/** Ask a little after `until`, so the server is surely in the next window; never in a tight loop. */
const AFTER_UNTIL_MS = 500;
const MIN_DELAY_MS = 2_000;
const MAX_DELAY_MS = 5 * 60_000;

export interface CheckinCode {
  code: string;
  until: string;
}

function storedKey(): string | null {
  try {
    return localStorage.getItem(MONITOR_KEY_STORAGE);
  } catch {
    return null;
  }
}

function store(key: string | null): void {
  try {
    if (key === null) localStorage.removeItem(MONITOR_KEY_STORAGE);
    else localStorage.setItem(MONITOR_KEY_STORAGE, key);
  } catch {
    // Private mode: the key holds only until the next reload.
  }
}

/** The wait before asking again: just after `until`, within bounds (a monitor whose clock runs ahead would otherwise ask without pause). */
export function nextDelay(until: string, now: number): number {
  const ms = Date.parse(until) - now + AFTER_UNTIL_MS;
  return Number.isFinite(ms) ? Math.min(MAX_DELAY_MS, Math.max(MIN_DELAY_MS, ms)) : RETRY_MS;
}

/**
 * The code to show, or null. One getArrivalSetup per opening: signed out it is refused, and the key kept
 * from an earlier opening serves.
 */
export function useMonitorCheckinCode(): CheckinCode | null {
  const [code, setCode] = useState<CheckinCode | null>(null);

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let memoryKey: string | null = null;
    const later = (ms: number) => {
      if (!stopped) timer = setTimeout(() => void read(), ms);
    };

    async function read() {
      const key = memoryKey ?? storedKey();
      if (!key) return setCode(null);
      try {
        const next = await callFn('getMonitorCheckinCode', { monitorKey: key });
        if (stopped) return;
        setCode(next);
        later(nextDelay(next.until, Date.now()));
      } catch (err) {
        if (stopped) return;
        if (err instanceof FnError && (err.status === 'PERMISSION_DENIED' || err.status === 'INVALID_ARGUMENT')) {
          // The codes were renewed (or the key is not one): nothing to show until staff open the monitor again.
          memoryKey = null;
          store(null);
          return setCode(null);
        }
        // Out of reach for now: a code past its window is not shown, and we try again.
        setCode((shown) => (shown && Date.parse(shown.until) > Date.now() ? shown : null));
        later(RETRY_MS);
      }
    }

    async function start() {
      try {
        const setup = await callFn('getArrivalSetup', {});
        memoryKey = setup.monitorKey;
        store(setup.monitorKey);
      } catch {
        // Not signed in (the usual case for a wall screen left running): the stored key, if any, serves.
      }
      if (!stopped) await read();
    }

    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, []);

  return code;
}
