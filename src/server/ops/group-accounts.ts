/**
 * The operator's group accounts (decision 081), what `npm run clinic -- group …` runs: add one (with the
 * clinics it is given), list them, give and take a clinic, set a new password, disable, enable and remove
 * one. Taking a clinic ends the account's handed-off staff sessions in that clinic; disabling or removing
 * it ends its group sessions and every handed-off staff session, so their next request is refused.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../storage/port.js';
import { hashPassword } from '../auth/password-hashing.js';
import { CLI_ACTOR } from '../auth/staff-accounts.js';
import { writeAudit } from '../domain/audit.js';
import { checkGroupPassword, checkGroupUsername } from '../groups/rule.js';
import { ClinicCommandError, known } from './clinics.js';

export interface GroupAccountEntry {
  username: string;
  clinics: string[];
  createdAt: string;
  disabledAt: string | null;
}

async function accountId(store: Store, username: string): Promise<string> {
  const row = await store.deployment.selectFrom('group_accounts').select('id').where('username', '=', username).executeTakeFirst();
  if (!row) throw new ClinicCommandError(`no group account "${username}" (npm run clinic -- group list)`);
  return row.id;
}

export async function addGroupAccount(store: Store, username: string, password: string, clinics: string[], now: string): Promise<void> {
  try {
    checkGroupUsername(username);
    checkGroupPassword(password);
  } catch (err) {
    throw new ClinicCommandError((err as Error).message);
  }
  for (const id of clinics) await known(store, id);
  if (await store.deployment.selectFrom('group_accounts').select('id').where('username', '=', username).executeTakeFirst()) {
    throw new ClinicCommandError(`group account "${username}" already exists`);
  }
  const id = randomUUID();
  const password_hash = await hashPassword(password);
  await store.deployment.transaction().execute(async (tx) => {
    await tx.insertInto('group_accounts').values({ id, username, password_hash, created_at: now, disabled_at: null }).execute();
    for (const clinic of new Set(clinics)) await tx.insertInto('group_account_clinics').values({ group_account_id: id, clinic_id: clinic }).execute();
  });
}

export async function listGroupAccounts(store: Store): Promise<GroupAccountEntry[]> {
  const accounts = await store.deployment.selectFrom('group_accounts').selectAll().orderBy('username').execute();
  const grants = await store.deployment.selectFrom('group_account_clinics').selectAll().orderBy('clinic_id').execute();
  return accounts.map((a) => ({
    username: a.username,
    clinics: grants.filter((g) => g.group_account_id === a.id).map((g) => g.clinic_id),
    createdAt: a.created_at,
    disabledAt: a.disabled_at,
  }));
}

export async function grantClinic(store: Store, username: string, clinic: string): Promise<void> {
  const id = await accountId(store, username);
  await known(store, clinic);
  const had = await store.deployment
    .selectFrom('group_account_clinics')
    .select('clinic_id')
    .where('group_account_id', '=', id)
    .where('clinic_id', '=', clinic)
    .executeTakeFirst();
  if (had) throw new ClinicCommandError(`group account "${username}" is given the clinic ${clinic} already`);
  await store.deployment.insertInto('group_account_clinics').values({ group_account_id: id, clinic_id: clinic }).execute();
}

export async function revokeClinic(store: Store, username: string, clinic: string): Promise<void> {
  const id = await accountId(store, username);
  const gone = await store.deployment
    .deleteFrom('group_account_clinics')
    .where('group_account_id', '=', id)
    .where('clinic_id', '=', clinic)
    .executeTakeFirst();
  if (Number(gone.numDeletedRows) === 0) throw new ClinicCommandError(`group account "${username}" is not given the clinic ${clinic}`);
  await store.deployment.deleteFrom('group_handoffs').where('group_account_id', '=', id).where('clinic_id', '=', clinic).execute();
  await endHandedOffSessions(store, id, [clinic], 'group.revoke');
}

export async function setGroupPassword(store: Store, username: string, password: string): Promise<void> {
  try {
    checkGroupPassword(password);
  } catch (err) {
    throw new ClinicCommandError((err as Error).message);
  }
  const id = await accountId(store, username);
  const password_hash = await hashPassword(password);
  await store.deployment.transaction().execute(async (tx) => {
    await tx.updateTable('group_accounts').set({ password_hash }).where('id', '=', id).execute();
    await tx.deleteFrom('group_sessions').where('group_account_id', '=', id).execute();
  });
}

export async function setGroupDisabled(store: Store, username: string, disabled: boolean, now: string): Promise<void> {
  const id = await accountId(store, username);
  await store.deployment.transaction().execute(async (tx) => {
    await tx.updateTable('group_accounts').set({ disabled_at: disabled ? now : null }).where('id', '=', id).execute();
    if (disabled) await tx.deleteFrom('group_sessions').where('group_account_id', '=', id).execute();
  });
  if (disabled) await endHandedOffSessions(store, id, await everyClinic(store), 'group.disable');
}

/** Deletes the account, its sessions, handoffs and grants. Its staff identities stay in their clinics' audit trails, signed out. */
export async function removeGroupAccount(store: Store, username: string): Promise<void> {
  const id = await accountId(store, username);
  await store.deployment.transaction().execute(async (tx) => {
    await tx.deleteFrom('group_sessions').where('group_account_id', '=', id).execute();
    await tx.deleteFrom('group_handoffs').where('group_account_id', '=', id).execute();
    await tx.deleteFrom('group_account_clinics').where('group_account_id', '=', id).execute();
    await tx.deleteFrom('group_accounts').where('id', '=', id).execute();
  });
  await endHandedOffSessions(store, id, await everyClinic(store), 'group.remove');
}

const everyClinic = async (store: Store) => (await store.deployment.selectFrom('clinics').select('id').execute()).map((c) => c.id);

/**
 * Ends the sessions of the account's staff identity in each of `clinics`, through each clinic's own store:
 * the write carries `staffSignedOut`, so open staff streams in every process re-check at once, and the
 * clinic's audit trail says the operator did it.
 */
async function endHandedOffSessions(store: Store, accountId: string, clinics: string[], action: string): Promise<void> {
  for (const clinic of clinics) {
    const own = store.forClinic(clinic);
    await own.write(async ({ tx, emit, now }) => {
      const identity = await tx.selectFrom('staff_accounts').select(['id', 'username']).where('group_account_id', '=', accountId).executeTakeFirst();
      if (!identity) return;
      await tx.deleteFrom('staff_sessions').where('staff_id', '=', identity.id).execute();
      emit({ type: 'staffSignedOut' });
      await writeAudit(tx, CLI_ACTOR, { action, target: identity.username }, now);
    });
  }
}
