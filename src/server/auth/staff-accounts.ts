/** Staff accounts (argon2id, memory-hard) and their cookie sessions (random token, stored hashed). */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Store } from '../storage/port.js';
import { hashPassword, verifyPassword } from './password-hashing.js';

export interface Staff {
  id: string;
  username: string;
}

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

// Through a gate that caps concurrent hashing (password-hashing.ts); a wrong or unreadable hash is false.
const hash = hashPassword;
const verify = verifyPassword;

export async function addStaffAccount(store: Store, username: string, password: string): Promise<Staff> {
  if (!USERNAME_PATTERN.test(username)) throw new Error('username: letters, digits, . _ - only (1–64)');
  if (password.length < 8) throw new Error('password: at least 8 characters');
  const account = { id: randomUUID(), username };
  await store.db
    .insertInto('staff_accounts')
    .values({ ...account, password_hash: await hash(password), created_at: new Date().toISOString() })
    .execute();
  return account;
}

// Verifying against a real hash when the user is unknown keeps both answers equally slow.
let dummyHash: Promise<string> | undefined;

export async function checkStaffPassword(store: Store, username: string, password: string): Promise<Staff | null> {
  const row = await store.db.selectFrom('staff_accounts').selectAll().where('username', '=', username).executeTakeFirst();
  dummyHash ??= hash(randomBytes(16).toString('hex'));
  const ok = await verify(row?.password_hash ?? (await dummyHash), password);
  return row && ok ? { id: row.id, username: row.username } : null;
}

export async function openStaffSession(store: Store, staff: Staff, hours: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await store.db
    .insertInto('staff_sessions')
    .values({
      token_hash: sha256(token),
      staff_id: staff.id,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + hours * 3600_000).toISOString(),
    })
    .execute();
  return token;
}

export async function findStaffSession(store: Store, token: string, now = new Date()): Promise<Staff | null> {
  const row = await store.db
    .selectFrom('staff_sessions')
    .innerJoin('staff_accounts', 'staff_accounts.id', 'staff_sessions.staff_id')
    .select(['staff_accounts.id', 'staff_accounts.username'])
    .where('staff_sessions.token_hash', '=', sha256(token))
    .where('staff_sessions.expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Ends one session (by its token) or every session of a staff member ("sign out everywhere"). A store
 * write with an event, so open admin streams in every process re-check their sessions at once.
 */
export async function closeStaffSessions(store: Store, which: { token: string } | { staffId: string }): Promise<void> {
  await store.write(async ({ tx, emit }) => {
    const query = tx.deleteFrom('staff_sessions');
    await ('token' in which
      ? query.where('token_hash', '=', sha256(which.token))
      : query.where('staff_id', '=', which.staffId)
    ).execute();
    emit({ type: 'staffSignedOut' });
  });
}
