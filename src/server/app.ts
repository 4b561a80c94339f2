/**
 * Builds the Fastify app around a store: the function endpoint, staff sign-in, live streams, the client, for
 * every clinic of the store, each reached by its host (decision 078).
 */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Config } from './config.js';
import type { Store } from './storage/port.js';
import { clientErrorHandler, errorHandlerFor, frameworkErrors } from './http/envelope.js';
import { registerOriginCheck } from './http/origin-check.js';
import { registerFunctionRoutes } from './http/function-routes.js';
import { functionTable } from './function-table.js';
import { registerStaffRoutes } from './http/staff-routes.js';
import { registerKioskRoutes } from './http/kiosk-routes.js';
import { registerStaticClient } from './http/static-client.js';
import { registerClientConfigRoute } from './http/client-config-route.js';
import { registerSecurity } from './http/security.js';
import { serializeRequest } from './http/log-redaction.js';
import { registerRequestLogging } from './http/request-logging.js';
import { registerLiveRoutes } from './live/routes.js';
import { serverSecret } from './auth/secrets.js';
import { createWebPush } from './push/web-push.js';
import { type Clock, systemClock } from './clock.js';
import { registerExportRoutes } from './http/export-routes.js';
import { registerMetrics, requestRecorder } from './metrics/register.js';
import { registerLineWebhook } from './line/webhook-route.js';
import type { LiveHubOptions } from './live/hub.js';
import { smsSender } from './notify/sms-sender.js';
import { openClinicRegistry } from './clinics/registry.js';
import { startClinicRuntime } from './clinics/runtime.js';
import { runtimeConfig } from './clinics/clinic-config.js';
import { readClinicOverlay } from './clinics/line-channels.js';
import { registerClinicRouting } from './http/clinic-request.js';
import { registerGroupRoutes } from './http/group-routes.js';
import { DEFAULT_CLINIC } from './storage/migration-0031-clinics.js';

export interface AppOptions {
  config: Config;
  store: Store;
  /** Where the built client lives; absent in API-only tests. */
  clientDir?: string;
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read what the server logs). */
  logStream?: { write(line: string): void };
  /** Live hub tuning (tests: a small buffer bound). */
  live?: LiveHubOptions;
  /** The clock of the calendar's switching and reads (tests: one they move by hand; the store's must match). */
  clock?: Clock;
}

export async function buildApp({ config, store, clientDir, logger = true, logStream, live, clock = systemClock }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger
      ? {
          level: config.LOG_LEVEL,
          redact: ['req.headers.authorization', 'req.headers.cookie'],
          // URLs are logged without their query values: the LINE callback's code and state are secrets.
          serializers: { req: serializeRequest },
          ...(logStream && { stream: logStream }),
        }
      : false,
    bodyLimit: 16 * 1024,
    trustProxy: config.TRUST_PROXY,
    return503OnClosing: true,
    // Refusals Fastify and Node make before our error handler runs keep the catalogue's shape as well.
    frameworkErrors,
    clientErrorHandler,
  });
  const slowRequests = registerRequestLogging(app, config.SLOW_REQUEST_MS);
  // Function calls are JSON only: a form or text body cannot be forged cross-site into a call.
  app.removeContentTypeParser('text/plain');
  app.decorateReply('errorCode', null);
  app.setErrorHandler(errorHandlerFor(store));
  await app.register(fastifyCookie);
  await registerSecurity(app, config);
  const metrics = await registerMetrics(app, config, store);
  const recordRequest = metrics && requestRecorder(metrics);
  // One onResponse hook for the slow-request log and the metrics: with a hook each, a warm opening burst
  // cost 3–4 % more server CPU in scratch A/B runs (decision 032).
  app.addHook('onResponse', (request, reply, done) => {
    slowRequests(request, reply);
    if (recordRequest) recordRequest(request, reply);
    done();
  });

  const secret = serverSecret(config);
  // The outside clients that hold no clinic's data serve every clinic of the process.
  const shared = {
    webPush: createWebPush({
      dataDir: config.DATA_DIR,
      subject: config.VAPID_SUBJECT,
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS,
    }),
    smsSender: smsSender({ baseUrl: config.SMS_API_BASE_URL, timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS }),
  };
  // One runtime per open clinic (decision 078): its own keys, handlers' deps, live hub, webhook and timers.
  const clinics = await openClinicRegistry({
    store,
    log: app.log,
    start: async (clinicStore, identity) => {
      // What the clinic set for itself (decision 079); a secret that no longer opens is named, never shown.
      const own = await readClinicOverlay(clinicStore, secret);
      for (const { name, reason } of own.unusable) app.log.warn({ clinic: identity.id, setting: name, reason }, 'a clinic setting is left unused');
      return startClinicRuntime({
        config: runtimeConfig(config, identity, own.config),
        store: clinicStore,
        serverSecret: secret,
        log: identity.id === DEFAULT_CLINIC ? app.log : app.log.child({ clinic: identity.id }),
        clock,
        live,
        shared,
        onNotice: metrics?.notice,
      });
    },
  });
  // The group host reaches no clinic (decision 081): one a clinic also lists would hide that clinic there.
  if (config.GROUP_HOST) {
    const taken = await store.deployment.selectFrom('clinic_hosts').select('clinic_id').where('host', '=', config.GROUP_HOST).executeTakeFirst();
    if (taken) {
      await clinics.close();
      throw new Error(`GROUP_HOST ${config.GROUP_HOST} is also a host of the clinic ${taken.clinic_id}: remove it there (npm run clinic -- host-remove ${taken.clinic_id} ${config.GROUP_HOST}) or choose another`);
    }
  }
  registerClinicRouting(app, clinics, config.GROUP_HOST);
  app.decorate('clinics', clinics);
  metrics?.watch({ store, viewers: (kind) => clinics.runtimes().reduce((sum, runtime) => sum + runtime.hub.viewerCount(kind), 0) });
  // Node's close() waits for connections that never carried a request (browser preconnects) until its
  // headers timeout: they end with the streams, or a SIGTERM would end in the 10-second forced exit.
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage) => unused.delete(request.socket));
  // Streams end before the server waits for open connections, or shutdown would hang on them; replies still
  // waiting on LINE are aborted, so shutdown does not wait out their timeout.
  app.addHook('preClose', async () => {
    clinics.closeStreams();
    for (const socket of unused) socket.destroy();
    await Promise.all(clinics.runtimes().map((runtime) => runtime.webhook.stop()));
  });
  app.addHook('onClose', async () => clinics.close());

  registerOriginCheck(app);
  registerFunctionRoutes(app, functionTable);
  registerStaffRoutes(app);
  if (config.GROUP_HOST) registerGroupRoutes(app, { store, config, clock });
  registerKioskRoutes(app);
  registerExportRoutes(app);
  registerClientConfigRoute(app);
  registerLiveRoutes(app, config);
  await registerLineWebhook(app, () => clinics.runtimes().map((runtime) => runtime.webhook));
  app.get('/healthz', async (_request, reply) => {
    try {
      await store.ping();
      return { status: 'ok', store: store.dialect };
    } catch {
      return reply.code(503).send({ status: 'unavailable', store: store.dialect });
    }
  });
  await registerStaticClient(app, clientDir ?? '');
  return app;
}
