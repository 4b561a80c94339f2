/**
 * The clinic's check-in secrets (docs/decisions/048, 059): the code secret and the monitor's key, made the
 * first time staff need them, each renewed on its own, stored sealed (keys.ts). Made under the writers' lock
 * and read back there, so two processes asked at once end with one of each: the second finds the first
 * one's and keeps it.
 */
import type { Sealer } from '../../auth/sealed.js';
import type { Store, WriteContext } from '../../storage/port.js';
import { type CheckinKeys, openKeys, sealKeys } from './keys.js';

export async function readCheckinKeys(store: Store, seal: Sealer): Promise<CheckinKeys> {
  const row = await store.db.selectFrom('runtime').select(['checkin_secret', 'monitor_key']).where('id', '=', 1).executeTakeFirstOrThrow();
  return openKeys(row, seal);
}

/** The code secret as this server opens it (null: none yet, or one it cannot open). */
export const readCheckinSecret = async (store: Store, seal: Sealer) => (await readCheckinKeys(store, seal)).secret;

type Keys = { secret: string; monitorKey: string };

/**
 * Inside a write: both secrets, each made where missing, then `change` applied (a renewal), stored sealed
 * when anything differs from what was stored. `runtime` was read under the lock: a secret another process
 * made first is kept.
 */
export async function keysInWrite({ tx, runtime }: WriteContext, seal: Sealer, change?: (keys: Keys) => Partial<Keys>): Promise<Keys> {
  const opened = openKeys(runtime, seal);
  if (!opened.reseal && !change) return { secret: opened.secret!, monitorKey: opened.monitorKey! };
  const sealed = sealKeys({ ...opened, ...change?.(opened as Keys) }, seal);
  await tx.updateTable('runtime').set(sealed.stored).where('id', '=', 1).execute();
  return { secret: sealed.secret, monitorKey: sealed.monitorKey };
}

/** Both secrets, made (or sealed, for a secret kept in clear before 0019) now if needed: a write only then. */
export async function ensureCheckinKeys(store: Store, seal: Sealer): Promise<Keys> {
  const existing = await readCheckinKeys(store, seal);
  if (!existing.reseal) return { secret: existing.secret!, monitorKey: existing.monitorKey! };
  return store.write((ctx) => keysInWrite(ctx, seal));
}
