/** Takes the lowest free number of the current session for a patient (LINE, PWA) or a walk-in (ADMIN). */
import type { PatientLang } from '../../shared/labels/langs.js';
import type { ReservedType } from '../../shared/queue/slot.js';
import { AppError } from '../errors.js';
import type { Kysely } from 'kysely';
import type { Store } from '../storage/port.js';
import { allocationRuntime, type AllocationRuntime, type ReceptionView, type Settled } from '../storage/allocation-runtime.js';
import type { Database, RuntimeTable } from '../storage/schema.js';
import { statement } from '../storage/statements.js';
import { enqueueAheadNotices } from './notices/outbox.js';
import { type Actor, writeAudit } from './audit.js';
import { spendTicketQuota, type TicketQuota } from './ticket-quota.js';
import { type Allocated, type BatchSession, readBatchSession } from './allocation-batch.js';

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
const ALREADY_BOOKED = new AppError('ALREADY_EXISTS', 'error.alreadyReserved');
const ONLINE_STOPPED = new AppError('FAILED_PRECONDITION', 'error.onlineStopped');
const INHOUSE_STOPPED = new AppError('FAILED_PRECONDITION', 'admin.inhouseStopped');
const stopped = (reservedType: ReservedType) => (reservedType === 'ADMIN' ? INHOUSE_STOPPED : ONLINE_STOPPED);

/** Reception closed to this request under the locked runtime row: its refusal, or null when open. */
function closedTo(runtime: RuntimeTable, reservedType: ReservedType): AppError | null {
  if (!runtime.inhouse_on || !runtime.current_session_id) return stopped(reservedType);
  if (reservedType !== 'ADMIN' && !runtime.online_on) return ONLINE_STOPPED;
  return null;
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
  if (existing) throw ALREADY_BOOKED;
}

export async function allocateSlot(options: AllocateSlotOptions): Promise<Allocated> {
  const runtime = allocationRuntime(options.store);
  const early = refuseEarly(runtime, options);
  if (early) await early;
  return runtime.inBatch(options, allocateBatch);
}

const failed = (error: unknown): Settled<Allocated> => ({ ok: false, error });
// The partial unique index caught a second active reservation the checks did not see.
const translated = (store: Store, error: unknown) => (store.isUniqueViolation(error) ? ALREADY_BOOKED : error);

/**
 * The requests that waited while this process wrote the previous batch, answered each on its own. Written
 * in one transaction (group commit, decision 028); if that fails as a whole, each is written alone, so no
 * request is answered by another's failure.
 */
async function allocateBatch(batch: AllocateSlotOptions[]): Promise<Settled<Allocated>[]> {
  const { store } = batch[0];
  const runtime = allocationRuntime(store);
  const answers: Settled<Allocated>[] = new Array(batch.length);
  const pending: number[] = [];
  for (const [i, options] of batch.entries()) {
    // Again: while these waited the session may have run out (or been switched): refused without a write.
    try {
      const again = refuseEarly(runtime, options);
      if (again) await again;
      pending.push(i);
    } catch (error) {
      answers[i] = failed(error);
    }
  }
  if (pending.length === 0) return answers;
  try {
    const written = await writeBatch(runtime, pending.map((i) => batch[i]));
    pending.forEach((i, k) => (answers[i] = written[k]));
  } catch (error) {
    if (pending.length === 1) answers[pending[0]] = failed(translated(store, error));
    else {
      for (const i of pending) {
        answers[i] = await writeBatch(runtime, [batch[i]]).then(
          ([answer]) => answer,
          (alone) => failed(translated(store, alone)),
        );
      }
    }
  }
  return answers;
}

/** One free number, by the id read under the lock just before, given the patient's own values. */
const takeSlot = statement<
  { id: string; reservedType: ReservedType; ownerId: string | null; lang: PatientLang | null; now: string },
  { id: string; reservation_number: number }
>(['id', 'reservedType', 'ownerId', 'lang', 'now'], (db, v) =>
  db
    .updateTable('reservation_slots')
    .set({ is_reserved: 1, reserved_type: v.reservedType, reserved_at: v.now, updated_at: v.now, owner_id: v.ownerId, notice_lang: v.lang })
    .where('id', '=', v.id)
    .where('is_reserved', '=', 0)
    .returning(['id', 'reservation_number']),
);

/**
 * One transaction for the batch, under the runtime row lock (decision 001): every other writer of any
 * process waits, so what is read here (the free numbers, the patients' numbers) stays true until commit.
 * Each request is refused or given a number in arrival order, with exactly the checks it had alone.
 */
async function writeBatch(allocation: AllocationRuntime, requests: AllocateSlotOptions[]): Promise<Settled<Allocated>[]> {
  try {
    return await writeTransaction(allocation, requests);
  } catch (err) {
    if (err instanceof NothingTaken) return err.answers;
    throw err;
  }
}

/** Thrown to roll back a batch that took no number: refusals change nothing, not even runtime.version. */
class NothingTaken {
  constructor(readonly answers: Settled<Allocated>[]) {}
}

function writeTransaction(allocation: AllocationRuntime, requests: AllocateSlotOptions[]): Promise<Settled<Allocated>[]> {
  const { store } = requests[0];
  return store.write(async (ctx) => {
    const { tx, runtime, emit, now } = ctx;
    const sessionId = runtime.current_session_id;
    const answers: Settled<Allocated>[] = [];
    const open = requests.filter((r) => !closedTo(runtime, r.reservedType));
    const session: BatchSession | null = sessionId && open.length > 0 ? await readBatchSession(tx, sessionId, open) : null;
    let lowestTaken: number | null = null;
    for (const request of requests) {
      const { reservedType, ownerId, quota, actor, lang } = request;
      const closed = closedTo(runtime, reservedType);
      if (closed) {
        answers.push(failed(closed));
        continue;
      }
      // Open to this request, so it was among those the session was read for above.
      if (!sessionId || !session) throw new Error('reception open to a request the batch read no session for');
      const mine = ownerId ? session.owner(ownerId) : null;
      // A patient holds at most one active number in the session (the partial unique index backs this up).
      if (mine?.active) {
        answers.push(failed(ALREADY_BOOKED));
        continue;
      }
      const free = session.free[0];
      if (!free) {
        allocation.noneLeft(sessionId);
        answers.push(failed(NONE_LEFT));
        continue;
      }
      // After every refusal above, so a refused request costs the patient nothing.
      if (quota && mine && ownerId) {
        const refusal = await spendTicketQuota(tx, quota, { sessionId, openedAt: session.openedAt, taken: mine.taken }, now);
        if (refusal) {
          answers.push(failed(refusal));
          continue;
        }
      }
      session.free.shift();
      const taken = (await tx.executeQuery(takeSlot(store, { id: free.id, reservedType, ownerId, lang: lang ?? null, now }))).rows[0];
      // Read under the same lock a moment ago: only a writer ignoring the lock could have taken it.
      if (!taken) throw new Error(`free number ${free.reservation_number} was taken under the runtime row lock`);
      if (mine) {
        mine.active = true;
        mine.taken++;
      }
      emit({ type: 'slotAllocated', slotId: taken.id });
      await writeAudit(tx, actor, { action: 'allocateNextSlot', target: `#${taken.reservation_number} ${taken.id}`, after: { reservedType } }, now);
      lowestTaken ??= taken.reservation_number;
      answers.push({ ok: true, value: { ok: true, slotId: taken.id, reservationNumber: taken.reservation_number } });
    }
    if (lowestTaken === null) throw new NothingTaken(answers);
    // The 5-ahead read finds nothing to do when the write just before this one (of any process) was this
    // process's allocation that committed with the head of the queue settled and full, and every number
    // taken here stands behind that head: no one else's count ahead changed, nothing else changed in
    // between (a threshold, a setting, a hold would each be a write), and these patients have more people
    // ahead than any threshold. At opening time that is most batches. Once per batch, after its numbers.
    const headEnd = await allocation.settledHeadBefore(runtime.version);
    const settledEnd = headEnd !== null && lowestTaken > headEnd ? headEnd : await enqueueAheadNotices(ctx);
    // Last: only the change notice and the commit can still fail, and `committed` reports them.
    if (settledEnd !== null) allocation.headSettled(runtime.version, settledEnd, ctx.committed);
    return answers;
  });
}
