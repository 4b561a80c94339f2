/** Takes the lowest free number of the current session for a patient (LINE, PWA) or a walk-in (ADMIN). */
import type { PatientLang } from '../../shared/labels/langs.js';
import type { ReservedType } from '../../shared/queue/slot.js';
import { AppError } from '../errors.js';
import type { Kysely } from 'kysely';
import type { Store } from '../storage/port.js';
import type { Database } from '../storage/schema.js';
import { enqueueAheadNotices } from '../notify/enqueue.js';
import { type Actor, writeAudit } from './audit.js';
import { spendTicketQuota, type TicketQuota } from './ticket-quota.js';

export interface AllocateSlotOptions {
  store: Store;
  reservedType: ReservedType;
  /** The patient's uid (LINE userId or PWA_…); null for ADMIN tickets. */
  ownerId: string | null;
  /** Staff member issuing a walk-in ticket (audited). */
  actor?: Actor;
  /** The limits a patient's number spends (absent: unlimited, e.g. RATE_LIMIT=off). */
  quota?: TicketQuota;
  /** The patient's screen language, for their notices (decision 023); absent is Japanese. */
  lang?: PatientLang;
}

/**
 * The flags and "is any number left" in one statement, built and compiled once per store: at opening time
 * every request of the burst runs it, and building the query cost more than running it (docs/benchmarks.md).
 */
function compileEarlyCheck(store: Store) {
  return store.db
    .selectFrom('runtime')
    .select(['runtime.inhouse_on', 'runtime.online_on', 'runtime.current_session_id'])
    .select((eb) =>
      eb
        .selectFrom('reservation_slots')
        .select('reservation_slots.id')
        .whereRef('reservation_slots.session_id', '=', 'runtime.current_session_id')
        .where('reservation_slots.is_reserved', '=', 0)
        .limit(1)
        .as('free_slot'),
    )
    .where('runtime.id', '=', 1)
    .compile();
}
const earlyChecks = new WeakMap<Store, ReturnType<typeof compileEarlyCheck>>();
function earlyCheck(store: Store) {
  let compiled = earlyChecks.get(store);
  if (!compiled) earlyChecks.set(store, (compiled = compileEarlyCheck(store)));
  return compiled;
}

/**
 * The refusals that need no lock, answered from a plain read: at opening time most of a burst is turned
 * away (no numbers left, online closed, already booked) and must not queue behind the writers. Numbers are
 * never freed, so "none left" cannot be wrong; the others are re-checked under the lock anyway.
 */
async function refuseEarly({ store, reservedType, ownerId }: AllocateSlotOptions): Promise<string | null> {
  const runtime = (await store.db.executeQuery(earlyCheck(store))).rows[0];
  if (!runtime) throw new Error('the runtime row is missing');
  if (!runtime.inhouse_on || !runtime.current_session_id) return null; // the locked check words this refusal
  if (reservedType !== 'ADMIN' && !runtime.online_on) throw new AppError('FAILED_PRECONDITION', 'error.onlineStopped');
  // A patient who holds a number hears so, also once none are left: "none left" would send them away.
  await refuseIfBooked(store.db, runtime.current_session_id, ownerId);
  if (runtime.free_slot === null) throw noneLeft(runtime.current_session_id);
  return runtime.current_session_id;
}

/**
 * A patient holds at most one active reservation in the current session (the partial unique index on
 * session and owner backs this up). A row left active in a closed session must not lock them out later.
 */
async function refuseIfBooked(db: Kysely<Database>, sessionId: string, ownerId: string | null): Promise<void> {
  if (!ownerId) return;
  const existing = await db
    .selectFrom('reservation_slots')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('owner_id', '=', ownerId)
    .where('canceled', '=', 0)
    .where('is_reception_accepted', '=', 0)
    .executeTakeFirst();
  if (existing) throw new AppError('ALREADY_EXISTS', 'error.alreadyReserved');
}

/**
 * Sessions this process has seen run out of numbers. Numbers are never freed (a cancelled or deleted
 * number is not reused), so an entry never goes stale; session ids are fresh UUIDs.
 */
const exhausted = new Set<string>();
function noneLeft(sessionId: string): AppError {
  if (exhausted.size > 100) exhausted.clear(); // two sessions a day: only ever a handful
  exhausted.add(sessionId);
  return new AppError('RESOURCE_EXHAUSTED', 'error.noFreeNumbers');
}

/**
 * This process's allocations take turns here before they touch the store, two at a time: one holding the
 * runtime row lock, the next already waiting on it so the hand-over costs no round trip. The lock
 * serialises them anyway (decision 001), so nothing runs less in parallel; but the rest wait here holding
 * no pool connection, and when their turn comes after the session ran out they are refused without a
 * transaction. In the opening burst hundreds of requests pass the early check before the last number
 * goes, and each used to take the lock only to learn that (docs/benchmarks.md).
 */
const IN_FLIGHT = 2;
const turns = new WeakMap<Store, { active: number; waiting: (() => void)[] }>();
async function inTurn<T>(store: Store, fn: () => Promise<T>): Promise<T> {
  let queue = turns.get(store);
  if (!queue) turns.set(store, (queue = { active: 0, waiting: [] }));
  const q = queue;
  if (q.active < IN_FLIGHT) q.active++;
  else await new Promise<void>((resolve) => q.waiting.push(resolve)); // handed a place by a finishing turn
  try {
    return await fn();
  } finally {
    const next = q.waiting.shift();
    if (next) next();
    else q.active--;
  }
}

export async function allocateSlot(options: AllocateSlotOptions) {
  const { store } = options;
  const sessionId = await refuseEarly(options);
  return inTurn(store, async () => {
    if (sessionId && exhausted.has(sessionId)) {
      // The patient may have booked while this request waited for its turn (a double tap).
      await refuseIfBooked(store.db, sessionId, options.ownerId);
      throw new AppError('RESOURCE_EXHAUSTED', 'error.noFreeNumbers');
    }
    return allocateInTurn(options);
  });
}

async function allocateInTurn({ store, reservedType, ownerId, actor, quota, lang }: AllocateSlotOptions) {
  try {
    return await store.write(async (ctx) => {
      const { tx, runtime, emit, now } = ctx;
      if (!runtime.inhouse_on || !runtime.current_session_id) {
        throw reservedType === 'ADMIN'
          ? new AppError('FAILED_PRECONDITION', 'admin.inhouseStopped')
          : new AppError('FAILED_PRECONDITION', 'error.onlineStopped');
      }
      if (reservedType !== 'ADMIN' && !runtime.online_on) {
        throw new AppError('FAILED_PRECONDITION', 'error.onlineStopped');
      }
      await refuseIfBooked(tx, runtime.current_session_id, ownerId);
      const free = await tx
        .selectFrom('reservation_slots')
        .select(['id', 'reservation_number'])
        .where('session_id', '=', runtime.current_session_id)
        .where('is_reserved', '=', 0)
        .orderBy('reservation_number')
        .limit(1)
        .executeTakeFirst();
      if (!free) throw noneLeft(runtime.current_session_id);
      // After every refusal, so a refused request costs the patient nothing; rolled back with the number.
      if (quota && ownerId) await spendTicketQuota(tx, quota, runtime.current_session_id, ownerId, now);
      await tx
        .updateTable('reservation_slots')
        .set({ is_reserved: 1, reserved_type: reservedType, reserved_at: now, updated_at: now, owner_id: ownerId, notice_lang: lang ?? null })
        .where('id', '=', free.id)
        .execute();
      emit({ type: 'slotAllocated', slotId: free.id });
      await enqueueAheadNotices(ctx);
      await writeAudit(tx, actor, { action: 'allocateNextSlot', target: `#${free.reservation_number} ${free.id}`, after: { reservedType } }, now);
      return { ok: true as const, slotId: free.id, reservationNumber: free.reservation_number };
    });
  } catch (err) {
    // The partial unique index caught a second active reservation racing the check above.
    if (store.isUniqueViolation(err)) throw new AppError('ALREADY_EXISTS', 'error.alreadyReserved');
    throw err;
  }
}
