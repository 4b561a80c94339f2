/**
 * The storage port: what the domain needs from a store, whichever dialect is behind it. Writes are
 * serialised through the runtime row (one writer at a time, on both dialects), which is what makes
 * "lowest free number, exactly once" and the reception-switch rules hold under any burst.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database, RuntimeTable } from './schema.js';
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
  version: number;
  events: DomainEvent[];
}

export interface WriteContext {
  tx: Transaction<Database>;
  /** The runtime row, locked for this transaction, version already bumped. */
  runtime: RuntimeTable;
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
  /** For simple reads and for tables outside the queue (staff, sessions, subscriptions). */
  readonly db: Kysely<Database>;
  /** Runs one serialised write transaction; retried on transient conflicts, at most 5 attempts. */
  write<T>(fn: (ctx: WriteContext) => Promise<T>): Promise<T>;
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
  /** Sees every query's duration when the store was opened with `queryLog`; returns its removal. */
  observeQueries(fn: QueryObserver): () => void;
  ping(): Promise<void>;
  close(): Promise<void>;
}
