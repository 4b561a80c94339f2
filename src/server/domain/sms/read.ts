/** What is read of SMS: the provider settings as the sender needs them, a reservation's number, the masked list. */
import type { Kysely, Transaction } from 'kysely';
import type { Sealer } from '../../auth/sealed.js';
import type { Database, RuntimeTable } from '../../storage/schema.js';
import { numberContext, TOKEN_CONTEXT } from './keys.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface SmsAccount {
  accountSid: string;
  authToken: string;
  from: string;
}

type SmsColumns = Pick<RuntimeTable, 'sms_on' | 'sms_account_sid' | 'sms_auth_token' | 'sms_from'>;

/** The account to send with, or null while SMS is off or incomplete (or its token no longer opens). */
export function smsAccount(row: SmsColumns, seal: Sealer): SmsAccount | null {
  if (row.sms_on !== 1 || !row.sms_account_sid || !row.sms_from || !row.sms_auth_token) return null;
  const authToken = seal.open(row.sms_auth_token, TOKEN_CONTEXT);
  return authToken ? { accountSid: row.sms_account_sid, authToken, from: row.sms_from } : null;
}

export async function readSmsAccount(db: Db, seal: Sealer): Promise<SmsAccount | null> {
  const row = await db.selectFrom('runtime').select(['sms_on', 'sms_account_sid', 'sms_auth_token', 'sms_from']).where('id', '=', 1).executeTakeFirstOrThrow();
  return smsAccount(row, seal);
}

/** A reservation's number in E.164, or null when it has none (any more). */
export async function smsNumberOf(db: Db, seal: Sealer, slotId: string): Promise<string | null> {
  const row = await db.selectFrom('sms_numbers').select('phone').where('slot_id', '=', slotId).executeTakeFirst();
  return row ? seal.open(row.phone, numberContext(slotId)) : null;
}

/** slotId → the masked number, for every reservation with one (the staff list; never the number itself). */
export async function maskedNumbers(db: Db): Promise<Record<string, string>> {
  const rows = await db.selectFrom('sms_numbers').select(['slot_id', 'masked']).execute();
  return Object.fromEntries(rows.map((r) => [r.slot_id, r.masked]));
}

/** The ids of `slotIds` that have a number. */
export async function withNumbers(db: Db, slotIds: readonly string[]): Promise<Set<string>> {
  if (slotIds.length === 0) return new Set();
  const rows = await db.selectFrom('sms_numbers').select('slot_id').where('slot_id', 'in', slotIds).execute();
  return new Set(rows.map((r) => r.slot_id));
}
