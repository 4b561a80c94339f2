/**
 * Statements built and compiled once per store, then run with new values. Kysely builds and compiles a
 * query afresh on every call (node objects, a visitor over them, the SQL text); in the opening burst that
 * was a visible share of each allocation (bench/records/benchmark-history.md, issue 17). The SQL is the dialect's, so one
 * compilation per store; the values are found in the compiled parameters by identity and put back in
 * their places on each run. What the statement says stays with the caller (domain/allocation/apply.ts).
 */
import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { Database } from './schema.js';
import type { Store } from './port.js';

/** Runs with a fresh set of values: the SQL text compiled once, the parameters in their places. */
export type Statement<V, R> = (store: Store, values: V) => CompiledQuery<R>;

/**
 * Declares a statement of the values `names`. `build` receives stand-ins for them and must use each one as
 * a plain value (a parameter), never inspect it; every other parameter of the SQL stays as compiled.
 */
export function statement<V extends Record<string, unknown>, R>(
  names: readonly (keyof V & string)[],
  build: (db: Kysely<Database>, values: V) => Compilable<R>,
): Statement<V, R> {
  const compiled = new WeakMap<Store, { query: CompiledQuery<R>; places: ((keyof V & string) | undefined)[] }>();
  return (store, values) => {
    let entry = compiled.get(store);
    if (!entry) {
      const standIns = Object.fromEntries(names.map((name) => [name, { standIn: name }])) as unknown as V;
      const query = build(store.db, standIns).compile();
      const places = query.parameters.map((p) => names.find((name) => standIns[name] === p));
      for (const name of names) if (!places.includes(name)) throw new Error(`statement: ${name} is not a parameter of the SQL`);
      compiled.set(store, (entry = { query, places }));
    }
    const { query, places } = entry;
    return { ...query, parameters: places.map((name, i) => (name === undefined ? query.parameters[i] : values[name])) };
  };
}
