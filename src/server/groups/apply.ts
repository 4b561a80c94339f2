/**
 * Group accounts' writes on the request path (decision 081): the group session, the handoff made at the group
 * host and consumed at a clinic's host, and the staff session the handoff opens there. The deployment's
 * tables are written through `store.deployment`; the clinic's staff identity and session through the
 * clinic's own store, whose every statement is that clinic's.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Store } from '../storage/port.js';
import type { GateOptions } from '../auth/fair-gate.js';
import { hashPassword, verifyPassword } from '../auth/password-hashing.js';
import { openStaffSession } from '../auth/staff-accounts.js';
import { AppError } from '../errors.js';
import { groupStaffUsername, HANDOFF_SECONDS, handoffHost, handoffUsable } from './rule.js';

export interface GroupAccount {
  id: string;
  username: string;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');

// Verifying against a real hash when the name is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

/** The account, if `password` is right and it is not disabled; the same cost and answer otherwise (no oracle). */
export async function checkGroupLogin(store: Store, username: string, password: string, turn: GateOptions): Promise<GroupAccount | null> {
  const row = await store.deployment.selectFrom('group_accounts').selectAll().where('username', '=', username).executeTakeFirst();
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const ok = await verifyPassword(row?.password_hash ?? (await dummyHash), password, turn);
  return row && ok && row.disabled_at === null ? { id: row.id, username: row.username } : null;
}

export async function openGroupSession(store: Store, account: GroupAccount, hours: number, now = new Date()): Promise<string> {
  const token = newToken();
  await store.deployment
    .insertInto('group_sessions')
    .values({
      token_hash: sha256(token),
      group_account_id: account.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + hours * 3600_000).toISOString(),
    })
    .execute();
  return token;
}

export async function findGroupSession(store: Store, token: string, now = new Date()): Promise<GroupAccount | null> {
  const row = await store.deployment
    .selectFrom('group_sessions')
    .innerJoin('group_accounts', 'group_accounts.id', 'group_sessions.group_account_id')
    .select(['group_accounts.id', 'group_accounts.username'])
    .where('group_sessions.token_hash', '=', sha256(token))
    .where('group_sessions.expires_at', '>', now.toISOString())
    .where('group_accounts.disabled_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

export async function closeGroupSession(store: Store, token: string): Promise<void> {
  await store.deployment.deleteFrom('group_sessions').where('token_hash', '=', sha256(token)).execute();
}

/**
 * A one-time handoff to `clinicId`'s staff screen, for an account given that clinic while it is open and has
 * a host: the token (stored hashed, good for HANDOFF_SECONDS) and the host it is good at.
 */
export async function createHandoff(store: Store, account: GroupAccount, clinicId: string, now = new Date()): Promise<{ token: string; host: string }> {
  const [grant, clinic, host] = await Promise.all([
    store.deployment
      .selectFrom('group_account_clinics')
      .select('clinic_id')
      .where('group_account_id', '=', account.id)
      .where('clinic_id', '=', clinicId)
      .executeTakeFirst(),
    store.deployment.selectFrom('clinics').select('disabled_at').where('id', '=', clinicId).executeTakeFirst(),
    store.deployment.selectFrom('clinic_hosts').select('host').where('clinic_id', '=', clinicId).orderBy('host').executeTakeFirst(),
  ]);
  const to = handoffHost({ granted: grant !== undefined && clinic !== undefined, disabled: clinic?.disabled_at != null, host: host?.host ?? null });
  const token = newToken();
  await store.deployment
    .insertInto('group_handoffs')
    .values({
      token_hash: sha256(token),
      group_account_id: account.id,
      clinic_id: clinicId,
      expires_at: new Date(now.getTime() + HANDOFF_SECONDS * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  return { token, host: to };
}

const expired = () => new AppError('UNAUTHENTICATED', 'error.handoffExpired');

/**
 * Spends the handoff `token` at `clinic`'s host and signs the browser in there: one conditional update marks
 * it used only if it is this clinic's, unused and unexpired, so two presentations cannot both pass; the
 * account must still be enabled and given the clinic. Then the account's staff identity in the clinic is
 * found (or made) and a staff session opened, its audit row `groupHandoff`. Refused: error.handoffExpired,
 * with nothing changed but the token spent when it was this clinic's.
 */
export async function consumeHandoff(
  clinic: Store,
  token: string,
  { hours, from, now = new Date() }: { hours: number; from: string; now?: Date },
): Promise<{ session: string; username: string }> {
  const hash = sha256(token);
  const row = await clinic.deployment.selectFrom('group_handoffs').selectAll().where('token_hash', '=', hash).executeTakeFirst();
  if (!handoffUsable(row, clinic.clinic, now)) throw expired();
  const spent = await clinic.deployment
    .updateTable('group_handoffs')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hash)
    .where('clinic_id', '=', clinic.clinic)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  if (Number(spent.numUpdatedRows) !== 1) throw expired();
  const account = await clinic.deployment
    .selectFrom('group_accounts')
    .innerJoin('group_account_clinics', 'group_account_clinics.group_account_id', 'group_accounts.id')
    .select(['group_accounts.id', 'group_accounts.username'])
    .where('group_accounts.id', '=', row!.group_account_id)
    .where('group_account_clinics.clinic_id', '=', clinic.clinic)
    .where('group_accounts.disabled_at', 'is', null)
    .executeTakeFirst();
  if (!account) throw expired();
  const staff = await staffIdentity(clinic, account);
  const session = await openStaffSession(clinic, staff, hours, { from, action: 'groupHandoff' });
  return { session, username: staff.username };
}

/**
 * The account's staff identity in the clinic, `<username>@group`, made at its first handoff. Its hash never
 * verifies (not argon2 at all), so it signs in by a handoff only. A row of that name from an imported clinic
 * is taken over by this deployment's account of that name. One the clinic's operator disabled stays shut.
 */
async function staffIdentity(clinic: Store, account: GroupAccount): Promise<{ id: string; username: string }> {
  const username = groupStaffUsername(account.username);
  const found = async () => clinic.db.selectFrom('staff_accounts').select(['id', 'disabled_at', 'group_account_id']).where('username', '=', username).executeTakeFirst();
  let row = await found();
  if (!row) {
    try {
      await clinic.db
        .insertInto('staff_accounts')
        .values({ id: randomUUID(), username, password_hash: '!group-handoff-only', created_at: new Date().toISOString(), disabled_at: null, group_account_id: account.id })
        .execute();
    } catch (err) {
      // Two first handoffs at once: the other made it.
      if (!clinic.isUniqueViolation(err)) throw err;
    }
    row = await found();
  }
  if (!row || row.disabled_at !== null) throw expired();
  if (row.group_account_id !== account.id) {
    await clinic.db.updateTable('staff_accounts').set({ group_account_id: account.id }).where('id', '=', row.id).execute();
  }
  return { id: row.id, username };
}

/** Whether a staff member is a group account's identity: their `me` then carries the group page's address. */
export async function isGroupIdentity(clinic: Store, staffId: string): Promise<boolean> {
  const row = await clinic.db.selectFrom('staff_accounts').select('group_account_id').where('id', '=', staffId).executeTakeFirst();
  return row?.group_account_id != null;
}
