/** Takes the lowest free number of the current session for a patient (LINE, PWA) or a walk-in (ADMIN). */
import type { PatientLang } from '../../shared/labels/langs.js';
import type { ReservedType } from '../../shared/queue/slot.js';
import { AppError } from '../errors.js';
import type { Kysely } from 'kysely';
import type { Store } from '../storage/port.js';
import { allocationRuntime, type AllocationRuntime, type ReceptionView } from '../storage/allocation-runtime.js';
import type { Database } from '../storage/schema.js';
import { statement } from '../storage/statements.js';
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
 * The refusals that need no lock, answered from what this process knows of reception (kept current by
 * the change notices; storage/allocation-runtime.ts): at opening time most of a burst is turned away and
 * must not queue behind the writers, nor cost a query each. A request that passes is checked again under
 * the lock: no number is ever given on the view alone. (Another process's switch reaches this view when its
 * notice arrives, a moment after its commit: decision 022.)
 */
function refuseEarly(runtime: AllocationRuntime, options: AllocateSlotOptions): Promise<void> | undefined {
  const view = runtime.known();
  return view ? refuseOn(view, runtime, options) : runtime.load().then((loaded) => refuseOn(loaded, runtime, options));
}

/** Synchronous for all but a patient who took a number this session once none are left: no promise each. */
function refuseOn(view: ReceptionView, runtime: AllocationRuntime, { store, reservedType, ownerId }: AllocateSlotOptions): Promise<void> | undefined {
  if (!view.inhouseOn || !view.sessionId) throw stopped(reservedType);
  if (reservedType !== 'ADMIN' && !view.onlineOn) throw ONLINE_STOPPED;
  if (view.freeLeft) return undefined;
  // A patient who holds a number hears so, also once none are left: "none left" would send them away.
  // Only someone who took a number in this session can hold one; only they cost a query.
  if (!ownerId) throw NONE_LEFT;
  const held = runtime.heldNumber(view.sessionId, ownerId);
  if (held === false) throw NONE_LEFT;
  const sessionId = view.sessionId;
  return (async () => {
    if (await held) await refuseIfBooked(store.db, sessionId, ownerId);
    throw NONE_LEFT;
  })();
}

// The same refusals for everyone, made once: an AppError carries no stack (decision 022) and nothing
// changes one after it is made; 800 of an opening burst's answers are NONE_LEFT.
const NONE_LEFT = new AppError('RESOURCE_EXHAUSTED', 'error.noFreeNumbers');
const ONLINE_STOPPED = new AppError('FAILED_PRECONDITION', 'error.onlineStopped');
const INHOUSE_STOPPED = new AppError('FAILED_PRECONDITION', 'admin.inhouseStopped');
const stopped = (reservedType: ReservedType) => (reservedType === 'ADMIN' ? INHOUSE_STOPPED : ONLINE_STOPPED);

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

export async function allocateSlot(options: AllocateSlotOptions) {
  const runtime = allocationRuntime(options.store);
  const early = refuseEarly(runtime, options);
  if (early) await early;
  return runtime.inTurn(async () => {
    // Again: while this request waited for its turn the session may have run out (or been switched).
    const again = refuseEarly(runtime, options);
    if (again) await again;
    return allocateInTurn(runtime, options);
  });
}

/** The lowest free number of a session, taken: built once per store, not on every allocation (storage/statements.ts). */
const takeLowestFree = statement<
  { sessionId: string; reservedType: ReservedType; ownerId: string | null; lang: PatientLang | null; now: string },
  { id: string; reservation_number: number }
>(['sessionId', 'reservedType', 'ownerId', 'lang', 'now'], (db, v) =>
  db
    .updateTable('reservation_slots')
    .set({ is_reserved: 1, reserved_type: v.reservedType, reserved_at: v.now, updated_at: v.now, owner_id: v.ownerId, notice_lang: v.lang })
    .where('id', '=', (eb) =>
      eb
        .selectFrom('reservation_slots')
        .select('id')
        .where('session_id', '=', v.sessionId)
        .where('is_reserved', '=', 0)
        .orderBy('reservation_number')
        .limit(1),
    )
    .returning(['id', 'reservation_number']),
);

async function allocateInTurn(allocation: AllocationRuntime, { store, reservedType, ownerId, actor, quota, lang }: AllocateSlotOptions) {
  try {
    const taken = await store.write(async (ctx) => {
      const { tx, runtime, emit, now } = ctx;
      const sessionId = runtime.current_session_id;
      if (!runtime.inhouse_on || !sessionId) throw stopped(reservedType);
      if (reservedType !== 'ADMIN' && !runtime.online_on) {
        throw ONLINE_STOPPED;
      }
      // The lowest free number, taken in one statement (one round trip under the lock). A second active
      // reservation of this patient fails it on the partial unique index: ALREADY_EXISTS below.
      const free = (await tx.executeQuery(takeLowestFree(store, { sessionId, reservedType, ownerId, lang: lang ?? null, now }))).rows[0];
      if (!free) {
        await refuseIfBooked(tx, sessionId, ownerId);
        allocation.noneLeft(sessionId);
        throw NONE_LEFT;
      }
      // After every refusal, so a refused request costs the patient nothing; rolled back with the number.
      // The count of this patient's numbers now includes the one just taken: allow for it.
      if (quota && ownerId) {
        await spendTicketQuota(tx, { ...quota, numbersPerPatientSession: quota.numbersPerPatientSession + 1 }, sessionId, ownerId, now);
      }
      emit({ type: 'slotAllocated', slotId: free.id });
      // The 5-ahead read finds nothing to do when the write just before this one (of any process) was this
      // process's allocation that committed with the head of the queue settled and full, and this number
      // stands behind that head: no one else's count ahead changed, nothing else changed in between (a threshold, a
      // setting, a hold would each be a write), and this patient has more people ahead than any threshold.
      // At opening time that is most allocations.
      const headEnd = await allocation.settledHeadBefore(runtime.version);
      const settledEnd = headEnd !== null && free.reservation_number > headEnd ? headEnd : await enqueueAheadNotices(ctx);
      await writeAudit(tx, actor, { action: 'allocateNextSlot', target: `#${free.reservation_number} ${free.id}`, after: { reservedType } }, now);
      // Last: only the change notice and the commit can still fail, and `committed` reports them.
      if (settledEnd !== null) allocation.headSettled(runtime.version, settledEnd, ctx.committed);
      return free;
    });
    return { ok: true as const, slotId: taken.id, reservationNumber: taken.reservation_number };
  } catch (err) {
    // The partial unique index caught a second active reservation racing the check above.
    if (store.isUniqueViolation(err)) throw new AppError('ALREADY_EXISTS', 'error.alreadyReserved');
    throw err;
  }
}
