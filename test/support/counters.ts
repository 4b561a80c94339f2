/**
 * What a patient's rate counters are keyed by (decision 057), computed here on its own from the server's
 * secret in DATA_DIR: an HMAC-SHA-256 of the uid under an HKDF-derived key, so a test can name the counter
 * without the server's code and see that it holds no uid.
 */
import { createHmac, hkdfSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export function patientCounterSubject(dataDir: string, uid: string): string {
  const secret = readFileSync(join(dataDir, 'token-secret'), 'utf8').trim();
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), 'clinic-queue rate-counter patient', 32));
  return `ph:${createHmac('sha256', key).update(uid).digest('hex')}`;
}
