/**
 * What one batch of allocations (apply.ts, decision 028) reads before it writes, under the
 * runtime row lock: the session's free numbers it may give, and what its patients already hold (and cancelled). On PostgreSQL a
 * failed statement aborts the whole transaction, so a patient's second active number must be refused from
 * this read, not found by the unique index, or one patient's refusal would undo everyone's numbers.
 *
 * Which free number a request takes (decision 049): an online request the lowest free number above the
 * last number taken in the session that is not kept for the desk; the desk the lowest free number, which is
 * the lowest kept number still ahead of the queue's end when there is one (online never leaves any other
 * free number behind the end), else the next number. Without kept numbers both are the lowest free number.
 */
import { sql, type Transaction } from 'kysely';
import type { ReservedType } from '../../../shared/queue/slot.js';
import { isKept } from '../../../shared/queue/kept-numbers.js';
import type { Database } from '../../storage/schema.js';
import type { PatientFacts, ReceptionFacts } from './rule.js';
import type { TicketQuota } from './quota.js';

export interface FreeSlot {
  id: string;
  reservation_number: number;
}

/** What decide needs of the session that the batch changes as it takes numbers. */
export type SessionFacts = Pick<ReceptionFacts, 'freeLeft' | 'onlineFreeLeft' | 'onlineTaken' | 'onlineFreeCount'>;

export interface BatchSession {
  /** The facts for the next request of this kind (taking `count` numbers together), as the batch stands. */
  facts(reservedType: ReservedType, count?: number): SessionFacts | Promise<SessionFacts>;
  /** The number the next request of this kind would take, if any; nothing is taken until `took`. */
  next(reservedType: ReservedType): FreeSlot | undefined;
  /** The request took `slot` (what `next` gave it). */
  took(slot: FreeSlot, reservedType: ReservedType): void;
  /** When the session opened (the per-address quota is dated by it); '' when no request spends one. */
  openedAt: string;
  /** The patient's facts, kept current as the batch takes more. */
  owner(ownerId: string): PatientFacts;
}

interface Request {
  reservedType: ReservedType;
  ownerId: string | null;
  /** Numbers taken together (a family, decision 053); absent: one. */
  count?: number;
  quota?: TicketQuota;
}

/** The queue's settings as its locked row has them (decision 061). */
export interface KeptSettings {
  queueId: string;
  /** The queue's numbers start here: kept numbers count from it (its first is like number 1). */
  firstNumber: number;
  keepEvery: number;
  onlineCap: number;
  /** One active number per patient in each queue (true) or in the clinic (false). */
  numberPerQueue: boolean;
}

export async function readBatchSession(tx: Transaction<Database>, sessionId: string, requests: Request[], settings: KeptSettings): Promise<BatchSession> {
  const { keepEvery, onlineCap, queueId } = settings;
  const offset = settings.firstNumber - 1;
  const kept = (n: number) => isKept(n - offset, keepEvery);
  /** Reserved numbers of the queue in the session. */
  const reservedIn = () => tx.selectFrom('reservation_slots').where('session_id', '=', sessionId).where('queue_id', '=', queueId).where('is_reserved', '=', 1);
  const free = () =>
    tx
      .selectFrom('reservation_slots')
      .select(['id', 'reservation_number'])
      .where('session_id', '=', sessionId)
      .where('queue_id', '=', queueId)
      .where('is_reserved', '=', 0);
  // The end: a bare max() on the free-number index (the engines read it off the index's last entry), 0 for none.
  const lastTaken = sql<number>`coalesce((${reservedIn().select((eb) => eb.fn.max('reservation_number').as('last'))}), ${offset})`;
  // Numbers above the end, in order: each number asked takes at most two of them (an online one passes
  // over a kept number), so the batch never runs out of what the store has; one more, so that an empty
  // list after the batch means the store has none left above the end. A family asks for one per member.
  const asked = requests.reduce((sum, r) => sum + (r.count ?? 1), 0);
  const above: FreeSlot[] = await free()
    .where('reservation_number', '>', lastTaken)
    .orderBy('reservation_number')
    .limit((keepEvery > 0 ? 2 : 1) * asked + 1)
    .execute();
  // Free numbers behind the end (kept ones nobody took): only the desk takes them.
  const desk = requests.filter((r) => r.reservedType === 'ADMIN').length;
  const gaps: FreeSlot[] = desk > 0 ? await free().where('reservation_number', '<', lastTaken).orderBy('reservation_number').limit(desk).execute() : [];
  let onlineTaken = 0;
  if (onlineCap > 0) {
    const row = await reservedIn()
      .where('reserved_type', 'in', ['LINE', 'PWA'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    onlineTaken = Number(row.n);
  }
  const owners = new Map<string, PatientFacts>();
  const ids = [...new Set(requests.flatMap((r) => (r.ownerId ? [r.ownerId] : [])))];
  if (ids.length > 0) {
    const rows = await tx
      .selectFrom('reservation_slots')
      .select('owner_id')
      .select((eb) => eb.fn.countAll<number>().as('taken'))
      .select((eb) => eb.fn.sum<number>(eb.case().when(eb.and([eb('canceled', '=', 0), eb('is_reception_accepted', '=', 0)])).then(1).else(0).end()).as('active'))
      // Their own cancellations (decision 060): a patient's cancel stamps its channel; a staff delete does not.
      .select((eb) =>
        eb.fn.sum<number>(eb.case().when(eb.or([eb('canceled_line_at', 'is not', null), eb('canceled_pwa_at', 'is not', null)])).then(1).else(0).end()).as('cancelled'),
      )
      .where('session_id', '=', sessionId)
      .where('owner_id', 'in', ids)
      // One number per queue: only what the patient holds in this queue counts (their cancellations too).
      .$if(settings.numberPerQueue, (q) => q.where('queue_id', '=', queueId))
      .groupBy('owner_id')
      .execute();
    for (const row of rows) owners.set(row.owner_id!, { taken: Number(row.taken), active: Number(row.active) > 0, cancelled: Number(row.cancelled) });
  }
  let openedAt = '';
  if (requests.some((r) => r.ownerId && r.quota?.address)) {
    const session = await tx.selectFrom('reception_sessions').select('opened_at').where('id', '=', sessionId).executeTakeFirstOrThrow();
    openedAt = session.opened_at;
  }
  const onlineNext = () => above.find((s) => !kept(s.reservation_number));
  /** Online numbers free above the end, counted up to `count` (the list holds enough for every ask). */
  const onlineFree = (count: number) => {
    let n = 0;
    for (const slot of above) if (!kept(slot.reservation_number) && ++n >= count) break;
    return n;
  };
  /**
   * Whether some number behind the end is free, asked only once nothing above it is (the session's last
   * numbers). Kept once asked: with both lists empty no request of the batch can take anything more.
   */
  let behindEnd: Promise<boolean> | undefined;
  return {
    facts(reservedType, count = 1) {
      const onlineFreeLeft = reservedType !== 'ADMIN' && onlineNext() !== undefined;
      const onlineFreeCount = reservedType === 'ADMIN' ? undefined : onlineFree(count);
      if (above.length > 0 || gaps.length > 0) return { freeLeft: true, onlineFreeLeft, onlineTaken, onlineFreeCount };
      behindEnd ??= free().select('id').limit(1).executeTakeFirst().then((row) => row !== undefined);
      return behindEnd.then((freeLeft) => ({ freeLeft, onlineFreeLeft, onlineTaken, onlineFreeCount }));
    },
    next: (reservedType) => (reservedType === 'ADMIN' ? (gaps[0] ?? above[0]) : onlineNext()),
    took(slot, reservedType) {
      if (gaps[0] === slot) {
        gaps.shift();
        return;
      }
      // The numbers above the end it passed over are now behind it: kept for the desk.
      const at = above.indexOf(slot);
      gaps.push(...above.splice(0, at + 1).slice(0, at));
      if (reservedType !== 'ADMIN') onlineTaken++;
    },
    openedAt,
    owner(ownerId) {
      let state = owners.get(ownerId);
      if (!state) owners.set(ownerId, (state = { taken: 0, active: false, cancelled: 0 }));
      return state;
    },
  };
}
