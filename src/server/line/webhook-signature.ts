/**
 * LINE signs every webhook delivery: `X-Line-Signature` is the base64 HMAC-SHA256 of the raw body with the
 * channel secret. LINE publishes no source addresses, so this is the only check (docs/decisions/052).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export function webhookSignature(secret: string, raw: Buffer): string {
  return createHmac('sha256', secret).update(raw).digest('base64');
}

/** True only for a secret that is set and a header that is exactly the body's signature (compared in constant time). */
export function signatureValid(secret: string | undefined, raw: Buffer, header: string | string[] | undefined): boolean {
  if (!secret || typeof header !== 'string') return false;
  const expected = Buffer.from(webhookSignature(secret, raw));
  const given = Buffer.from(header);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
