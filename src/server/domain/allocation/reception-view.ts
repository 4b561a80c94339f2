/**
 * What this process knows of reception, kept current by the change notices, so that at opening time most
 * of a burst is refused without a query and without queueing behind the writers (decision 022). One per
 * store and process, made by the app with its dependencies (app.ts). Nothing is ever given on this view
 * alone: a request it does not refuse is decided again under the lock (apply.ts).
 */
import type { ChangeNotice, DomainEventType, Store } from '../../storage/port.js';
import { AppError } from '../../errors.js';
import { MAIN_QUEUE } from '../../storage/queue-rows.js';
import { parseHours } from '../queues/read.js';
import { onlineNumberAfter, type ReceptionFacts } from './rule.js';

/**
 * Events that change neither the switches, the current session nor which numbers it has: everything else
 * (a switch, a setting, a resynchronisation after a lost LISTEN connection, any event added later) drops
 * the view, and the next request reads it afresh. A slotAllocated may take the last number; the
 * allocation that finds none left says so (`noneLeft`), and that is the only way to learn it without a read.
 */
const KEEPS_VIEW: ReadonlySet<DomainEventType> = new Set<DomainEventType>([
  'slotAllocated',
  'slotCanceled',
  'slotMarked',
  'beepClaimed',
  'recallRequested',
  'noticeQueued',
  'noticeFailed',
  'staffSignedOut',
]);

export interface ReceptionView {
  /** The view if this process knows it, else undefined (then `load`). */
  known(): ReceptionFacts | undefined;
  /** Reads the view; concurrent callers share one read. */
  load(): Promise<ReceptionFacts>;
  /** The allocation found no free number in `sessionId`: later requests are refused without a query. */
  noneLeft(sessionId: string): void;
  /**
   * The allocation found the online numbers of `sessionId` used up (decision 049): later online requests are
   * refused without a query. Nothing but a setting (which drops the view) gives online numbers back:
   * cancelled numbers still count against the cap, and a number passed over is never taken online.
   */
  onlineUsedUp(sessionId: string): void;
  /**
   * Whether `ownerId` holds (or held) a number in `sessionId`, for a session with none left (for patients:
   * online numbers used up): a superset of "has an active reservation", read once per session (no patient
   * takes a number after the last one; the desk's numbers have no owner).
   */
  heldNumber(sessionId: string, ownerId: string): boolean | Promise<boolean>;
  /**
   * The write of runtime version `version`, still holding the runtime row lock, leaves the turn-is-near
   * notices settled and the head of the queue full up to number `headEnd` (domain/notices/outbox.ts
   * `enqueueAheadNotices`) — if it commits: remembered so that the allocation right after it can skip the
   * notice read.
   */
  headSettled(stamp: WriteStamp, headEnd: number, committed: Promise<boolean>): void;
  /**
   * The head's last number when the write now holding the runtime row lock (its version `version`)
   * directly follows a committed write that left the head settled, else null. No write of any process came
   * between (every committed write bumps the version under the lock, decision 001), so nobody's notice can
   * have changed since. The write before has ended (this one holds the lock): its outcome is at hand.
   */
  settledHeadBefore(stamp: WriteStamp): Promise<number | null>;
  /**
   * Stops listening to the store (the clinic runtime that made it stopped). A request still under way after
   * that is served, but nothing is remembered any more: with no notices to drop it, a kept view would go stale.
   */
  close(): void;
}

/**
 * Where a queue's write stands among the writes (decision 061): the runtime row's version (moved only by
 * clinic-wide writes) and the queue row's (moved by each write of the queue).
 */
export interface WriteStamp {
  clinic: number;
  queue: number;
}

export function createReceptionView(store: Store, queueId: string = MAIN_QUEUE): ReceptionView {
  // The flags, "is any number left" and what online may still take in one statement, built and compiled
  // once: building it cost more than running it when every request of the burst read it. Of one queue
  // (decision 061): its settings and its own numbers in the current session.
  const viewQuery = store.db
    .selectFrom('runtime')
    .innerJoin('queues', (join) => join.on('queues.id', '=', queueId).on('queues.removed_at', 'is', null))
    .select(['runtime.inhouse_on', 'runtime.online_on', 'runtime.current_session_id', 'queues.keep_every', 'queues.online_cap', 'queues.family_max', 'queues.first_number', 'queues.online', 'queues.hours'])
    .select((eb) => {
      const slots = () =>
        eb
          .selectFrom('reservation_slots')
          .whereRef('reservation_slots.session_id', '=', 'runtime.current_session_id')
          .where('reservation_slots.queue_id', '=', queueId);
      const taken = () => slots().where('reservation_slots.is_reserved', '=', 1);
      return [
        slots().select('reservation_slots.id').where('reservation_slots.is_reserved', '=', 0).limit(1).as('free_slot'),
        slots().select((inner) => inner.fn.max('reservation_slots.reservation_number').as('n')).as('last_number'),
        taken().select((inner) => inner.fn.max('reservation_slots.reservation_number').as('n')).as('last_taken'),
        taken().where('reservation_slots.reserved_type', 'in', ['LINE', 'PWA']).select((inner) => inner.fn.countAll().as('n')).as('online_taken'),
      ];
    })
    .where('runtime.id', '=', 1)
    .compile();

  let view: ReceptionFacts | undefined;
  let loading: Promise<ReceptionFacts> | undefined;
  /** Bumped whenever the view is dropped: a read that started before must not be kept as current. */
  let generation = 0;
  let holders: { sessionId: string; owners: Promise<Set<string>>; known?: Set<string> } | undefined;
  /** This process's latest write that left the head settled, if it commits; set under the lock, so in lock order. */
  let settled: { stamp: WriteStamp; headEnd: number; committed: Promise<boolean> } | undefined;

  const drop = (notice: ChangeNotice) => {
    if (notice.events.length > 0 && notice.events.every((e) => KEEPS_VIEW.has(e.type))) return;
    generation++;
    view = undefined;
    loading = undefined;
    holders = undefined;
  };
  // Own writes at commit (before the writer answers its caller), other processes' through the notices.
  const stopLocal = store.onLocalCommit(drop);
  const stopChange = store.onChange(drop);
  let closed = false;

  async function read(): Promise<ReceptionFacts> {
    const started = generation;
    const row = (await store.db.executeQuery(viewQuery)).rows[0];
    if (!row) throw new AppError('NOT_FOUND', 'error.unknownQueue');
    const first = Number(row.first_number);
    const fresh: ReceptionFacts = {
      sessionId: row.current_session_id,
      inhouseOn: Boolean(row.inhouse_on),
      onlineOn: Boolean(row.online_on),
      freeLeft: row.free_slot !== null,
      // Numbers are made 1..n when the session opens: online may take one while its next is among them.
      // Kept numbers count from the queue's first number (its first is kept like number 1 of the first queue).
      onlineFreeLeft:
        row.last_number !== null && first - 1 + onlineNumberAfter(Number(row.last_taken ?? first - 1) - (first - 1), row.keep_every) <= Number(row.last_number),
      onlineTaken: Number(row.online_taken ?? 0),
      onlineCap: row.online_cap,
      familyMax: row.family_max,
      deskOnly: row.online === 0,
      hours: parseHours(row.hours),
    };
    if (started === generation && !closed) view = fresh;
    return fresh;
  }

  return {
    known: () => view,
    load() {
      if (view) return Promise.resolve(view);
      if (!loading) {
        // Not remembered once settled: a failed read is tried again by the next request.
        const pending: Promise<ReceptionFacts> = read().finally(() => {
          if (loading === pending) loading = undefined;
        });
        loading = pending;
      }
      return loading;
    },
    noneLeft(sessionId) {
      if (view?.sessionId === sessionId) view.freeLeft = false;
    },
    onlineUsedUp(sessionId) {
      if (view?.sessionId === sessionId) view.onlineFreeLeft = false;
    },
    heldNumber(sessionId, ownerId) {
      if (holders?.sessionId !== sessionId) {
        const owners = store.db
          .selectFrom('reservation_slots')
          .select('owner_id')
          .where('session_id', '=', sessionId)
          .where('is_reserved', '=', 1)
          .where('owner_id', 'is not', null)
          .execute()
          .then((rows) => new Set(rows.map((r) => r.owner_id!)));
        const entry: NonNullable<typeof holders> = (holders = { sessionId, owners });
        owners.then(
          (known) => (entry.known = known),
          () => {
            if (holders === entry) holders = undefined;
          },
        );
      }
      // Once read, answered without a promise: the rest of a burst is refused synchronously.
      const { known, owners } = holders;
      if (closed) holders = undefined;
      return known ? known.has(ownerId) : owners.then((set) => set.has(ownerId));
    },
    headSettled(stamp, headEnd, committed) {
      if (!closed) settled = { stamp, headEnd, committed };
    },
    async settledHeadBefore(stamp) {
      // The queue's next write, with no clinic-wide write between. Not enough alone: a write that rolled
      // back leaves its version to the next one.
      const before = settled;
      if (!before || stamp.clinic !== before.stamp.clinic || stamp.queue !== before.stamp.queue + 1) return null;
      return (await before.committed) ? before.headEnd : null;
    },
    close() {
      closed = true;
      stopLocal();
      stopChange();
      drop({ version: 0, events: [] });
      settled = undefined;
    },
  };
}
