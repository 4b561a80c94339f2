/** Builds the Fastify app around a store: the function endpoint, staff sign-in, live streams, the client. */
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import type { Config } from './config.js';
import type { Store } from './storage/port.js';
import type { Deps } from './http/deps.js';
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
import { createLiveHub, type LiveHubOptions } from './live/hub.js';
import { registerLiveRoutes } from './live/routes.js';
import { patientTokens } from './auth/patient-tokens.js';
import { loadOrCreateSecret, randomSecret } from './auth/secrets.js';
import { deviceTokens } from './auth/staff-devices.js';
import { kioskTokens } from './auth/kiosk-tokens.js';
import { lineLogin } from './line/line-login.js';
import { createWebPush } from './push/web-push.js';
import { type Clock, systemClock } from './clock.js';
import { startScheduleRunner } from './domain/schedule/timer.js';
import { startReadingRecorder } from './domain/wait-readings/timer.js';
import { startMinutesRunner } from './domain/notices/minutes/timer.js';
import { createLiveEstimator } from './domain/estimate/live-estimate.js';
import { registerExportRoutes } from './http/export-routes.js';
import { lineSender } from './notify/line-sender.js';
import { createDeliverer } from './notify/deliverer.js';
import { startNotifyWorker } from './notify/worker.js';
import { serviceMessages } from './notify/service-sender.js';
import { miniAppChannel } from './line/miniapp.js';
import { sealer } from './auth/sealed.js';
import { checkinSealer } from './domain/arrival/keys.js';
import { smsSealer } from './domain/sms/keys.js';
import { smsDelivery, smsSender } from './notify/sms-sender.js';
import { ticketPrinter } from './outside/epos-printer.js';
import { abusePolicy } from './abuse/policy.js';
import { createAllocation } from './domain/allocation/allocate.js';
import { scheduleRetention } from './ops/retention.js';
import { registerMetrics, requestRecorder } from './metrics/register.js';
import { registerLineWebhook } from './line/webhook-route.js';

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

  const secret = config.TOKEN_SECRET ?? loadOrCreateSecret(config.DATA_DIR, 'token-secret', randomSecret);
  const lineSend = lineSender({
    channelAccessToken: config.LINE_MESSAGING_CHANNEL_ACCESS_TOKEN,
    baseUrl: config.LINE_API_BASE_URL,
    timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS,
  });
  // The service notification tokens are sealed with a key derived from the patients' token secret, which every
  // process of the clinic shares and which no backup holds (decision 051).
  const service = serviceMessages({
    store,
    config,
    miniApp: miniAppChannel({
      channelId: config.LINE_MINIAPP_CHANNEL_ID,
      channelSecret: config.LINE_MINIAPP_CHANNEL_SECRET,
      baseUrl: config.LINE_API_BASE_URL,
      timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS,
    }),
    sealer: sealer(secret, 'service-notification-token'),
    log: app.log,
  });
  // One live estimate per process, for the streams, every timer that reads it and 「どちらの医師でも」: its
  // history and calibration are read once per session, not once per part.
  const estimator = createLiveEstimator(store);
  const deps: Deps = {
    config,
    store,
    tokens: patientTokens(secret, config.PATIENT_TOKEN_HOURS),
    lineLogin: lineLogin({
      channelId: config.LINE_LOGIN_CHANNEL_ID,
      channelSecret: config.LINE_LOGIN_CHANNEL_SECRET,
      apiBaseUrl: config.LINE_API_BASE_URL,
    }),
    webPush: createWebPush({
      dataDir: config.DATA_DIR,
      subject: config.VAPID_SUBJECT,
      publicKey: config.VAPID_PUBLIC_KEY,
      privateKey: config.VAPID_PRIVATE_KEY,
      timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS,
    }),
    lineSender: lineSend,
    smsSender: smsSender({ baseUrl: config.SMS_API_BASE_URL, timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS }),
    serviceMessages: service,
    abuse: abusePolicy(store, config, secret),
    // The check-in secrets are sealed under the same server secret, which no backup holds (decision 059).
    checkinSealer: checkinSealer(secret),
    // So are the SMS token and the patients' mobile numbers (decision 070).
    smsSealer: smsSealer(secret),
    kioskTokens: kioskTokens(secret),
    ticketPrinter: ticketPrinter({ timeoutMs: config.PRINTER_TIMEOUT_MS, maxConcurrent: 2 }),
    allocation: createAllocation(store),
    estimator,
    clock,
  };

  const hub = createLiveHub(store, app.log, { ...live, estimator });
  metrics?.watch({ store, viewers: (kind) => hub.viewerCount(kind) });
  // Node's close() waits for connections that never carried a request (browser preconnects) until its
  // headers timeout: they end with the streams, or a SIGTERM would end in the 10-second forced exit.
  const unused = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  app.server.on('request', (request: IncomingMessage) => unused.delete(request.socket));
  // Streams end before the server waits for open connections, or shutdown would hang on them.
  app.addHook('preClose', async () => {
    hub.close();
    for (const socket of unused) socket.destroy();
  });
  const worker = startNotifyWorker({
    store,
    deliverer: createDeliverer({
      store,
      line: deps.lineSender,
      webPush: deps.webPush,
      clinicName: config.CLINIC_NAME,
      service,
      sms: smsDelivery({ store, seal: deps.smsSealer, sender: deps.smsSender }),
    }),
    log: app.log,
    leaseMs: config.NOTIFY_LEASE_SECONDS * 1000,
    baseDelayMs: config.NOTIFY_RETRY_BASE_MS,
    pollMs: config.NOTIFY_POLL_MS,
    onResult: metrics?.notice,
  });
  app.addHook('onClose', async () => {
    await service.settled();
    await worker.stop();
  });
  const stopRetention = scheduleRetention(
    store,
    { retentionDays: config.RETENTION_DAYS, auditRetentionDays: config.AUDIT_RETENTION_DAYS },
    app.log,
  );
  app.addHook('onClose', async () => stopRetention());
  // "Leave home by" (decision 055): the minutes notices follow the clock, not only the queue.
  const minutesRunner = startMinutesRunner({ store, clock, log: app.log, estimator });
  app.addHook('onClose', async () => {
    minutesRunner.stop();
    await minutesRunner.settled();
  });
  // The clinic calendar opens and closes reception at its edges (catching up at start).
  if (config.SCHEDULE_SWITCHING === 'on') {
    const scheduleRunner = startScheduleRunner({ store, clock, log: app.log, estimator });
    app.addHook('onClose', async () => {
      scheduleRunner.stop();
      await scheduleRunner.settled();
    });
  }
  // What waiting patients are shown, every 5 minutes while in-house reception is on (decision 054).
  const readings = startReadingRecorder({ store, clock, log: app.log, estimator });
  app.addHook('onClose', async () => {
    readings.stop();
    await readings.settled();
  });

  registerOriginCheck(app);
  registerFunctionRoutes(app, deps, functionTable);
  registerStaffRoutes(app, deps, deviceTokens(secret));
  registerKioskRoutes(app, deps);
  registerExportRoutes(app, deps);
  registerClientConfigRoute(app, config);
  registerLiveRoutes(app, deps, hub);
  await registerLineWebhook(app, config, store, estimator);
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
