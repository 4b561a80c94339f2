/**
 * Per-query durations for the metrics, taken where each adapter runs its SQL: around better-sqlite3's
 * synchronous statement calls, and from pg's own completion callback. Kysely's own `log` hook did the same job
 * but added several awaits to every query, which showed as most of the metrics' cost in the opening
 * burst (docs/benchmarks.md, metrics overhead, run 7). Installed only when metrics are on
 * (`StoreOptions.queryLog`): with metrics off the adapters run exactly as before.
 */
import { performance } from 'node:perf_hooks';

export interface QueryTiming {
  /** select, insert, update, delete or other: a bounded label, never the SQL text. */
  operation: string;
  seconds: number;
  failed: boolean;
}

export type QueryObserver = (timing: QueryTiming) => void;

export interface QueryLog {
  readonly enabled: boolean;
  /** Adds an observer; returns its removal. Observers see nothing when the log is off. */
  observe(fn: QueryObserver): () => void;
  /**
   * Reports a query that began at `start` (performance.now()) and has just ended. The adapters call it
   * on the completion path they already have (after better-sqlite3's synchronous call returns, from pg's
   * own query callback): no closure, no promise and no `then` of its own per query.
   */
  report(operation: string, start: number, failed: boolean): void;
}

/** The statement's kind from its first word: Kysely writes `select`, `insert`, `update`, `delete`. */
export function operationOf(sql: string): string {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  return word === 'select' || word === 'insert' || word === 'update' || word === 'delete' ? word : 'other';
}

export function queryLog(enabled: boolean): QueryLog {
  const observers = new Set<QueryObserver>();
  return {
    enabled,
    observe(fn) {
      observers.add(fn);
      return () => void observers.delete(fn);
    },
    report(operation, start, failed) {
      if (observers.size === 0) return;
      const timing = { operation, seconds: (performance.now() - start) / 1000, failed };
      for (const fn of observers) fn(timing);
    },
  };
}
