/**
 * The doctor's report for a deployment of several clinics (decision 078): one section of what the whole
 * deployment shares (store, server secret, Web Push, proxy, clock), then one section per clinic — its state,
 * its hosts, its own settings, its staff, and the LINE and public-origin checks run against the channels that
 * clinic runs with. Pure functions of the facts, like checks.ts.
 */
import type { Config } from '../../config.js';
import { DEFAULT_CLINIC } from '../../storage/migration-0031-clinics.js';
import type { ClinicFacts, ClinicsFacts } from './clinic-facts.js';
import type { CheckResult, DoctorFacts, StoreFacts, VapidFile } from './facts.js';
import { lineChannelChecks } from './checks.js';
import { checkClock, checkPublicOrigin, checkStaffAccounts, checkStore, checkVapidKeys, checkVapidSubject } from './local-checks.js';
import { checkClientAddresses } from './proxy-checks.js';

export interface DeploymentFacts {
  config: Config;
  store: StoreFacts;
  vapidFile: VapidFile;
  /** DATA_DIR/token-secret exists (read when TOKEN_SECRET is unset). */
  secretFile: boolean;
  clinics: ClinicsFacts;
}

export interface Section {
  title: string;
  results: CheckResult[];
}

const NO_PROBES = { login: { token: null, apps: null }, messaging: { bot: null, quota: null, consumption: null, webhook: null } };

export function checkServerSecret({ config, secretFile }: DeploymentFacts): CheckResult {
  const name = 'server secret';
  if (config.TOKEN_SECRET) return { name, status: 'ok', detail: 'set in TOKEN_SECRET' };
  const file = `${config.DATA_DIR}/token-secret`;
  const where = secretFile ? `in ${file}` : `not yet generated; the server generates it into ${file} at its first start`;
  // Every process signs patients' tokens and opens the clinics' LINE secrets with it: they must share one.
  if (config.DATABASE_URL) {
    return { name, status: 'warn', detail: `TOKEN_SECRET is not set; ${where}`, fix: 'with several processes, set the same TOKEN_SECRET on every process (or share DATA_DIR)' };
  }
  return { name, status: 'ok', detail: where };
}

/** What the deployment shares. The clock is compared with the first LINE answer any clinic had. */
export function deploymentChecks(facts: DeploymentFacts): CheckResult[] {
  const one: DoctorFacts = { config: facts.config, store: facts.store, vapidFile: facts.vapidFile, ...NO_PROBES };
  const asked = facts.clinics.ok ? facts.clinics.clinics.flatMap((c) => (c.line ? [c.line] : [])) : [];
  const clockFrom = asked.find((l) => l.messaging.bot?.kind === 'answer') ?? asked[0];
  const clinics: CheckResult = facts.clinics.ok
    ? { name: 'clinics', status: 'ok', detail: `${facts.clinics.clinics.length} checked` }
    : { name: 'clinics', status: 'fail', detail: facts.clinics.error, fix: 'npm run clinic -- list shows the clinics of this store' };
  return [
    checkStore(one),
    clinics,
    checkServerSecret(facts),
    checkVapidKeys(one),
    checkVapidSubject(one),
    checkClientAddresses(one),
    checkClock(clockFrom ? { ...one, ...clockFrom } : one),
  ];
}

function checkState(clinic: ClinicFacts): CheckResult {
  const named = clinic.name ? `"${clinic.name}"` : 'no name';
  if (clinic.disabled) return { name: 'state', status: 'ok', detail: `disabled (${named}): its hosts answer "closed"; its settings are not checked` };
  return { name: 'state', status: 'ok', detail: `open (${named})` };
}

function checkHosts(clinic: ClinicFacts): CheckResult {
  const name = 'hosts';
  if (clinic.hosts.length > 0) return { name, status: 'ok', detail: clinic.hosts.join(', ') };
  if (clinic.id === DEFAULT_CLINIC) return { name, status: 'ok', detail: 'none listed: it answers every host no other clinic lists' };
  if (clinic.disabled) return { name, status: 'ok', detail: 'none listed' };
  return {
    name,
    status: 'fail',
    detail: 'none listed: nobody can reach this clinic',
    fix: `npm run clinic -- host-add ${clinic.id} <host> (and point that name at this server)`,
  };
}

function checkOwnSettings(clinic: ClinicFacts): CheckResult {
  const name = 'own settings';
  if (clinic.unusable.length === 0) return { name, status: 'ok', detail: clinic.id === DEFAULT_CLINIC ? 'the environment, with what the store sets over it' : 'from the store (npm run clinic -- line)' };
  const named = clinic.unusable.map((u) => `${u.name} (${u.reason === 'unopened' ? 'does not open with this server secret' : 'no longer valid'})`).join(', ');
  return {
    name,
    status: 'fail',
    detail: `left unused by the server: ${named}`,
    fix: `set them again with npm run clinic -- line ${clinic.id} --env <file>, or restore the TOKEN_SECRET they were sealed with`,
  };
}

function clinicStaff(clinic: ClinicFacts, store: StoreFacts): CheckResult {
  if (!store.ok) return checkStaffAccounts({ store } as DoctorFacts);
  const result = checkStaffAccounts({ store: { ...store, activeStaff: clinic.staff.active, disabledStaff: clinic.staff.disabled } } as DoctorFacts);
  const forClinic = clinic.id === DEFAULT_CLINIC ? '' : ` --clinic ${clinic.id}`;
  return result.fix ? { ...result, fix: result.fix.replace(/<username>/g, `<username>${forClinic}`) } : result;
}

/** One clinic's checks: state, hosts, own settings, staff, then LINE and the public origin with its own channels. */
export function clinicChecks(clinic: ClinicFacts, deployment: DeploymentFacts): CheckResult[] {
  // A disabled clinic serves nobody: its staff and settings wait until it is enabled again.
  if (clinic.disabled || !clinic.line) return [checkState(clinic), checkHosts(clinic)];
  const head = [checkState(clinic), checkHosts(clinic), checkOwnSettings(clinic), clinicStaff(clinic, deployment.store)];
  const facts: DoctorFacts = { ...clinic.line, store: deployment.store, vapidFile: deployment.vapidFile };
  // A clinic other than `default` is reached at its hosts (clinic-facts.ts): with none, it has no origin to check.
  const origin: CheckResult =
    clinic.id !== DEFAULT_CLINIC && clinic.hosts.length === 0
      ? { name: 'public origin', status: 'warn', detail: 'none: the clinic lists no host (see hosts)', fix: `npm run clinic -- host-add ${clinic.id} <host>` }
      : checkPublicOrigin(facts);
  return [
    ...head,
    origin,
    ...lineChannelChecks(facts),
  ];
}

export function doctorSections(facts: DeploymentFacts): Section[] {
  const sections = [{ title: 'deployment', results: deploymentChecks(facts) }];
  if (!facts.clinics.ok) return sections;
  for (const clinic of facts.clinics.clinics) sections.push({ title: `clinic ${clinic.id}`, results: clinicChecks(clinic, facts) });
  return sections;
}
