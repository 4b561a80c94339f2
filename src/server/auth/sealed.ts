/**
 * Secrets the server must keep in the database but never hold there in clear (the LINE service notification
 * tokens, docs/decisions/051): sealed with AES-256-GCM under a key derived (HKDF-SHA256) from the server's
 * own secret (TOKEN_SECRET, or the one generated into DATA_DIR), which every process of one clinic already
 * shares and which is neither in the database nor in a backup. A value sealed for one row does not open for
 * another (the row's id is the associated data), and one that does not open is no value: a changed secret or
 * a copied database makes the tokens unusable, never readable.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

export interface Sealer {
  seal(plain: string, context: string): string;
  /** The plain value, or null when it was not sealed by this key for this context. */
  open(sealed: string, context: string): string | null;
}

const VERSION = 'v1';

export function sealer(secret: string, purpose: string): Sealer {
  const key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), `clinic-queue ${purpose}`, 32));
  return {
    seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), body.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
    },
    open(sealed, context) {
      const [version, iv, body, tag] = sealed.split('.');
      if (version !== VERSION || !iv || body === undefined || !tag) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
