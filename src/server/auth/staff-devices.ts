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
import { hkdfSync, randomBytes } from 'node:crypto';
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
const SEPARATOR = '~';
const ISSUER = 'clinic-queue';
const AUDIENCE = 'staff-device';

export interface DeviceTokens {
  issue(device: Device, now?: Date): Promise<string>;
  /** The device, or null for a token that is forged, malformed or expired. */
  verify(token: string, now?: Date): Promise<Device | null>;
  /** The device the cookie holds for `account` at its current generation, if any. */
  deviceFor(cookie: string | undefined, account: { id: string; epoch: number }, now?: Date): Promise<Device | null>;
  /** The cookie's value with `token` for `staffId` in front; other accounts' live tokens kept, oldest dropped. */
  withToken(cookie: string | undefined, token: string, staffId: string, now?: Date): Promise<string>;
}

export const newDeviceId = () => randomBytes(16).toString('base64url');

/**
 * `secret`: the server's own secret (TOKEN_SECRET or the generated one); a key of its own is derived from it.
 * The tokens are HS256 JWTs signed and checked by jose: only sign-ins read them, so unlike the patient's
 * token (checked on every call of a burst) there is no reason to verify them by hand.
 */
export function deviceTokens(secret: string): DeviceTokens {
  const key = new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), 'clinic-queue staff-device', 32));
  const seconds = (now: Date) => Math.floor(now.getTime() / 1000);

  async function verify(token: string, now = new Date()): Promise<Device | null> {
    const { jwtVerify } = await import('jose');
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
      const { sub, did, ep } = payload;
      if (typeof sub !== 'string' || typeof did !== 'string' || typeof ep !== 'number') return null;
      return { staffId: sub, deviceId: did, epoch: ep };
    } catch {
      return null; // forged, expired, malformed
    }
  }

  const tokensOf = (cookie: string | undefined) => (cookie ? cookie.split(SEPARATOR).slice(0, PER_COOKIE) : []);

  return {
    async issue({ staffId, deviceId, epoch }, now = new Date()) {
      const { SignJWT } = await import('jose');
      return new SignJWT({ did: deviceId, ep: epoch })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(staffId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(seconds(now))
        .setExpirationTime(seconds(now) + DEVICE_DAYS * 86_400)
        .sign(key);
    },
    verify,
    async deviceFor(cookie, account, now) {
      for (const token of tokensOf(cookie)) {
        const device = await verify(token, now);
        if (device?.staffId === account.id && device.epoch === account.epoch) return device;
      }
      return null;
    },
    async withToken(cookie, token, staffId, now) {
      const others: string[] = [];
      for (const other of tokensOf(cookie)) {
        const device = await verify(other, now);
        if (device !== null && device.staffId !== staffId) others.push(other);
      }
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
