/** Staff accounts (argon2id, memory-hard) and their cookie sessions (random token, stored hashed). */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Transaction } from 'kysely';
import { type Actor, writeAudit } from '../domain/audit.js';
import type { Store, WriteContext } from '../storage/port.js';
import type { Database } from '../storage/schema.js';
import type { GateOptions } from './fair-gate.js';
import { hashPassword, verifyPassword } from './password-hashing.js';
import { revokeDevices } from './staff-devices.js';

export interface Staff {
  id: string;
  username: string;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

// Through a gate that caps concurrent hashing (password-hashing.ts); a wrong or unreadable hash is false.
const hash = hashPassword;
const verify = verifyPassword;

function checkNewPassword(password: string) {
  if (password.length < 8) throw new Error('password: at least 8 characters');
}

export async function addStaffAccount(store: Store, username: string, password: string): Promise<Staff> {
  if (!USERNAME_PATTERN.test(username)) throw new Error('username: letters, digits, . _ - only (1–64)');
  checkNewPassword(password);
  const account = { id: randomUUID(), username };
  await store.db
    .insertInto('staff_accounts')
    .values({ ...account, password_hash: await hash(password), created_at: new Date().toISOString() })
    .execute();
  return account;
}

// Verifying against a real hash when the user is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

/**
 * The account, if `password` is right, with the device generation read with the hash it was checked
 * against (a device cookie issued under it is revoked by any later change). `turn`: whose turn it is at the
 * hashing gate (the client address's limit key, or a known device's).
 */
export async function checkStaffPassword(
  store: Store,
  username: string,
  password: string,
  turn: GateOptions = {},
): Promise<(Staff & { deviceEpoch: number }) | null> {
  const row = await store.db.selectFrom('staff_accounts').selectAll().where('username', '=', username).executeTakeFirst();
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  // The gate's refusal (too many sign-ins hashing at once) must reach the caller: no catch here.
  const ok = await verify(row?.password_hash ?? (await dummyHash), password, turn);
  // A disabled account costs the same hash and gets the same answer as a wrong password: no oracle.
  return row && ok && row.disabled_at === null ? { id: row.id, username: row.username, deviceEpoch: Number(row.device_epoch) } : null;
}

/**
 * Signs `staff` in: the session and its audit row (`action`, `login` unless a group account's handoff, from
 * `from`) commit together. `now` dates the session (tests open one already expired); the audit row carries
 * the write's own time.
 */
export async function openStaffSession(
  store: Store,
  staff: Staff,
  hours: number,
  { from = null, now = new Date(), action = 'login' }: { from?: string | null; now?: Date; action?: 'login' | 'groupHandoff' } = {},
): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.write(async ({ tx, now: at }) => {
    await tx
      .insertInto('staff_sessions')
      .values({
        token_hash: sha256(token),
        staff_id: staff.id,
        created_at: now.toISOString(),
        expires_at: new Date(now.getTime() + hours * 3600_000).toISOString(),
      })
      .execute();
    await writeAudit(tx, staff, { action, target: from }, at);
  });
  return token;
}

export async function findStaffSession(store: Store, token: string, now = new Date()): Promise<Staff | null> {
  const row = await store.db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
    .select(['staff_accounts.id', 'staff_accounts.username'])
    .where('staff_sessions.token_hash', '=', sha256(token))
    .where('staff_sessions.expires_at', '>', now.toISOString())
    .where('staff_accounts.disabled_at', 'is', null)
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Signs `staff` out of one session (by its token) or of every session ("sign out everywhere", which also
 * revokes the account's device cookies: a lost or shared PC), with its audit row (`logout`, from `from`) in
 * the same write. The write carries an event, so open admin streams in every process re-check their
 * sessions at once.
 */
export async function closeStaffSessions(store: Store, staff: Staff, which: { token: string } | 'everywhere', from: string): Promise<void> {
  await store.write(async (ctx) => {
    await endSessions(ctx, which === 'everywhere' ? { staffId: staff.id } : which);
    if (which === 'everywhere') await revokeDevices(ctx.tx, staff.id);
    await writeAudit(ctx.tx, staff, { action: 'logout', target: from }, ctx.now);
  });
}

async function endSessions({ tx, emit }: WriteContext, which: { token: string } | { staffId: string }) {
  const query = tx.deleteFrom('staff_sessions');
  await ('token' in which
    ? query.where('token_hash', '=', sha256(which.token))
    : query.where('staff_id', '=', which.staffId)
  ).execute();
  emit({ type: 'staffSignedOut' });
}

/** What an operator does to an account from the command line (`npm run staff -- …`). */
export type StaffChange = { action: 'disable' } | { action: 'enable' } | { action: 'remove' } | { action: 'passwd'; password: string };

/** The command line acts as no staff member: its audit rows say so. */
export const CLI_ACTOR: Actor = { id: null, username: 'cli' };

type Change = (tx: Transaction<Database>, id: string, now: string) => Promise<unknown>;

/**
 * Applies `change` to the account named `username`; false if there is none. Every change ends the
 * account's sessions and revokes its device cookies: the account change, the sessions' end and the audit
 * row commit together, and open admin streams in every process re-check at once (as at sign-out).
 */
export async function changeStaffAccount(store: Store, username: string, change: StaffChange, actor = CLI_ACTOR): Promise<boolean> {
  // Hashed before the write: argon2 is slow, and a write holds the one writer lock.
  let newHash = '';
  if (change.action === 'passwd') {
    checkNewPassword(change.password);
    newHash = await hash(change.password);
  }
  const apply: Record<StaffChange['action'], Change> = {
    disable: (tx, id, now) => tx.updateTable('staff_accounts').set({ disabled_at: now }).where('id', '=', id).execute(),
    enable: (tx, id) => tx.updateTable('staff_accounts').set({ disabled_at: null }).where('id', '=', id).execute(),
    passwd: (tx, id) => tx.updateTable('staff_accounts').set({ password_hash: newHash }).where('id', '=', id).execute(),
    remove: (tx, id) => tx.deleteFrom('staff_accounts').where('id', '=', id).execute(),
  };
  return store.write(async (ctx) => {
    const row = await ctx.tx.selectFrom('staff_accounts').select('id').where('username', '=', username).executeTakeFirst();
    if (!row) return false;
    await endSessions(ctx, { staffId: row.id }); // before a removal: sessions reference the account
    await revokeDevices(ctx.tx, row.id);
    await apply[change.action](ctx.tx, row.id, ctx.now);
    await writeAudit(ctx.tx, actor, { action: `staff.${change.action}`, target: username }, ctx.now);
    return true;
  });
}
