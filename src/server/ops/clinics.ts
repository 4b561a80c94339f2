/**
 * The operator's clinics (decision 077): add one with its host names, list them, disable and enable one,
 * give or take a host, remove one with every row it has, and move one between deployments as a file. What
 * `npm run clinic` runs; every step goes through a clinic's own store, so nothing of another clinic is read
 * or touched.
 */
import type { Store } from '../storage/port.js';
import { CLINIC_TABLES } from '../storage/clinic-scope.js';
import { CLINIC_ID, createClinic } from '../storage/clinic-rows.js';
import { DEFAULT_CLINIC } from '../storage/migration-0031-clinics.js';
import { restoreBackup, writeBackup } from './backup.js';
import type { Lines } from './backup-parse.js';
import type { Database } from '../storage/schema.js';

/** A host name as browsers send it (lower-case letters, digits, '-' and '.'), without a port. */
const HOST = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

/** A refusal said to the operator as is, with nothing changed. */
export class ClinicCommandError extends Error {}

export function normaliseHost(host: string): string {
  const plain = host.trim().toLowerCase().replace(/\.$/, '');
  if (!HOST.test(plain)) throw new ClinicCommandError(`not a host name: ${host} (e.g. clinic-a.example.jp, without http:// or a port)`);
  return plain;
}

export interface ClinicEntry {
  id: string;
  name: string | null;
  hosts: string[];
  createdAt: string;
  disabledAt: string | null;
}

export async function listClinics(store: Store): Promise<ClinicEntry[]> {
  const clinics = await store.deployment.selectFrom('clinics').selectAll().orderBy('id').execute();
  const hosts = await store.deployment.selectFrom('clinic_hosts').selectAll().orderBy('host').execute();
  return clinics.map((c) => ({
    id: c.id,
    name: c.name,
    hosts: hosts.filter((h) => h.clinic_id === c.id).map((h) => h.host),
    createdAt: c.created_at,
    disabledAt: c.disabled_at,
  }));
}

export async function known(store: Store, id: string): Promise<void> {
  if (!(await store.deployment.selectFrom('clinics').select('id').where('id', '=', id).executeTakeFirst())) {
    throw new ClinicCommandError(`no clinic ${id} (npm run clinic -- list)`);
  }
}

async function freeHosts(store: Store, hosts: string[]): Promise<void> {
  if (hosts.length === 0) return;
  const taken = await store.deployment.selectFrom('clinic_hosts').selectAll().where('host', 'in', hosts).execute();
  if (taken.length > 0) throw new ClinicCommandError(`${taken[0]!.host} already reaches the clinic ${taken[0]!.clinic_id}`);
}

export async function addClinic(store: Store, id: string, name: string | null, hosts: string[], now: string): Promise<void> {
  if (!CLINIC_ID.test(id)) throw new ClinicCommandError(`a clinic id is 1–40 lower-case letters, digits and '-': ${id}`);
  if (await store.deployment.selectFrom('clinics').select('id').where('id', '=', id).executeTakeFirst()) {
    throw new ClinicCommandError(`the clinic ${id} exists already`);
  }
  const plain = hosts.map(normaliseHost);
  await freeHosts(store, plain);
  await createClinic(store, id, name, now);
  for (const host of plain) await store.deployment.insertInto('clinic_hosts').values({ host, clinic_id: id }).execute();
}

export async function addHost(store: Store, id: string, host: string): Promise<void> {
  await known(store, id);
  const plain = normaliseHost(host);
  await freeHosts(store, [plain]);
  await store.deployment.insertInto('clinic_hosts').values({ host: plain, clinic_id: id }).execute();
}

export async function removeHost(store: Store, id: string, host: string): Promise<void> {
  const gone = await store.deployment.deleteFrom('clinic_hosts').where('clinic_id', '=', id).where('host', '=', normaliseHost(host)).executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) throw new ClinicCommandError(`${host} does not reach the clinic ${id}`);
}

export async function setDisabled(store: Store, id: string, disabled: boolean, now: string): Promise<void> {
  await known(store, id);
  await store.deployment.updateTable('clinics').set({ disabled_at: disabled ? now : null }).where('id', '=', id).execute();
}

/** Parents last: a row that points at another goes before it. */
const PARENTS = ['reception_sessions', 'pwa_users', 'staff_accounts', 'runtime'];
const REMOVAL_ORDER = [...[...CLINIC_TABLES].filter((t) => !PARENTS.includes(t)), ...PARENTS] as (keyof Database)[];

/**
 * Deletes every row of the clinic, in every clinic table, then the clinic, its hosts and what group accounts
 * held of it (their grants and handoffs, decision 081).
 */
export async function removeClinic(store: Store, id: string): Promise<void> {
  if (id === DEFAULT_CLINIC) throw new ClinicCommandError(`the clinic ${DEFAULT_CLINIC} is the store's own: disable it instead`);
  await known(store, id);
  const clinic = store.forClinic(id);
  await clinic.db.transaction().execute(async (tx) => {
    for (const table of REMOVAL_ORDER) await tx.deleteFrom(table).execute();
  });
  await store.deployment.transaction().execute(async (tx) => {
    await tx.deleteFrom('clinic_hosts').where('clinic_id', '=', id).execute();
    await tx.deleteFrom('group_account_clinics').where('clinic_id', '=', id).execute();
    await tx.deleteFrom('group_handoffs').where('clinic_id', '=', id).execute();
    await tx.deleteFrom('clinics').where('id', '=', id).execute();
  });
}

/** One clinic's rows as a backup file's lines (decision 027's format): nothing of any other clinic. */
export async function exportClinic(store: Store, id: string, write: (line: string) => void | Promise<void>): Promise<number> {
  await known(store, id);
  return writeBackup(store.forClinic(id), write);
}

/** A clinic exported elsewhere, made here under `id` (new, or replacing an existing one's rows), ids kept. */
export async function importClinic(
  store: Store,
  id: string,
  lines: () => Lines,
  options: { replace: boolean; now: string },
): Promise<number> {
  const exists = await store.deployment.selectFrom('clinics').select('id').where('id', '=', id).executeTakeFirst();
  if (exists && !options.replace) throw new ClinicCommandError(`the clinic ${id} exists already: add --replace to replace its rows`);
  if (!exists) await addClinic(store, id, null, [], options.now);
  try {
    return await restoreBackup(store.forClinic(id), lines);
  } catch (err) {
    // A bad file leaves no half-made clinic behind.
    if (!exists) await removeClinic(store, id);
    throw err;
  }
}
