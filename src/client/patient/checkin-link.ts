/**
 * The desk's printed QR code opens the patient's page with `?checkin=<code>` (issue 34, decision 048). The
 * code is kept in this tab until it is used or set aside: LINE's web sign-in returns to the page without its
 * query, and a patient who was not yet signed in in this tab must still find the code waiting. It only
 * fills the form in; the patient confirms with a tap.
 */
import { readJson, removeKey, writeJson } from './storage.js';

const KEY = 'checkin_link';
/** Codes are digits (4 on the monitor, 6 on the sheet); anything else in the link is not ours to show. */
const CODE = /^\d{1,16}$/;

export function readCheckinLink(): string | null {
  const code = new URLSearchParams(window.location.search).get('checkin');
  if (code !== null && CODE.test(code)) {
    writeJson('session', KEY, code);
    return code;
  }
  const kept = readJson<unknown>('session', KEY);
  return typeof kept === 'string' && CODE.test(kept) ? kept : null;
}

/** Forgets the code and takes it off the address, so a reload or a shared screenshot does not bring it back. */
export function clearCheckinLink(): void {
  removeKey('session', KEY);
  const url = new URL(window.location.href);
  if (!url.searchParams.has('checkin')) return;
  url.searchParams.delete('checkin');
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
}
