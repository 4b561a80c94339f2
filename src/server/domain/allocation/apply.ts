/**
 * The locked write of a batch of allocations (group commit, decision 028): one transaction under the
 * runtime row lock (decision 001), so every other writer of any process waits and what is read here (the
 * free numbers, the patients' numbers) stays true until commit. Each request is decided again with the
 * full facts (rule.ts) and refused or given a number in arrival order, exactly as it would be alone.
 */
import type { PatientLang } from '../../../shared/labels/langs.js';
import type { ReservedType } from '../../../shared/queue/slot.js';
import { sql, type Transaction } from 'kysely';
import type { DomainEvent, Store, WriteContext } from '../../storage/port.js';
import type { Database } from '../../storage/schema.js';
import { AppError } from '../../errors.js';
import { statement } from '../../storage/statements.js';
import { enqueueAheadNotices } from '../notices/outbox.js';
import { parseHours } from '../queues/read.js';
import { type Actor, writeAudit } from '../audit.js';
import { type AllocationAsk, ALREADY_BOOKED, decide, NONE_LEFT, ONLINE_USED_UP, type ReceptionFacts } from './rule.js';
import type { Settled } from './group-commit.js';
import { type QuotaSession, spendAddressQuota, type TicketQuota } from './quota.js';
import type { ReceptionView } from './reception-view.js';
import { type BatchSession, readBatchSession } from './session-read.js';

export interface AllocationRequest extends AllocationAsk {
  /** Staff member issuing a walk-in ticket (audited). */
  actor?: Actor;
  /** The limits a patient's number spends (absent: unlimited, e.g. RATE_LIMIT=off). */
  quota?: TicketQuota;
  /** The patient's screen language, for their notices (decision 023); absent is Japanese. */
  lang?: PatientLang;
  /** A family's short names, one per number (`count` of them; '' for none), decision 053. */
  names?: readonly string[];
  /** The queue (decision 061), resolved by the caller: an existing queue's id; absent is the first queue. */
  queueId?: string;
  /**
   * The caller's own part of this request's transaction (the kiosk, decision 072): `check` before the rule,
   * an AppError it throws being this request's answer; `also` once the number is taken, undone with it.
   */
  within?: {
    check?(tx: Transaction<Database>): Promise<void>;
    also?(ctx: WriteContext, taken: Taken): Promise<void>;
  };
}

export interface TakenNumber {
  slotId: string;
  reservationNumber: number;
}

/** The first number taken; a family's request also every number it took, in order (decision 053). */
export interface Taken extends TakenNumber {
  family?: TakenNumber[];
}

const failed = (error: unknown): Settled<Taken> => ({ ok: false, error });
const NO_FAMILY = { familyId: null, memberName: null, memberIndex: 0 };

/** One free number, by the id read under the lock just before, given the patient's own values. */
const takeSlot = statement<
  {
    id: string;
    reservedType: ReservedType;
    ownerId: string | null;
    lang: PatientLang | null;
    now: string;
    familyId: string | null;
    memberName: string | null;
    memberIndex: number;
    activeScope: string;
  },
  { id: string; reservation_number: number }
>(['id', 'reservedType', 'ownerId', 'lang', 'now', 'familyId', 'memberName', 'memberIndex', 'activeScope'], (db, v) =>
  db
    .updateTable('reservation_slots')
    .set({
      is_reserved: 1,
      reserved_type: v.reservedType,
      reserved_at: v.now,
      updated_at: v.now,
      owner_id: v.ownerId,
      notice_lang: v.lang,
      family_id: v.familyId,
      member_name: v.memberName,
      member_index: v.memberIndex,
      active_scope: v.activeScope,
    })
    .where('id', '=', v.id)
    .where('is_reserved', '=', 0)
    .returning(['id', 'reservation_number']),
);

/** Thrown to roll back a batch that took no number: refusals change nothing, not even runtime.version. */
class NothingTaken {
  constructor(readonly answers: Settled<Taken>[]) {}
}

/**
 * Writes the batch in one transaction; a batch that took no number is rolled back and answered. If the
 * transaction fails as a whole (a fault no check foresaw, in one request's write), the batch is written once
 * more in one transaction with each request behind its own savepoint: the fault rolls back only its own
 * request, its limits included, and answers only it (the partial unique index's catch is the patient's
 * ALREADY_EXISTS); the others commit together (docs/decisions/058). The first attempt has no savepoints:
 * they would cost every batch two statements a request for a fault that almost never comes.
 */
export async function writeAllocations(store: Store, view: ReceptionView, requests: AllocationRequest[], queueId: string): Promise<Settled<Taken>[]> {
  const once = (isolated: boolean) =>
    writeTransaction(store, view, requests, isolated, queueId).catch((err: unknown) => {
      if (err instanceof NothingTaken) return err.answers;
      throw err;
    });
  try {
    return await once(false);
  } catch (error) {
    if (requests.length === 1) return [failed(translated(store, error))];
    return once(true).catch((again: unknown) => requests.map(() => failed(translated(store, again))));
  }
}

const translated = (store: Store, error: unknown) => (store.isUniqueViolation(error) ? ALREADY_BOOKED : error);

/** One request's write behind a savepoint: its fault undoes only what it wrote, and is its answer. */
async function behindSavepoint<T>(tx: Transaction<Database>, write: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: unknown }> {
  await sql`savepoint allocation`.execute(tx);
  try {
    const value = await write();
    await sql`release savepoint allocation`.execute(tx);
    return { ok: true, value };
  } catch (error) {
    await sql`rollback to savepoint allocation`.execute(tx);
    await sql`release savepoint allocation`.execute(tx);
    return { ok: false, error };
  }
}

function writeTransaction(store: Store, view: ReceptionView, requests: AllocationRequest[], isolated: boolean, queueId: string): Promise<Settled<Taken>[]> {
  return store.write(async (ctx) => {
    const { tx, runtime } = ctx;
    // A write of this queue only (decision 061): its row is locked, the runtime row shared.
    const queue = ctx.queue!;
    const sessionId = runtime.current_session_id;
    const open = runtime.inhouse_on && sessionId ? requests : [];
    const settings = {
      queueId,
      firstNumber: queue.first_number,
      keepEvery: queue.keep_every,
      onlineCap: queue.online_cap,
      numberPerQueue: runtime.number_per_queue === 1,
    };
    const activeScope = settings.numberPerQueue ? queueId : '';
    let session: BatchSession | null = sessionId && open.length > 0 ? await readBatchSession(tx, sessionId, open, settings) : null;
    const answers: Settled<Taken>[] = [];
    let lowestTaken: number | null = null;
    for (const [index, request] of requests.entries()) {
      const { reservedType } = request;
      const checked = await checkWithin(tx, request);
      if (checked) {
        answers.push(failed(checked));
        continue;
      }
      const count = request.count ?? 1;
      const facts = session ? await session.facts(reservedType, count) : { freeLeft: false, onlineFreeLeft: false, onlineTaken: 0 };
      const reception: ReceptionFacts = {
        inhouseOn: runtime.inhouse_on === 1,
        onlineOn: runtime.online_on === 1,
        sessionId,
        onlineCap: settings.onlineCap,
        familyMax: queue.family_max,
        deskOnly: queue.online === 0,
        hours: parseHours(queue.hours),
        cancelLimit: runtime.cancel_limit,
        ...facts,
      };
      const patient = request.ownerId && session ? session.owner(request.ownerId) : undefined;
      const decision = decide(reception, { ...request, at: ctx.now }, patient, request.quota);
      if ('refuse' in decision) {
        if (decision.refuse === NONE_LEFT && sessionId) view.noneLeft(sessionId);
        // Said at once when the store's committed rows say it; when this batch's own numbers made it so, once they commit.
        if (decision.refuse === ONLINE_USED_UP && sessionId) {
          if (lowestTaken === null) view.onlineUsedUp(sessionId);
          else void ctx.committed.then((ok) => ok && view.onlineUsedUp(sessionId));
        }
        answers.push(failed(decision.refuse));
        continue;
      }
      // A request decide let through was read with the session above: only a bug leaves one unknown.
      if (!('take' in decision) || !session || !sessionId) throw new Error('an allocation was decided without the session read under the lock');
      const batchSession = session;
      const write = async () => {
        const taken = await takeNumbers(store, ctx, batchSession, { sessionId, openedAt: batchSession.openedAt }, request, activeScope);
        if (!('refusal' in taken) && request.within?.also) await request.within.also(ctx, taken.value);
        return taken;
      };
      const item = isolated ? await behindSavepoint(tx, write) : { ok: true as const, value: await write() };
      if (!item.ok) {
        answers.push(failed(translated(store, item.error)));
        // What the batch remembers of the session must be what the transaction now holds: read again, for the rest.
        session = await readBatchSession(tx, sessionId, requests.slice(index + 1), settings);
        continue;
      }
      const taken = item.value;
      if ('refusal' in taken) {
        answers.push(failed(taken.refusal));
        continue;
      }
      for (const event of taken.events) ctx.emit(event);
      lowestTaken = Math.min(lowestTaken ?? taken.lowest, taken.lowest);
      if (patient) {
        patient.active = true;
        patient.taken += count;
      }
      answers.push({ ok: true, value: taken.value });
    }
    if (lowestTaken === null) throw new NothingTaken(answers);
    // The batch took the session's last number: once it commits, later requests hear "none left" (not
    // "online numbers used up") without a query. Numbers are never freed again, so it stays true.
    if (session && sessionId && !(await session.facts('ADMIN')).freeLeft) void ctx.committed.then((ok) => ok && view.noneLeft(sessionId));
    // The turn-is-near read finds nothing to do when the write just before this one (of any process) was
    // this process's allocation that committed with the head of the queue settled and full, and every
    // number taken here stands behind that head: no one else's count ahead changed, nothing else changed
    // in between (a threshold, a setting, a hold would each be a write), and these patients have more
    // people ahead than any threshold. At opening time that is most batches. Once per batch. A desk number
    // kept behind the end (decision 049) may stand ahead of a moved-back row of the head: that only adds
    // one to others' counts, and the desk's own number has no notice, so nothing new falls due.
    const stamp = { clinic: runtime.version, queue: queue.version };
    const headEnd = await view.settledHeadBefore(stamp);
    const settledEnd = headEnd !== null && lowestTaken > headEnd ? headEnd : await enqueueAheadNotices(ctx);
    // Last: only the change notice and the commit can still fail, and `committed` reports them.
    if (settledEnd !== null) view.headSettled(stamp, settledEnd, ctx.committed);
    return answers;
  }, { queue: queueId });
}

/** The caller's refusal read in the transaction, or null; any other fault fails the transaction as usual. */
async function checkWithin(tx: Transaction<Database>, request: AllocationRequest): Promise<AppError | null> {
  try {
    await request.within?.check?.(tx);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

type ItemWrite = { refusal: unknown } | { value: Taken; lowest: number; events: DomainEvent[] };

/**
 * One request's writes once decide said take: its address limits (after every refusal of the rule, so a
 * refused request costs the patient nothing), then its numbers. The events go out only once the caller
 * keeps the write (a request rolled back to its savepoint announces nothing).
 */
async function takeNumbers(
  store: Store,
  ctx: WriteContext,
  session: BatchSession,
  quotaSession: QuotaSession,
  request: AllocationRequest,
  activeScope: string,
): Promise<ItemWrite> {
  const { tx, now } = ctx;
  const { reservedType, ownerId, lang, actor } = request;
  const count = request.count ?? 1;
  if (request.quota?.address && ownerId) {
    const refusal = await spendAddressQuota(tx, request.quota.address, quotaSession, now, count);
    if (refusal) return { refusal };
  }
  const numbers: TakenNumber[] = [];
  const events: DomainEvent[] = [];
  let lowest = Infinity;
  // A family's numbers one after another, nobody else's between them (decide counted them free).
  for (let member = 0; member < count; member++) {
    const free = session.next(reservedType);
    if (!free) throw new Error('a number decide counted free was not there');
    session.took(free, reservedType);
    const family = count > 1 ? { familyId: numbers[0]?.slotId ?? free.id, memberName: request.names?.[member] || null, memberIndex: member } : NO_FAMILY;
    const taken = (await tx.executeQuery(takeSlot(store, { id: free.id, reservedType, ownerId, lang: lang ?? null, now, activeScope, ...family }))).rows[0];
    // Read under the same lock a moment ago: only a writer ignoring the lock could have taken it.
    if (!taken) throw new Error(`free number ${free.reservation_number} was taken under the runtime row lock`);
    events.push({ type: 'slotAllocated', slotId: taken.id });
    // No names in the audit trail: only the patient and staff's list show them (decision 053).
    const after = count > 1 ? { reservedType, familyId: family.familyId, member: member + 1, of: count } : { reservedType };
    await writeAudit(tx, actor, { action: 'allocateNextSlot', target: `#${taken.reservation_number} ${taken.id}`, after }, now);
    // Not always the first: a desk number may be a kept one behind the numbers taken before it (decision 049).
    lowest = Math.min(lowest, taken.reservation_number);
    numbers.push({ slotId: taken.id, reservationNumber: taken.reservation_number });
  }
  return { value: count > 1 ? { ...numbers[0], family: numbers } : numbers[0], lowest, events };
}
