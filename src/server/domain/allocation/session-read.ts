/**
 * What one batch of allocations (write.ts, decision 028) reads before it writes, under the
 * runtime row lock: the session's lowest free numbers, and what its patients already hold. On PostgreSQL a
 * failed statement aborts the whole transaction, so a patient's second active number must be refused from
 * this read, not found by the unique index, or one patient's refusal would undo everyone's numbers.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { PatientFacts } from './decide.js';
import type { TicketQuota } from './quota.js';

export interface BatchSession {
  /** The lowest free numbers, as many as the batch could take; the batch shifts them as it takes them. */
  free: { id: string; reservation_number: number }[];
  /** When the session opened (the per-address quota is dated by it); '' when no request spends one. */
  openedAt: string;
  /** The patient's facts, kept current as the batch takes more. */
  owner(ownerId: string): PatientFacts;
}

interface Request {
  ownerId: string | null;
  quota?: TicketQuota;
}

export async function readBatchSession(tx: Transaction<Database>, sessionId: string, requests: Request[]): Promise<BatchSession> {
  const free = await tx
    .selectFrom('reservation_slots')
    .select(['id', 'reservation_number'])
    .where('session_id', '=', sessionId)
    .where('is_reserved', '=', 0)
    .orderBy('reservation_number')
    .limit(requests.length)
    .execute();
  const owners = new Map<string, PatientFacts>();
  const ids = [...new Set(requests.flatMap((r) => (r.ownerId ? [r.ownerId] : [])))];
  if (ids.length > 0) {
    const rows = await tx
      .selectFrom('reservation_slots')
      .select('owner_id')
      .select((eb) => eb.fn.countAll<number>().as('taken'))
      .select((eb) => eb.fn.sum<number>(eb.case().when(eb.and([eb('canceled', '=', 0), eb('is_reception_accepted', '=', 0)])).then(1).else(0).end()).as('active'))
      .where('session_id', '=', sessionId)
      .where('owner_id', 'in', ids)
      .groupBy('owner_id')
      .execute();
    for (const row of rows) owners.set(row.owner_id!, { taken: Number(row.taken), active: Number(row.active) > 0 });
  }
  let openedAt = '';
  if (requests.some((r) => r.ownerId && r.quota?.address)) {
    const session = await tx.selectFrom('reception_sessions').select('opened_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
    openedAt = session.opened_at;
  }
  return {
    free,
    openedAt,
    owner(ownerId) {
      let state = owners.get(ownerId);
      if (!state) owners.set(ownerId, (state = { taken: 0, active: false }));
      return state;
    },
  };
}
