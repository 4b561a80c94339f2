/**
 * A Web Push subscription as `PushSubscription.toJSON()` gives it, checked to the shape every browser
 * produces (RFC 8291): `p256dh` an uncompressed P-256 point (65 bytes, first byte 0x04) and `auth` a
 * 16-byte secret, both base64url. Anything else could never be encrypted to, and old rows of that kind
 * made the sender throw. The endpoint must be https; which hosts and ports are allowed is the server's
 * setting (PUSH_ALLOWED_HOSTS), and the server also checks that the point lies on the curve.
 */
import { z } from 'zod';

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The bytes of a base64url text (padding allowed), or null when it is not base64url. Runs in both sides. */
export function base64UrlBytes(text: string): Uint8Array | null {
  if (!BASE64URL.test(text)) return null;
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) return null;
  const out = new Uint8Array(Math.floor((body.length * 6) / 8));
  let bits = 0;
  let value = 0;
  let at = 0;
  for (const char of body) {
    value = (value << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
    }
  }
  return out;
}

export const P256_POINT_BYTES = 65;
export const AUTH_SECRET_BYTES = 16;

const isPoint = (text: string) => {
  const bytes = base64UrlBytes(text);
  return bytes !== null && bytes.length === P256_POINT_BYTES && bytes[0] === 0x04;
};
const isAuthSecret = (text: string) => base64UrlBytes(text)?.length === AUTH_SECRET_BYTES;

export const pushSubscriptionSchema = z.strictObject({
  endpoint: z.url({ protocol: /^https$/ }).max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.strictObject({
    p256dh: z.string().max(100).refine(isPoint, 'p256dh must be a base64url uncompressed P-256 point (65 bytes)'),
    auth: z.string().max(32).refine(isAuthSecret, 'auth must be 16 bytes, base64url'),
  }),
});
export type PushSubscriptionJson = z.infer<typeof pushSubscriptionSchema>;
