/**
 * Reading the clinic's queues (decision 061): the live ones in order as the wire shows them, the first
 * queue's row (what a payload without a queue means), the clinic's choices across queues, and the open
 * session's counts the rule weighs.
 */
import type { Kysely, Transaction } from 'kysely';
import { queueHoursSchema, type QueueChoices, type QueueInfo } from '../../../shared/schemas/queues.js';
import type { QueueHours } from '../../../shared/queue/queue-hours.js';
import { AppError } from '../../errors.js';
import type { Database, QueueTable, RuntimeTable } from '../../storage/schema.js';
import { type LiveQueue, queueNameInText } from './rule.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Stored hours as the wire's; a text that no longer parses is the clinic's calendar (never a 500 on a read). */
export function parseHours(text: string | null): QueueHours {
  if (text === null) return null;
  try {
    const parsed = queueHoursSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function queueInfo(row: QueueTable): QueueInfo {
  return {
    id: row.id,
    nameJa: row.name_ja,
    nameEn: row.name_en,
    ...(row.description_ja ? { descriptionJa: row.description_ja } : {}),
    ...(row.description_en ? { descriptionEn: row.description_en } : {}),
    firstNumber: row.first_number,
    online: row.online === 1,
    onlineCap: row.online_cap,
    keepEvery: row.keep_every,
    familyMax: row.family_max,
    hours: parseHours(row.hours),
  };
}

/** The live queues' rows in position order. */
export const liveQueueRows = (db: Db) => db.selectFrom('queues').selectAll().where('removed_at', 'is', null).orderBy('position').orderBy('id').execute();

/** The live queues in position order, as every screen reads them. */
/** The lowest number of a queue's session not yet handed out (one indexed read, slots_queue_free), or null. */
export async function nextFreeInQueue(db: Db, sessionId: string, queueId: string): Promise<number | null> {
  const free = await db
    .selectFrom('reservation_slots')
    .select('reservation_number')
    .where('session_id', '=', sessionId)
    .where('queue_id', '=', queueId)
    .where('is_reserved', '=', 0)
    .orderBy('reservation_number')
    .limit(1)
    .executeTakeFirst();
  return free?.reservation_number ?? null;
}

export async function listQueues(db: Db): Promise<QueueInfo[]> {
  return (await liveQueueRows(db)).map(queueInfo);
}

/** The first live queue's row: what a payload without a queue means. */
export async function firstQueueRow(db: Db): Promise<QueueTable> {
  const row = await db.selectFrom('queues').selectAll().where('removed_at', 'is', null).orderBy('position').orderBy('id').limit(1).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'error.unknownQueue');
  return row;
}

/** A live queue's row by id, or the first queue's for none; NOT_FOUND error.unknownQueue for another. */
export async function liveQueueRow(db: Db, id: string | undefined): Promise<QueueTable> {
  if (id === undefined) return firstQueueRow(db);
  const row = await db.selectFrom('queues').selectAll().where('id', '=', id).where('removed_at', 'is', null).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND', 'error.unknownQueue');
  return row;
}

export const toLiveQueue = (row: QueueTable): LiveQueue => ({
  id: row.id,
  position: row.position,
  nameJa: row.name_ja,
  nameEn: row.name_en,
  firstNumber: row.first_number,
});

export const queueChoices = (runtime: Pick<RuntimeTable, 'queue_any' | 'number_per_queue'>): QueueChoices => ({
  anyQueue: runtime.queue_any === 1,
  numberPerQueue: runtime.number_per_queue === 1,
});

/**
 * The queue's numbers of the open session: `taken` (reserved at all) and `waiting` (still in the queue:
 * not cancelled, not started; held ones wait too). Both 0 when no session is open.
 */
export async function sessionCounts(
  db: Db,
  runtime: Pick<RuntimeTable, 'inhouse_on' | 'current_session_id'>,
  queueId: string,
): Promise<{ taken: number; waiting: number }> {
  if (!runtime.inhouse_on || runtime.current_session_id === null) return { taken: 0, waiting: 0 };
  const rows = await db
    .selectFrom('reservation_slots')
    .select(['canceled', 'is_reception_accepted', 'canceled_line_at', 'canceled_pwa_at'])
    .where('session_id', '=', runtime.current_session_id)
    .where('queue_id', '=', queueId)
    .where('is_reserved', '=', 1)
    .execute();
  const waiting = rows.filter((r) => !r.canceled && !r.is_reception_accepted && r.canceled_line_at === null && r.canceled_pwa_at === null).length;
  return { taken: rows.length, waiting };
}

/** The name a notice gives `queueId`'s numbers in `lang`: null for a one-queue clinic (rule.ts, queueNameInText). */
export async function queueNameForNotice(db: Db, queueId: string, lang: 'ja' | 'en'): Promise<string | null> {
  const live = await db.selectFrom('queues').select(['id', 'name_ja', 'name_en']).where('removed_at', 'is', null).execute();
  return queueNameInText(live.map((q) => ({ id: q.id, nameJa: q.name_ja, nameEn: q.name_en })), queueId, lang);
}
