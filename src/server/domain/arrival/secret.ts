/**
 * The clinic's check-in secret (docs/decisions/048): made the first time staff need a code, replaced when
 * they renew the codes. Made under the writers' lock and read back there, so two processes asked at once
 * end with one secret: the second finds the first one's and keeps it.
 */
import type { Store } from '../../storage/port.js';
import { newCheckinSecret } from './codes.js';

export async function readCheckinSecret(store: Store): Promise<string | null> {
  const row = await store.db.selectFrom('runtime').select('checkin_secret').where('id', '=', 1).executeTakeFirstOrThrow();
  return row.checkin_secret;
}

/** The secret, made now if there is none yet (a write only that once). */
export async function ensureCheckinSecret(store: Store): Promise<string> {
  const existing = await readCheckinSecret(store);
  if (existing) return existing;
  return store.write(async ({ tx, runtime }) => {
    // `runtime` was read under the lock: another process that made a secret first committed it before us.
    if (runtime.checkin_secret) return runtime.checkin_secret;
    const secret = newCheckinSecret();
    await tx.updateTable('runtime').set({ checkin_secret: secret }).where('id', '=', 1).execute();
    return secret;
  });
}
