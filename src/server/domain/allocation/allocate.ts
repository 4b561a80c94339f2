/**
 * Taking a number, start to end: the rule (rule.ts) first on what this process already knows
 * (reception-view.ts), which turns most of an opening burst away without a query or a lock; the rest wait
 * for the group commit (group-commit.ts) and are decided again under the lock as they are written
 * (apply.ts). The answer carries the patient's card, so their screen needs no second request.
 */
import type { MyReservation } from '../../../shared/schemas/functions.js';
import type { ChangeNotice, Store } from '../../storage/port.js';
import { AppError } from '../../errors.js';
import { readCards } from './cards.js';
import { decide, type Decision, noNumberFor, type ReceptionFacts } from './rule.js';
import { groupCommit, type Settled } from './group-commit.js';
import { createReceptionView, type ReceptionView } from './reception-view.js';
import { MAIN_QUEUE } from '../../storage/queue-rows.js';
import { type AllocationRequest, type TakenNumber, writeAllocations } from './apply.js';

export type { AllocationRequest } from './apply.js';

export interface Allocated extends TakenNumber {
  ok: true;
  /** What getMyReservation would answer right after; null for a walk-in, or when it could not be read. */
  reservation: MyReservation | null;
  /** The cards of every number the request took, in order (decision 053); null when `reservation` is. */
  family: MyReservation[] | null;
}

/** Taking numbers in one process: made once per store by the app (its dependencies) and by tests. */
export interface Allocation {
  take(request: AllocationRequest): Promise<Allocated>;
  /** The first queue's view (a one-queue clinic's only one). */
  readonly view: ReceptionView;
  /**
   * Stops every view and the settings listener listening to the store (the clinic runtime stopped: a
   * runtime rebuilt for new settings must not leave them behind). Numbers can still be taken: a request
   * under way then reads reception afresh each time.
   */
  close(): void;
}

/**
 * One queue's taking (decision 061): its own view of reception and its own group commit, so an opening
 * burst in one queue neither waits for nor batches with another's.
 */
export function createAllocation(store: Store, view: ReceptionView = createReceptionView(store)): Allocation {
  type Take = (request: AllocationRequest) => Promise<Allocated>;
  const queues = new Map<string, Take>([[MAIN_QUEUE, queueAllocation(store, view, MAIN_QUEUE)]]);
  /**
   * The lookups under way, one per queue: a fresh process's first opening asks for each other queue some
   * hundreds of times before the first lookup is answered, and each asking its own query held the pool
   * (335 queries in a three-queue burst, on PostgreSQL the cold burst's extra 1.5×; decision 080).
   */
  const looking = new Map<string, Promise<Take>>();
  const views = [view];
  let closed = false;
  const make = (queueId: string): Take => {
    let take = queues.get(queueId);
    if (!take) {
      const made = createReceptionView(store, queueId);
      views.push(made);
      // Made after close by a request still under way: it must not listen either.
      if (closed) made.close();
      queues.set(queueId, (take = queueAllocation(store, made, queueId)));
    }
    return take;
  };
  /**
   * Every queue of the clinic made ready before anyone asks: at start and whenever a setting changed (a
   * queue added). Otherwise an opening's first callers of another queue waited for its lookup and then for
   * its view's read, two round trips behind the whole burst's intake, which the first queue's never did.
   */
  const readyAll = () =>
    void store.db
      .selectFrom('queues')
      .select('id')
      .where('removed_at', 'is', null)
      .execute()
      .then((rows) => {
        if (!closed) rows.forEach((row) => make(row.id));
      })
      // Only a head start: a queue not made here is made by its first caller (forQueue).
      .catch(() => {});
  const onSettings = (notice: ChangeNotice) => {
    if (notice.events.some((e) => e.type === 'settingsChanged')) readyAll();
  };
  const stopLocal = store.onLocalCommit(onSettings);
  const stopChange = store.onChange(onSettings);
  readyAll();
  /**
   * A queue's taking is made once the store knows the queue: each holds a view listening to every change,
   * so an id made up by a caller must not leave one behind (one query, then NOT_FOUND, nothing kept).
   */
  function forQueue(queueId: string): Promise<Take> {
    let lookup = looking.get(queueId);
    if (!lookup) {
      lookup = store.db
        .selectFrom('queues')
        .select('id')
        .where('id', '=', queueId)
        .where('removed_at', 'is', null)
        .executeTakeFirst()
        .then((row) => {
          if (!row) throw new AppError('NOT_FOUND', 'error.unknownQueue');
          return make(queueId);
        })
        .finally(() => looking.delete(queueId));
      looking.set(queueId, lookup);
    }
    return lookup;
  }
  return {
    view,
    take: (request) => {
      const queueId = request.queueId ?? MAIN_QUEUE;
      // The first queue's path stays synchronous up to its early refusal, as before queues.
      const take = queues.get(queueId);
      return take ? take(request) : forQueue(queueId).then((made) => made(request));
    },
    close() {
      closed = true;
      stopLocal();
      stopChange();
      for (const each of views) each.close();
    },
  };
}

function queueAllocation(store: Store, view: ReceptionView, queueId: string): (request: AllocationRequest) => Promise<Allocated> {
  /** A refusal the view can already prove, thrown; otherwise nothing (the lock decides the rest). */
  function refuseOn(reception: ReceptionFacts, request: AllocationRequest): Promise<void> | undefined {
    const first = decide(reception, request, undefined);
    if ('refuse' in first) throw first.refuse;
    // With numbers left the patient's facts are read under the lock, with the session: no query here.
    if ('take' in first || !noNumberFor(reception, request.reservedType) || !reception.sessionId || !request.ownerId) return undefined;
    // None left for them (or no online one, decision 049): only someone who took a number in this session
    // can hold one; only they cost a query.
    const sessionId = reception.sessionId;
    const ownerId = request.ownerId;
    const held = view.heldNumber(sessionId, ownerId);
    if (held === false) return refuseWith(decide(reception, request, { active: false, taken: 0 }));
    return (async () => {
      const active = (await held) && (await holdsActive(store, sessionId, ownerId));
      return refuseWith(decide(reception, request, { active, taken: 1 }));
    })();
  }

  /** Synchronous for all but a patient who took a number this session once none are left. */
  function refuseEarly(request: AllocationRequest): Promise<void> | undefined {
    const known = view.known();
    return known ? refuseOn(known, request) : view.load().then((loaded) => refuseOn(loaded, request));
  }

  async function writeBatch(batch: AllocationRequest[]): Promise<Settled<Allocated>[]> {
    const answers: Settled<Allocated>[] = new Array(batch.length);
    const pending: number[] = [];
    for (const [i, request] of batch.entries()) {
      // Again: while these waited the session may have run out (or been switched): refused without a write.
      try {
        const again = refuseEarly(request);
        if (again) await again;
        pending.push(i);
      } catch (error) {
        answers[i] = { ok: false, error };
      }
    }
    if (pending.length === 0) return answers;
    const written = await writeAllocations(store, view, pending.map((i) => batch[i]), queueId);
    // One read for the whole batch, after its commit and outside the lock. The numbers are taken whatever
    // it does: a failed read leaves the card to the patient's own screen.
    const patientSlots = pending.flatMap((i, k) => {
      const answer = written[k];
      return answer.ok && batch[i].ownerId ? (answer.value.family ?? [answer.value]).map((n) => n.slotId) : [];
    });
    const cards = await readCards(store, patientSlots).catch(() => null);
    pending.forEach((i, k) => {
      const answer = written[k];
      if (!answer.ok) {
        answers[i] = answer;
        return;
      }
      const { slotId, reservationNumber, family } = answer.value;
      const reservation = (batch[i].ownerId && cards?.get(slotId)) || null;
      // A member cancelled in the moment since the commit has no card: the others are still the family.
      const familyCards = reservation ? (family ?? [answer.value]).flatMap((n) => cards?.get(n.slotId) ?? []) : null;
      answers[i] = { ok: true, value: { ok: true, slotId, reservationNumber, reservation, family: familyCards } };
    });
    return answers;
  }

  const inBatch = groupCommit(writeBatch);
  return async (request) => {
    const early = refuseEarly(request);
    if (early) await early;
    return inBatch(request);
  };
}

function refuseWith(decision: Decision): undefined {
  if ('refuse' in decision) throw decision.refuse;
  return undefined;
}

/**
 * The patient holds an active number in the session (the partial unique index's condition). A row left
 * active in a closed session must not lock them out later: only the current session counts.
 */
async function holdsActive(store: Store, sessionId: string, ownerId: string): Promise<boolean> {
  const existing = await store.db
    .selectFrom('reservation_slots')
    .select('id')
    .where('session_id', '=', sessionId)
    .where('owner_id', '=', ownerId)
    .where('canceled', '=', 0)
    .where('is_reception_accepted', '=', 0)
    .executeTakeFirst();
  return existing !== undefined;
}
