/**
 * The installation's identity: a uuid v4 kept in local storage under `pwa_install_id`, exchanged
 * with `exchangePwaInstallation` for a token on every start. It is the patient's only key to their number:
 * a new id is a new patient, so one is made only when none (or a malformed one) is stored.
 */
import { readJson, writeJson } from '../patient/storage.js';

export const INSTALL_ID_KEY = 'pwa_install_id';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function isUuidV4(value: unknown): value is string {
  return typeof value === 'string' && UUID_V4.test(value);
}

/** randomUUID exists only in secure contexts; a clinic testing over plain http on its LAN still gets a v4. */
export function newUuidV4(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function loadInstallId(): string {
  const stored = readJson<string>('local', INSTALL_ID_KEY);
  if (isUuidV4(stored)) return stored;
  const id = newUuidV4();
  writeJson('local', INSTALL_ID_KEY, id);
  return id;
}
