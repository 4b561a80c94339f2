/** DATABASE_URL chooses PostgreSQL; otherwise the embedded SQLite file in DATA_DIR. */
import { join } from 'node:path';
import { type Config, metricsEnabled } from '../config.js';
import type { Store } from './port.js';

export async function openStore(config: Config): Promise<Store> {
  // Dynamic imports: a SQLite clinic never loads pg, and the reverse.
  if (config.DATABASE_URL) {
    const { openPostgresStore } = await import('./postgres.js');
    return openPostgresStore(config.DATABASE_URL, { poolSize: config.PG_POOL_SIZE, queryLog: metricsEnabled(config) });
  }
  const { openSqliteStore } = await import('./sqlite.js');
  return openSqliteStore(join(config.DATA_DIR, 'clinic-queue.sqlite'), { queryLog: metricsEnabled(config) });
}
