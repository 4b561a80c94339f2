/** Signed, expiring bearer tokens for patients (jose, HS256). The token says who and through which channel. */
import { jwtVerify, SignJWT } from 'jose';
import type { PatientChannel } from '../../shared/queue/slot.js';

export interface Patient {
  uid: string;
  channel: PatientChannel;
}

const ISSUER = 'clinic-queue';
const AUDIENCE = 'patient';

export interface PatientTokens {
  issue(patient: Patient): Promise<string>;
  /** The patient, or null for any token that is forged, expired or malformed. */
  verify(token: string): Promise<Patient | null>;
}

export function patientTokens(secret: string, ttlHours: number): PatientTokens {
  const key = new TextEncoder().encode(secret);
  return {
    issue: ({ uid, channel }) =>
      new SignJWT({ ch: channel })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(uid)
        .setIssuer(ISSUER)
        .setAudience(AUDIENCE)
        .setIssuedAt()
        .setExpirationTime(`${Math.round(ttlHours * 3600)}s`)
        .sign(key),
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
        const channel = payload.ch;
        if (typeof payload.sub !== 'string' || (channel !== 'LINE' && channel !== 'PWA')) return null;
        return { uid: payload.sub, channel };
      } catch {
        return null;
      }
    },
  };
}
