/**
 * Device cookies (OWASP's "device cookies" against brute force; docs/decisions/056). A browser that signed
 * in to an account with the right password keeps a signed token for that account: a random device id, the
 * account's id and the account's device generation (`device_epoch`). A sign-in presenting one for the
 * account it signs into is judged by that device's own failure budget instead of the address's, so a
 * flood from the clinic's shared line cannot keep the desk out. Moving the generation on (a change from the
 * command line, signing out everywhere) makes every older token of the account count for nothing.
 *
 * One cookie holds the tokens of the few accounts signed in on this browser, newest first.
 */
import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { Store } from '../storage/port.js';
import type { Database } from '../storage/schema.js';

export interface Device {
  staffId: string;
  deviceId: string;
  epoch: number;
}

/** How long a browser stays known without signing in again (each sign-in renews it). */
export const DEVICE_DAYS = 180;
/** Accounts one browser is known for at most: a shared desk PC with a few staff accounts. */
const PER_COOKIE = 4;
const VERSION = 'v1';
const SEPARATOR = '~';

export interface DeviceTokens {
  issue(device: Device, now?: Date): string;
  /** The device, or null for a token that is forged, malformed or expired. */
  verify(token: string, now?: Date): Device | null;
  /** The device the cookie holds for `account` at its current generation, if any. */
  deviceFor(cookie: string | undefined, account: { id: string; epoch: number }, now?: Date): Device | null;
  /** The cookie's value with `token` for `staffId` in front; other accounts' live tokens kept, oldest dropped. */
  withToken(cookie: string | undefined, token: string, staffId: string, now?: Date): string;
}

export const newDeviceId = () => randomBytes(16).toString('base64url');

/** `secret`: the server's own secret (TOKEN_SECRET or the generated one); a key of its own is derived from it. */
export function deviceTokens(secret: string): DeviceTokens {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'clinic-queue staff-device', 32));
  const mac = (body: string) => createHmac('sha256', key).update(body).digest('base64url');
  const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

  function verify(token: string, now = new Date()): (Device & { expires: number }) | null {
    const [version, payload, signature, ...rest] = token.split('.');
    if (version !== VERSION || !payload || !signature || rest.length > 0) return null;
    const expected = Buffer.from(mac(`${version}.${payload}`));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let claims: unknown;
    try {
      claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    const { s, d, e, x } = (claims ?? {}) as Record<string, unknown>;
    if (typeof s !== 'string' || typeof d !== 'string' || typeof e !== 'number' || typeof x !== 'number') return null;
    if (x <= seconds(now)) return null;
    return { staffId: s, deviceId: d, epoch: e, expires: x };
  }

  const tokensOf = (cookie: string | undefined) => (cookie ? cookie.split(SEPARATOR).slice(0, PER_COOKIE) : []);

  return {
    issue({ staffId, deviceId, epoch }, now = new Date()) {
      const claims = { s: staffId, d: deviceId, e: epoch, x: seconds(now) + DEVICE_DAYS * 86_400 };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${VERSION}.${payload}.${mac(`${VERSION}.${payload}`)}`;
    },
    verify: (token, now) => {
      const device = verify(token, now);
      return device && { staffId: device.staffId, deviceId: device.deviceId, epoch: device.epoch };
    },
    deviceFor(cookie, account, now) {
      for (const token of tokensOf(cookie)) {
        const device = verify(token, now);
        if (device?.staffId === account.id && device.epoch === account.epoch) {
          return { staffId: device.staffId, deviceId: device.deviceId, epoch: device.epoch };
        }
      }
      return null;
    },
    withToken(cookie, token, staffId, now) {
      const others = tokensOf(cookie).filter((t) => {
        const device = verify(t, now);
        return device !== null && device.staffId !== staffId;
      });
      return [token, ...others].slice(0, PER_COOKIE).join(SEPARATOR);
    },
  };
}

/** What a device sign-in needs of the account named `username`: its id and generation; null if none may sign in. */
export async function deviceAccount(store: Store, username: string): Promise<{ id: string; epoch: number } | null> {
  const row = await store.db
    .selectFrom('staff_accounts')
    .select(['id', 'device_epoch', 'disabled_at'])
    .where('username', '=', username)
    .executeTakeFirst();
  return row && row.disabled_at === null ? { id: row.id, epoch: Number(row.device_epoch) } : null;
}

/** Moves the account's device generation on: every device cookie of the account counts for nothing. */
export async function revokeDevices(tx: Transaction<Database>, staffId: string): Promise<void> {
  await tx
    .updateTable('staff_accounts')
    .set((eb) => ({ device_epoch: eb('device_epoch', '+', 1) }))
    .where('id', '=', staffId)
    .execute();
}
