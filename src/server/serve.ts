/** The server: check the configuration, open the store, serve, and shut down cleanly. main.ts loads it. */
import { fileURLToPath } from 'node:url';
import type { CodeCacheStatus } from './boot/code-cache.js';
import { ConfigError, loadConfig, startupWarnings } from './config.js';

/** Resolves once the server listens; a configuration or start-up failure ends the process. */
export async function serve(codeCache: CodeCacheStatus): Promise<void> {
  try {
    await start(codeCache);
  } catch (err) {
    if (err instanceof ConfigError) console.error(err.message);
    else console.error(err);
    process.exit(1);
  }
}

async function start(codeCache: CodeCacheStatus) {
  // .env was read by main.ts, before the code cache (which lives in DATA_DIR).
  const config = loadConfig();
  const [{ openStore }, { buildApp }] = await Promise.all([import('./storage/open-store.js'), import('./app.js')]);
  const store = await openStore(config);
  const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
  const app = await buildApp({ config, store, clientDir });
  app.addHook('onClose', async () => store.close());

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (err) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  for (const warning of startupWarnings(config)) app.log.warn(warning);
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ store: store.dialect, port: config.PORT, codeCache }, 'clinic queue ready');
}
