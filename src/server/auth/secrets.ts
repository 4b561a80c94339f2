/**
 * Secrets that must survive restarts. When not configured they are generated once into DATA_DIR
 * (mode 0600). Several server processes must share them: configure them, or share DATA_DIR.
 */
import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function loadOrCreateSecret(dataDir: string, name: string, create: () => string): string {
  const file = join(dataDir, name);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dataDir, { recursive: true });
  const value = create();
  // Written whole to a private temp file, then linked into place: the link either appears with the full
  // contents or fails because another process won, so nobody ever reads a half-written secret.
  const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, `${value}\n`, { mode: 0o600 });
  try {
    linkSync(temp, file);
    return value;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw err;
  } finally {
    rmSync(temp, { force: true });
  }
}

export const randomSecret = () => randomBytes(32).toString('base64url');

/**
 * The server's own secret: patients' tokens are signed and stored secrets sealed with keys derived from it.
 * TOKEN_SECRET, or the one generated into DATA_DIR; the operator's commands that seal use the same.
 */
export const serverSecret = (config: { TOKEN_SECRET?: string; DATA_DIR: string }): string =>
  config.TOKEN_SECRET ?? loadOrCreateSecret(config.DATA_DIR, 'token-secret', randomSecret);
