/**
 * The two check-in secrets as stored (docs/decisions/059): the clinic's code secret (the printed desk code
 * and the monitor's codes come from it) and the wall monitor's own key, each a random value of its own and
 * each sealed with the server's key (auth/sealed.ts), so a backup file or a copied database holds neither in
 * clear and renewing one leaves the other alone. Pure.
 */
import { randomBytes } from 'node:crypto';
import { type Sealer, sealer } from '../../auth/sealed.js';
import type { RuntimeTable } from '../../storage/schema.js';
import { legacyMonitorKey } from './codes.js';

/** The sealer of both secrets, from the server's own secret (the one the patients' tokens are signed with). */
export const checkinSealer = (serverSecret: string): Sealer => sealer(serverSecret, 'checkin-codes');

/** The associated data of each column: a value sealed for one does not open as the other. */
const SECRET = 'runtime.checkin_secret';
const MONITOR = 'runtime.monitor_key';

export type StoredKeys = Pick<RuntimeTable, 'checkin_secret' | 'monitor_key'>;

export interface CheckinKeys {
  /** Null: none yet, or sealed by another server's key (a backup restored elsewhere): made anew on next need. */
  secret: string | null;
  monitorKey: string | null;
  /** Whether the stored form is not yet what it should be: both sealed and present. */
  reseal: boolean;
}

/** A secret from before 0019, kept in clear: 64 hex digits. Sealed values begin with their version. */
const inClear = (value: string) => /^[0-9a-f]{64}$/.test(value);

/** The secrets as this server reads them. */
export function openKeys(row: StoredKeys, seal: Sealer): CheckinKeys {
  const stored = row.checkin_secret;
  const secret = stored === null ? null : inClear(stored) ? stored : seal.open(stored, SECRET);
  let monitorKey = row.monitor_key === null ? null : seal.open(row.monitor_key, MONITOR);
  // Before 0019 the monitor's key was derived from the secret: a monitor opened then keeps working.
  if (row.monitor_key === null && secret !== null) monitorKey = legacyMonitorKey(secret);
  const reseal = secret === null || monitorKey === null || inClear(stored!) || row.monitor_key === null;
  return { secret, monitorKey, reseal };
}

/** The stored form of both: sealed, each made anew where it is missing or no longer opens. */
export function sealKeys(keys: Pick<CheckinKeys, 'secret' | 'monitorKey'>, seal: Sealer): { stored: StoredKeys; secret: string; monitorKey: string } {
  const secret = keys.secret ?? newSecretValue();
  const monitorKey = keys.monitorKey ?? newSecretValue();
  return { secret, monitorKey, stored: { checkin_secret: seal.seal(secret, SECRET), monitor_key: seal.seal(monitorKey, MONITOR) } };
}

/** A new secret or monitor key: 32 random bytes as hex. */
export const newSecretValue = () => randomBytes(32).toString('hex');
