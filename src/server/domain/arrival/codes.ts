/**
 * The check-in codes (来院確認, docs/decisions/048-arrival-check-in.md), all derived from the clinic's random
 * code secret, so that renewing it voids every code at once. The wall monitor's key is a random value of
 * its own since decision 059 (keys.ts). Pure: the same secret and time give the same code in every server
 * process.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** The wall monitor's code changes every five minutes. */
export const MONITOR_WINDOW_MS = 5 * 60_000;

const hmac = (secret: string, message: string) => createHmac('sha256', secret).update(message).digest();

/** The digest as one big-endian number, modulo `m`, as `digits` decimal digits. */
function digitsOf(digest: Buffer, m: bigint, digits: number): string {
  return (BigInt(`0x${digest.toString('hex')}`) % m).toString().padStart(digits, '0');
}

/** The five-minute window an instant falls in. */
export const monitorWindow = (ms: number) => Math.floor(ms / MONITOR_WINDOW_MS);

/** The 4-digit code the monitor shows during `window`. */
export const monitorCode = (secret: string, window: number) => digitsOf(hmac(secret, `monitor:${window}`), 10_000n, 4);

/** The 6-digit code printed at the desk (and in its QR link): it stands until the secret is renewed. */
export const deskCode = (secret: string) => digitsOf(hmac(secret, 'desk'), 1_000_000n, 6);

/** The monitor key as it was derived before decision 059: still admits a monitor opened before the upgrade. */
export const legacyMonitorKey = (secret: string) => hmac(secret, 'monitor-key').toString('hex');

/** The monitor's code now and when the next one takes over. */
export function currentMonitorCode(secret: string, nowMs: number): { code: string; until: string } {
  const window = monitorWindow(nowMs);
  return { code: monitorCode(secret, window), until: new Date((window + 1) * MONITOR_WINDOW_MS).toISOString() };
}

/**
 * What a patient typed, as digits: full-width digits (a Japanese keyboard's default) become ASCII, and the
 * spaces or hyphens someone types to group them are dropped.
 */
export const normalizeCode = (typed: string) => typed.normalize('NFKC').replace(/[\s\-\u2010\uff0d\u30fc]/g, '');

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Whether `typed` is a code in force at `nowMs`: the desk code, or the monitor's code of this window or the
 * one before (a patient who read it just before it changed still gets in). No secret yet: no code was
 * ever shown, so none is right.
 */
export function checkinCodeMatches(secret: string | null, typed: string, nowMs: number): boolean {
  if (!secret) return false;
  const code = normalizeCode(typed);
  if (!/^\d+$/.test(code)) return false;
  const window = monitorWindow(nowMs);
  // Every candidate is compared (no early return), so the answer's time says nothing about which matched.
  const hits = [deskCode(secret), monitorCode(secret, window), monitorCode(secret, window - 1)].map((c) => same(c, code));
  return hits.some(Boolean);
}

/** Whether `key` is the monitor's key (none while there is none). */
export const monitorKeyMatches = (stored: string | null, key: string) => stored !== null && same(stored, key);
