/**
 * Per-query durations from Kysely's `log` hook, for the metrics. Kysely wraps every query in timing code
 * once a logger is set, so the hook is only installed when metrics are on (`StoreOptions.queryLog`): with
 * metrics off the store runs exactly as before.
 */
import type { Logger } from 'kysely';

export interface QueryTiming {
  /** select, insert, update, delete or other (raw SQL): a bounded label, never the SQL text. */
  operation: string;
  seconds: number;
  failed: boolean;
}

export type QueryObserver = (timing: QueryTiming) => void;

export interface QueryLog {
  /** For the Kysely constructor; undefined when timing is off. */
  readonly logger: Logger | undefined;
  /** Adds an observer; returns its removal. Observers see nothing when the log is off. */
  observe(fn: QueryObserver): () => void;
}

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
};

export function queryLog(enabled: boolean): QueryLog {
  const observers = new Set<QueryObserver>();
  const logger: Logger = (event) => {
    if (observers.size === 0) return;
    const timing = {
      operation: OPERATIONS[event.query.query.kind] ?? 'other',
      seconds: event.queryDurationMillis / 1000,
      failed: event.level === 'error',
    };
    for (const fn of observers) fn(timing);
  };
  return {
    logger: enabled ? logger : undefined,
    observe(fn) {
      observers.add(fn);
      return () => void observers.delete(fn);
    },
  };
}
