/** Signed, expiring bearer tokens for patients (jose, HS256). The token says who and through which channel. */
import type * as Jose from 'jose';
import type { PatientChannel } from '../../shared/queue/slot.js';

export interface Patient {
  uid: string;
  channel: PatientChannel;
}

// Loaded with the first patient call rather than at start: a server waiting for reception to open holds
// less memory and is ready sooner (docs/benchmarks.md, start-up and idle).
let jose: Promise<typeof Jose> | undefined;
const loadJose = () => (jose ??= import('jose'));

const ISSUER = 'clinic-queue';
const AUDIENCE = 'patient';

export interface PatientTokens {
  issue(patient: Patient): Promise<string>;
  /** The patient, or null for any token that is forged, expired or malformed. */
  verify(token: string): Promise<Patient | null>;
}

export function patientTokens(secret: string, ttlHours: number): PatientTokens {
  // Imported once as a CryptoKey: handed raw bytes, jose imports the key again on every call, which made
  // token checks the largest single cost of the opening burst (docs/benchmarks.md; ~40 µs → ~20 µs each).
  const key = crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  return {
    issue: async ({ uid, channel }) =>
      new (await loadJose()).SignJWT({ ch: channel })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(uid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${Math.round(ttlHours * 3600)}s`)
        .sign(await key),
    async verify(token) {
      const { jwtVerify } = await loadJose(); // outside the try: a broken install is no "invalid token"
      try {
        const { payload } = await jwtVerify(token, await key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const channel = payload.ch;
        if (typeof payload.sub !== 'string' || (channel !== 'LINE' && channel !== 'PWA')) return null;
        return { uid: payload.sub, channel };
      } catch {
        return null;
      }
    },
  };
}
