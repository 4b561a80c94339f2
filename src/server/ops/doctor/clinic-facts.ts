/**
 * What `npm run doctor` finds out about each clinic of the store (decisions 078, 079): its state, its hosts,
 * its staff, and LINE's answers to the channels the clinic runs with — the same `Config` its runtime is made
 * from (runtimeConfig), so the doctor checks what the server will use, not the environment alone. A clinic
 * other than `default` has no PUBLIC_ORIGIN of its own: patients reach it at its hosts, so its LIFF
 * endpoints, callback and webhook are checked against `https://<its first host>`.
 */
import type { Config } from '../../config.js';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runtimeConfig } from '../../clinics/clinic-config.js';
import { readClinicOverlay, type UnusableSetting } from '../../clinics/line-channels.js';
import { DEFAULT_CLINIC } from '../../storage/migration-0031-clinics.js';
import { openStore } from '../../storage/open-store.js';
import type { Store } from '../../storage/port.js';
import { listClinics } from '../clinics.js';
import type { DoctorFacts } from './facts.js';
import { gatherLogin, gatherMessaging, gatherMiniApp, gatherStore, readVapidFile, storeFailed, withinSeconds } from './gather.js';
import type { DeploymentFacts } from './clinic-checks.js';

export interface ClinicFacts {
  id: string;
  /** The operator's name for it (`npm run clinic -- add --name`). */
  name: string | null;
  disabled: boolean;
  hosts: string[];
  staff: { active: number; disabled: number };
  /** Stored settings the server leaves out (a secret that does not open with this server's key, a value no longer valid). */
  unusable: UnusableSetting[];
  /** LINE's answers to the clinic's own channels, with the config they were asked with; null for a disabled clinic (not asked). */
  line: Pick<DoctorFacts, 'config' | 'login' | 'messaging' | 'miniApp'> | null;
}

export type ClinicsFacts =
  | { ok: true; clinics: ClinicFacts[] }
  /** The store could not be read, or `--clinic` named a clinic it does not hold. */
  | { ok: false; error: string };

/**
 * The server's secret as the server would read it, without generating one (the doctor writes nothing of its
 * own): none yet means no setting was sealed with it, and any sealed secret is reported as not opening.
 */
export function readServerSecret(config: Config): string | null {
  if (config.TOKEN_SECRET) return config.TOKEN_SECRET;
  try {
    return readFileSync(join(config.DATA_DIR, 'token-secret'), 'utf8').trim();
  } catch {
    return null;
  }
}

/** The origin a clinic's patients reach it at: the environment's for `default`, else its first listed host's. */
function originOf(config: Config, id: string, hosts: string[]): string | undefined {
  if (id === DEFAULT_CLINIC) return config.PUBLIC_ORIGIN;
  return hosts[0] === undefined ? undefined : `https://${hosts[0]}`;
}

async function gatherClinic(store: Store, deployment: Config, secret: string, entry: Awaited<ReturnType<typeof listClinics>>[number]): Promise<ClinicFacts> {
  const own = store.forClinic(entry.id);
  const [overlay, staffRow, stamp] = await Promise.all([
    readClinicOverlay(own, secret),
    own.db
      .selectFrom('staff_accounts')
      .select((eb) => [eb.fn.countAll<number | string>().as('all'), eb.fn.count<number | string>('disabled_at').as('disabled')])
      .executeTakeFirstOrThrow(),
    own.db.selectFrom('line_channels').select('updated_at').executeTakeFirst(),
  ]);
  const disabledStaff = Number(staffRow.disabled);
  const base = {
    id: entry.id,
    name: entry.name,
    disabled: entry.disabledAt !== null,
    hosts: entry.hosts,
    staff: { active: Number(staffRow.all) - disabledStaff, disabled: disabledStaff },
    unusable: overlay.unusable,
  };
  if (base.disabled) return { ...base, line: null };
  const config = runtimeConfig(deployment, { id: entry.id, name: entry.name, settingsStamp: stamp?.updated_at ?? null }, overlay.config);
  config.PUBLIC_ORIGIN = originOf(deployment, entry.id, entry.hosts);
  const [login, messaging, miniApp] = await Promise.all([gatherLogin(config), gatherMessaging(config), gatherMiniApp(config)]);
  return { ...base, line: { config, login, messaging, miniApp } };
}

/** Every clinic of the store, or only `only`; the outside calls of all clinics go at once, each with its timeout. */
export async function gatherClinics(config: Config, only?: string): Promise<ClinicsFacts> {
  let store: Store;
  try {
    store = await openStore(config);
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  }
  try {
    const all = await listClinics(store);
    // `default` first (the one-clinic server's own), then the others by id.
    const chosen = (only === undefined ? all : all.filter((c) => c.id === only)).sort((a, b) => Number(b.id === DEFAULT_CLINIC) - Number(a.id === DEFAULT_CLINIC));
    if (chosen.length === 0) return { ok: false, error: only === undefined ? 'the store holds no clinic' : `no clinic ${only} (npm run clinic -- list)` };
    const secret = readServerSecret(config) ?? '';
    return { ok: true, clinics: await Promise.all(chosen.map((entry) => gatherClinic(store, config, secret, entry))) };
  } catch (err) {
    return { ok: false, error: (err as Error).message };
  } finally {
    await store.close();
  }
}

/**
 * Everything `npm run doctor` judges: the store first (opening it migrates it), then every clinic, or only
 * `only`. Migrating a large store on first open takes longer than one outside call: six timeouts for each.
 */
export async function gatherDeployment(config: Config, only?: string): Promise<DeploymentFacts> {
  const seconds = config.DOCTOR_TIMEOUT_SECONDS * 6;
  const store = await withinSeconds(gatherStore(config), seconds, storeFailed);
  const clinics: ClinicsFacts = store.ok
    ? await withinSeconds(gatherClinics(config, only), seconds, (error): ClinicsFacts => ({ ok: false, error }))
    : { ok: false, error: 'not read: the store could not be opened' };
  return { config, store, vapidFile: readVapidFile(config), secretFile: existsSync(join(config.DATA_DIR, 'token-secret')), clinics };
}
