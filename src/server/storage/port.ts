/**
 * The storage port: what the domain needs from a store, whichever dialect is behind it. Writes are
 * serialised through the runtime row (clinic-wide writes) or a queue's row (writes of one queue, which
 * share the runtime row; decision 061), which is what makes "lowest free number, exactly once" and the
 * reception-switch rules hold under any burst.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, DeploymentDatabase, QueueTable, RuntimeTable } from './schema.js';
import type { QueryObserver } from './query-log.js';

export type DomainEventType =
  | 'slotAllocated'
  | 'slotCanceled'
  | 'slotMarked'
  | 'beepClaimed'
  | 'receptionSwitched'
  | 'recallRequested'
  | 'noticeQueued'
  | 'noticeFailed'
  | 'settingsChanged'
  | 'staffSignedOut'
  | 'scheduleChanged'
  | 'calloutMade';

export interface DomainEvent {
  type: DomainEventType;
  slotId?: string;
}

/** Published after a write commits; in PostgreSQL it reaches every server process. */
export interface ChangeNotice {
  /** The clinic whose write it was (decision 077); absent on a notice for everyone (a LISTEN reconnect). */
  clinic?: string;
  /**
   * The runtime row's version after a clinic-wide write; after a queue's write the runtime row's plus that
   * queue's (decision 061), which orders that queue's writes only. Snapshots carry their own version.
   */
  version: number;
  events: DomainEvent[];
}

/** A write of one queue (decision 061): it takes that queue's row, not the clinic's runtime row. */
export interface WriteScope {
  queue: string;
}

export interface WriteContext {
  tx: Transaction<Database>;
  /**
   * The runtime row: locked for this transaction with its version bumped (a clinic-wide write), or only
   * shared (a queue's write, which must not update it: two queues' writers would wait on each other).
   */
  runtime: RuntimeTable;
  /** A queue's write: its queue row, locked, version bumped. */
  queue?: QueueTable;
  /** Records an event; published only if the transaction commits. */
  emit(event: DomainEvent): void;
  now: string;
  /**
   * This attempt's outcome: true once it committed, false once it rolled back — settled as soon as the
   * transaction ends, before any retry (decision 025).
   */
  committed: Promise<boolean>;
}

export interface Store {
  readonly dialect: 'sqlite' | 'postgres';
  /** The clinic this store reads and writes (decision 077): every statement of `db` is scoped to it. */
  readonly clinic: string;
  /** For simple reads and for tables outside the queue (staff, sessions, subscriptions); this clinic's rows only. */
  readonly db: Kysely<Database>;
  /** The deployment's own tables (the clinics and their hosts) for the operator's commands and host routing. */
  readonly deployment: Kysely<DeploymentDatabase>;
  /** The same store for another clinic: one pool, one LISTEN, its own rows, locks and change notices. */
  forClinic(clinic: string): Store;
  /**
   * Runs one serialised write transaction; retried on transient conflicts, at most 5 attempts. Without a
   * scope it is clinic-wide (the runtime row); with one, a write of that queue only (NOT_FOUND
   * error.unknownQueue for a queue that does not exist or was removed).
   */
  write<T>(fn: (ctx: WriteContext) => Promise<T>, scope?: WriteScope): Promise<T>;
  /** Runs reads that must see one consistent state. */
  read<T>(fn: (tx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** Listens to committed changes (from any process sharing the store). Returns an unsubscribe. */
  onChange(listener: (notice: ChangeNotice) => void): () => void;
  isUniqueViolation(err: unknown): boolean;
  /** The store cannot be reached (connection refused, server restarting): the caller answers UNAVAILABLE. */
  isUnavailable(err: unknown): boolean;
  /**
   * Hears this process's own committed writes at once, before the writer resumes (decision 022). The same
   * notices reach onChange as well; in PostgreSQL only a moment later, through LISTEN.
   */
  onLocalCommit(listener: (notice: ChangeNotice) => void): () => void;
  /**
   * How many onChange and onLocalCommit listeners of this clinic are in place: what a stopped clinic runtime
   * must give back (a runtime rebuilt for new settings would otherwise leave its listeners behind for ever).
   */
  listenerCount(): number;
  /** Sees every query's duration when the store was opened with `queryLog`; returns its removal. */
  observeQueries(fn: QueryObserver): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}
