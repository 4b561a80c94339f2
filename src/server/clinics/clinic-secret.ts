/**
 * Each clinic's own server secret (decision 078). Every key a clinic uses — its patients' tokens, its staff
 * devices' and kiosks' cookies, its sealed values, its abuse counters' hashes — is derived from this, so a
 * token or a sealed value made for one clinic is worth nothing in another, though one deployment holds one
 * TOKEN_SECRET. The clinic `default` keeps the secret itself: tokens and sealed values made before there were
 * several clinics stay valid.
 */
import { hkdfSync } from 'node:crypto';
import { DEFAULT_CLINIC } from '../storage/migration-0031-clinics.js';

export function clinicSecret(serverSecret: string, clinic: string): string {
  if (clinic === DEFAULT_CLINIC) return serverSecret;
  return Buffer.from(hkdfSync('sha256', serverSecret, Buffer.alloc(0), `clinic-queue clinic ${clinic}`, 32)).toString('base64url');
}
