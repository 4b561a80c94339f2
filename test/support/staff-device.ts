/**
 * Staff sign-ins as a browser that keeps its device cookie (docs/decisions/056), from a client address
 * behind a trusted proxy (X-Forwarded-For). Shared by the in-process tests and the process tests.
 */
import { randomUUID } from 'node:crypto';
import { flood, signInFrom } from './sign-in-attack.js';

export interface DeviceSignIn {
  status: number;
  /** The refusal's message, if any. */
  message?: string;
  /** The device cookie the answer set (`qs_staff_device=…`), if it set one. */
  device?: string;
  /** The session cookie the answer set (`qs_staff=…`), if it set one. */
  session?: string;
}

/** One sign-in from `ip` as `username`, presenting `device` (a `qs_staff_device=…` pair) if given. */
export async function deviceSignIn(url: string, ip: string, username: string, password: string, device?: string): Promise<DeviceSignIn> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  if (device) headers.cookie = device;
  const response = await fetch(`${url}/api/staff/login`, { method: 'POST', headers, body: JSON.stringify({ username, password }) });
  const set = response.headers.getSetCookie().map((c) => c.split(';')[0]);
  const body = (await response.json()) as { error?: { message?: string } };
  return {
    status: response.status,
    message: body.error?.message,
    device: set.find((c) => c.startsWith('qs_staff_device=')),
    session: set.find((c) => c.startsWith('qs_staff=')),
  };
}

/** Signs in with the right password from `ip` and answers the device cookie the browser keeps. */
export async function knownDevice(url: string, ip: string, username: string, password: string): Promise<string> {
  const answer = await deviceSignIn(url, ip, username, password);
  if (answer.status !== 200 || !answer.device) throw new Error(`sign-in for a device cookie: ${answer.status}`);
  return answer.device;
}

/**
 * Fills `ip`'s own cap with random-name failures (30 at a time) until every answer is the cap's refusal,
 * then one at a time until one is refused again: a sign-in of the flood that had taken the last unit and
 * then met a full hashing gate (503) gives its unit back after the others were refused.
 */
export async function capAddress(url: string, ip: string): Promise<void> {
  const attack = flood(url, ip, 30);
  await attack.atCapacity();
  const capped = await attack.capped(60_000);
  await attack.stop();
  if (!capped) throw new Error(`${ip} was not capped`);
  for (let left = 30; (await signInFrom(url, ip, 'guess', `u${randomUUID().slice(0, 12)}`)) !== 429; left--) {
    if (left === 0) throw new Error(`${ip} did not stay capped`);
  }
}

/** What the sign-in screen reads when an address's own cap is spent, and the minutes it names. */
export function pausedMinutes(message: string | undefined): number | undefined {
  const match = message ? /約(\d+)分後/.exec(message) : null;
  return match ? Number(match[1]) : undefined;
}
