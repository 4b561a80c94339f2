/**
 * A real server on a free port over a real store, for tests. Nothing of ours is faked: only the outside
 * world (LINE, push services) is, by pointing base URLs at local fake servers through `env`.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type AppOptions, buildApp } from '../../src/server/app.js';
import { type Config, loadConfig, metricsEnabled } from '../../src/server/config.js';
import type { Store } from '../../src/server/storage/port.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { ensureClientBuilt } from './client-build.js';
import { manualClock } from './clock.js';

/** Sunday 2026-11-22 12:00 in Tokyo: the default calendar has no edge near it. */
export const QUIET_SUNDAY = '2026-11-22T03:00:00Z';

export interface TestServer {
  url: string;
  app: FastifyInstance;
  store: Store;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Environment variables on top of the defaults (e.g. LINE_API_BASE_URL of a fake). */
  env?: Record<string, string>;
  /** A store to use (e.g. a PostgreSQL one); by default a fresh SQLite file in a temp dir. */
  store?: Store;
  clientDir?: string;
  /** Log lines go here (set LOG_LEVEL in `env`); without it the server logs nothing. */
  logStream?: AppOptions['logStream'];
  live?: AppOptions['live'];
  /** The clock of the calendar (test/support/clock.ts); the default SQLite store is opened on it too. */
  clock?: AppOptions['clock'];
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  if (options.clientDir) await ensureClientBuilt(options.clientDir);
  const dataDir = mkdtempSync(join(tmpdir(), 'cq-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', ...options.env });
  // As openStore does: queries are timed only when metrics are on.
  const { logStream, live, clientDir } = options;
  // Without a clock of its own a test server's calendar stands still on a quiet Sunday: the real clock
  // would let a window edge switch reception in the middle of a test that is about something else.
  const clock = options.clock ?? manualClock(QUIET_SUNDAY);
  const store =
    options.store ??
    (await openSqliteStore(join(dataDir, 'clinic-queue.sqlite'), { queryLog: metricsEnabled(config), clock: options.clock && (() => clock.now()) }));
  const app = await buildApp({ config, store, clientDir, logger: Boolean(logStream), logStream, live, clock });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    app,
    store,
    config,
    dataDir,
    async close() {
      // Browsers report Content-Security-Policy violations to the server: any page a test opened that
      // broke the policy fails that test's run here, so every browser journey is checked for free.
      const violations = [...app.cspReports];
      await app.close();
      await store.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (violations.length > 0) {
        throw new Error(`Content-Security-Policy violations:\n${JSON.stringify(violations, null, 2)}`);
      }
    },
  };
}
