/**
 * The entrance kiosk's credential (docs/decisions/072): an HS256 JWT signed and checked with jose under a
 * key derived (HKDF) from the server's own secret, as the staff device cookie is (decision 056), with a
 * purpose and audience of its own so neither token passes for the other. It names the kiosk's row
 * (`kiosk_devices`); the row, read on every call, is what revocation ends — the token alone never admits.
 */
import { hkdfSync } from 'node:crypto';

/** How long a kiosk stays one without staff making it again: a tablet left at the entrance for a year. */
export const KIOSK_DAYS = 400;
const ISSUER = 'clinic-queue';
const AUDIENCE = 'kiosk';

export interface KioskTokens {
  issue(kioskId: string, now?: Date): Promise<string>;
  /** The kiosk's id, or null for a token that is forged, malformed or expired. */
  verify(token: string, now?: Date): Promise<string | null>;
}

export function kioskTokens(secret: string): KioskTokens {
  const key = new Uint8Array(hkdfSync('sha256', secret, Buffer.alloc(0), 'clinic-queue kiosk', 32));
  const seconds = (now: Date) => Math.floor(now.getTime() / 1000);
  return {
    async issue(kioskId, now = new Date()) {
      const { SignJWT } = await import('jose');
      return new SignJWT({})
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(kioskId)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt(seconds(now))
        .setExpirationTime(seconds(now) + KIOSK_DAYS * 86_400)
        .sign(key);
    },
    async verify(token, now = new Date()) {
      const { jwtVerify } = await import('jose');
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'], currentDate: now });
        return typeof payload.sub === 'string' ? payload.sub : null;
      } catch {
        return null; // forged, expired, malformed
      }
    },
  };
}
