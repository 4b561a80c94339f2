/** Reads of the entrance kiosk (docs/decisions/072): a kiosk's row, the staff's list, and the reception its screen shows. */
import type { Kysely } from 'kysely';
import type { KioskInfo } from '../../../shared/schemas/kiosk.js';
import type { Database } from '../../storage/schema.js';
import { liveQueueRows, nextFreeInQueue } from '../queues/read.js';
import type { KioskReceptionFacts } from './rule.js';

type Db = Kysely<Database>;

export const readKioskRow = (db: Db, id: string) => db.selectFrom('kiosk_devices').selectAll().where('id', '=', id).executeTakeFirst();

export async function listKiosks(db: Db): Promise<KioskInfo[]> {
  const rows = await db.selectFrom('kiosk_devices').selectAll().orderBy('created_at', 'desc').orderBy('id').limit(200).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, createdBy: r.created_by, revokedAt: r.revoked_at, revokedBy: r.revoked_by }));
}

/**
 * What the kiosk's screen needs, and nothing of any patient: the switches, the queues' names and whether each
 * has a number left (the desk's next-number read, one indexed row per queue), and whether tickets print.
 */
export async function readKioskReception(db: Db): Promise<KioskReceptionFacts & { prints: boolean }> {
  const rt = await db.selectFrom('runtime').select(['inhouse_on', 'current_session_id', 'ticket_set_at']).where('id', '=', 1).executeTakeFirstOrThrow();
  const sessionId = rt.current_session_id;
  const queues: KioskReceptionFacts['queues'] = [];
  for (const q of await liveQueueRows(db)) {
    const nextFree = sessionId && rt.inhouse_on ? await nextFreeInQueue(db, sessionId, q.id) : null;
    queues.push({ id: q.id, nameJa: q.name_ja, nameEn: q.name_en, nextFree });
  }
  return { inhouseOn: rt.inhouse_on === 1, sessionId, queues, prints: rt.ticket_set_at !== null };
}
