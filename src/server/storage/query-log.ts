/**
 * Per-query durations for the metrics, taken where each adapter runs its SQL: around better-sqlite3's
 * synchronous statement calls, and from pg's own completion callback. Kysely's own `log` hook did the same job
 * but added several awaits to every query, which showed as most of the metrics' cost in the opening
 * burst (bench/records/benchmark-history.md, metrics overhead, run 7). Installed only when metrics are on
 * (`StoreOptions.queryLog`): with metrics off the adapters run exactly as before.
 */
import { performance } from 'node:perf_hooks';

/**
 * One query's timing: its operation (select, insert, update, delete or other: a bounded label, never the
 * SQL text), its duration and whether it failed. Positional, so that reporting allocates nothing.
 */
export type QueryObserver = (operation: string, seconds: number, failed: boolean) => void;

export interface QueryLog {
  readonly enabled: boolean;
  /** Adds an observer; returns its removal. Observers see nothing when the log is off. */
  observe(fn: QueryObserver): () => void;
  /**
   * Reports a query that began at `start` (performance.now()) and has just ended. The adapters call it
   * on the completion path they already have (after better-sqlite3's synchronous call returns, from pg's
   * own query callback): no closure, no promise, no `then` and no object of its own per query.
   */
  report(operation: string, start: number, failed: boolean): void;
}

/** The statement's kind from its first word: Kysely writes `select`, `insert`, `update`, `delete`. */
export function operationOf(sql: string): string {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  return word === 'select' || word === 'insert' || word === 'update' || word === 'delete' ? word : 'other';
}

export function queryLog(enabled: boolean): QueryLog {
  // An array and an indexed loop: the smallest code for V8 to compile on this path, which every query of a
  // fresh process's first opening runs.
  let observers: QueryObserver[] = [];
  return {
    enabled,
    observe(fn) {
      observers = [...observers, fn];
      return () => void (observers = observers.filter((o) => o !== fn));
    },
    report(operation, start, failed) {
      const list = observers;
      if (list.length === 0) return;
      const seconds = (performance.now() - start) / 1000;
      for (let i = 0; i < list.length; i++) list[i](operation, seconds, failed);
    },
  };
}
