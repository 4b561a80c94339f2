/**
 * Per-query durations for the metrics, taken where each adapter runs its SQL: around better-sqlite3's
 * synchronous statement calls, and around pg's `client.query`. Kysely's own `log` hook did the same job
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
  /** Runs a synchronous query and reports its duration. */
  timeSync<T>(operation: string, run: () => T): T;
  /** Reports the duration of a query that is under way (the promise is returned as it is). */
  timeAsync<T>(operation: string, running: Promise<T>): Promise<T>;
}

/** The statement's kind from its first word: Kysely writes `select`, `insert`, `update`, `delete`. */
export function operationOf(sql: string): string {
  const word = /^\s*(\w+)/.exec(sql)?.[1]?.toLowerCase();
  return word === 'select' || word === 'insert' || word === 'update' || word === 'delete' ? word : 'other';
}

export function queryLog(enabled: boolean): QueryLog {
  const observers = new Set<QueryObserver>();
  const report = (operation: string, start: number, failed: boolean) => {
    if (observers.size === 0) return;
    const timing = { operation, seconds: (performance.now() - start) / 1000, failed };
    for (const fn of observers) fn(timing);
  };
  return {
    enabled,
    observe(fn) {
      observers.add(fn);
      return () => void observers.delete(fn);
    },
    timeSync(operation, run) {
      const start = performance.now();
      try {
        const value = run();
        report(operation, start, false);
        return value;
      } catch (err) {
        report(operation, start, true);
        throw err;
      }
    },
    timeAsync(operation, running) {
      const start = performance.now();
      running.then(
        () => report(operation, start, false),
        () => report(operation, start, true),
      );
      return running;
    },
  };
}
