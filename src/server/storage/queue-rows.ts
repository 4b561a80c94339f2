/**
 * What every part of the server needs of the queues table (migration 0022, decision 061) below the domain:
 * the first queue's id, making it, and the sum of the queues' versions that a snapshot's version adds to
 * the runtime row's (each write bumps exactly one of them, so the sum orders snapshots as one counter did).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from './schema.js';

/** The queue of a clinic that never defined another; a payload without a queue means the first queue. */
export const MAIN_QUEUE = 'main';

/** The one queue an existing store (or an older backup) gets: today's settings, numbered from 1. */
export async function insertMainQueue(db: Kysely<Database> | Transaction<Database>, now: string): Promise<void> {
  const runtime = await db.selectFrom('runtime').select(['online_cap', 'keep_every', 'family_max']).where('id', '=', 1).executeTakeFirstOrThrow();
  await db
    .insertInto('queues')
    .values({ id: MAIN_QUEUE, position: 0, name_ja: '一般', name_en: 'General', description_ja: null, description_en: null, first_number: 1, online: 1, hours: null, version: 0, created_at: now, removed_at: null, ...runtime })
    .execute();
}

/** The sum of every queue's version, removed ones included (their versions stay counted). */
export async function queueVersions(db: Kysely<Database> | Transaction<Database>): Promise<number> {
  const row = await db
    .selectFrom('queues')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('version'), sql<number>`0`).as('v'))
    .executeTakeFirstOrThrow();
  return Number(row.v);
}
