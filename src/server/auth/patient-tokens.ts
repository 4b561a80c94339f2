/**
 * Signed, expiring bearer tokens for patients (HS256 JWT). The token says who and through which channel.
 * Issued with jose (rare: at sign-in); verified synchronously with node:crypto (every patient call, the
 * whole opening burst: docs/benchmarks.md, decision 022).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type * as Jose from 'jose';
import type { PatientChannel } from '../../shared/queue/slot.js';

export interface Patient {
  uid: string;
  channel: PatientChannel;
}

// Loaded with the first sign-in rather than at start: a server waiting for reception to open holds
// less memory and is ready sooner (docs/benchmarks.md, start-up and idle).
let jose: Promise<typeof Jose> | undefined;
const loadJose = () => (jose ??= import('jose'));

const ISSUER = 'clinic-queue';
const AUDIENCE = 'patient';
/** What SignJWT writes for `{ alg: 'HS256' }`: the test below checks it against a token issued here. */
export const ISSUED_HEADER = Buffer.from(JSON.stringify({ alg: 'HS256' })).toString('base64url');

export interface PatientTokens {
  issue(patient: Patient): Promise<string>;
  /** The patient, or null for any token that is forged, expired or malformed. */
  verify(token: string): Patient | null;
}

export function patientTokens(secret: string, ttlHours: number): PatientTokens {
  const keyBytes = new TextEncoder().encode(secret);
  let signingKey: Promise<CryptoKey> | undefined;
  return {
    issue: async ({ uid, channel }) =>
      new (await loadJose()).SignJWT({ ch: channel })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(uid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${Math.round(ttlHours * 3600)}s`)
        .sign(await (signingKey ??= crypto.subtle.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']))),
    verify: (token) => verifyHs256(token, keyBytes, Math.floor(Date.now() / 1000)),
  };
}

/**
 * The checks jose's jwtVerify made for us, in a few microseconds and without a promise: a compact JWS of
 * three parts, an HS256 signature over the first two compared in constant time against its one canonical
 * encoding, a header naming HS256 and no critical extensions (so `alg: none` or any other is refused), and
 * the claims: our issuer and audience, unexpired, not before its time, a subject and a known channel.
 */
export function verifyHs256(token: string, key: Uint8Array, nowSeconds: number): Patient | null {
  const firstDot = token.indexOf('.');
  const lastDot = token.lastIndexOf('.');
  if (firstDot <= 0 || lastDot === firstDot || token.indexOf('.', firstDot + 1) !== lastDot) return null;
  const expected = Buffer.from(createHmac('sha256', key).update(token.slice(0, lastDot)).digest('base64url'));
  const given = Buffer.from(token.slice(lastDot + 1));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;

  const headerPart = token.slice(0, firstDot);
  // The header this server issues is recognised without decoding it (a burst's every request carries it).
  if (headerPart !== ISSUED_HEADER) {
    const header = jsonPart(headerPart);
    if (!header || header.alg !== 'HS256' || 'crit' in header || header.b64 !== undefined) return null;
  }
  const claims = jsonPart(token.slice(firstDot + 1, lastDot));
  if (!claims || claims.iss !== ISSUER) return null;
  const aud = claims.aud;
  if (aud !== AUDIENCE && !(Array.isArray(aud) && aud.includes(AUDIENCE))) return null;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return null;
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf > nowSeconds)) return null;
  if (claims.iat !== undefined && typeof claims.iat !== 'number') return null;
  const channel = claims.ch;
  if (typeof claims.sub !== 'string' || (channel !== 'LINE' && channel !== 'PWA')) return null;
  return { uid: claims.sub, channel };
}

function jsonPart(part: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
