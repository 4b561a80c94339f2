/**
 * PostgreSQL connections that say whose they are (decision 077). Row-level security lets a connection see
 * the rows of the clinic in its `app.clinic` setting only; every store of the process shares one pool, so
 * each Kysely (one per clinic, and the deployment's with '*') hands out pooled connections through this
 * driver, which sets the setting when the connection last served someone else. One clinic's process pays
 * one `set_config` per connection, once. Every acquisition passes the fair gate first (decision 082), so a
 * clinic's burst cannot make another clinic wait behind all of its acquisitions.
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  Kysely,
  type KyselyPlugin,
  type QueryCompiler,
  type TransactionSettings,
} from 'kysely';
import type { FairGate } from './fair-pool.js';

/** What a connection runs to say whose it is: the store's own statement, not one of the product's queries. */
export const SET_CLINIC_SQL = `select set_config('app.clinic', $1, false)`;

/** The clinic each pooled connection was last set to (keyed by Kysely's connection object, one per client). */
const setTo = new WeakMap<DatabaseConnection, string>();

class ClinicDriver implements Driver {
  constructor(
    private readonly inner: Driver,
    private readonly clinic: string,
    private readonly ready: () => Promise<void>,
    private readonly gate: FairGate,
  ) {}

  init(): Promise<void> {
    return this.ready();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.gate.enter(this.clinic);
    let connection: DatabaseConnection;
    try {
      connection = await this.inner.acquireConnection();
    } catch (err) {
      this.gate.leave(this.clinic);
      throw err;
    }
    if (setTo.get(connection) !== this.clinic) {
      try {
        await connection.executeQuery(CompiledQuery.raw(SET_CLINIC_SQL, [this.clinic]));
      } catch (err) {
        await this.releaseConnection(connection);
        throw err;
      }
      setTo.set(connection, this.clinic);
    }
    return connection;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.savepoint!(connection, name, compile);
  }

  rollbackToSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.rollbackToSavepoint!(connection, name, compile);
  }

  releaseSavepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']): Promise<void> {
    return this.inner.releaseSavepoint!(connection, name, compile);
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    try {
      await this.inner.releaseConnection(connection);
    } finally {
      this.gate.leave(this.clinic);
    }
  }

  /** The pool is the deployment's: closing one clinic's Kysely leaves it to the others. */
  async destroy(): Promise<void> {}
}

/**
 * Kyselys over one dialect's pool, each setting its clinic on the connections it uses and taking them
 * through one fair gate (made with the pool's size: it never lets more through than the pool holds).
 */
export function clinicKyselys<DB>(dialect: Dialect, gate: FairGate) {
  const inner = dialect.createDriver();
  let started: Promise<void> | undefined;
  const ready = () => (started ??= inner.init());
  const make = (clinic: string, plugins: KyselyPlugin[]) =>
    new Kysely<DB>({
      dialect: {
        createDriver: () => new ClinicDriver(inner, clinic, ready, gate),
        createQueryCompiler: () => dialect.createQueryCompiler(),
        createAdapter: () => dialect.createAdapter(),
        createIntrospector: (db) => dialect.createIntrospector(db),
      },
      plugins,
    });
  return { make, destroy: () => inner.destroy() };
}
