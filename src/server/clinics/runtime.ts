/**
 * One clinic's part of a server process (decision 078): its store, its keys, its handlers' deps, its live hub,
 * its webhook and its timers (the calendar's switching, "leave home by", the wait readings, retention, the
 * notify worker). The app makes one per open clinic (registry.ts) and each request uses its host's; nothing
 * here is shared between clinics but the process's outside clients that hold no clinic's data.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Store } from '../storage/port.js';
import type { Deps } from '../http/deps.js';
import type { Clock } from '../clock.js';
import type { WebPush } from '../push/web-push.js';
import type { SmsSender } from '../notify/sms-sender.js';
import type { OutboxTable } from '../storage/schema.js';
import { createLiveHub, type LiveHub, type LiveHubOptions } from '../live/hub.js';
import { patientTokens } from '../auth/patient-tokens.js';
import { deviceTokens } from '../auth/staff-devices.js';
import { kioskTokens } from '../auth/kiosk-tokens.js';
import { lineLogin } from '../line/line-login.js';
import { startScheduleRunner } from '../domain/schedule/timer.js';
import { startReadingRecorder } from '../domain/wait-readings/timer.js';
import { startMinutesRunner } from '../domain/notices/minutes/timer.js';
import { createLiveEstimator } from '../domain/estimate/live-estimate.js';
import { lineSender } from '../notify/line-sender.js';
import { createDeliverer } from '../notify/deliverer.js';
import { startNotifyWorker } from '../notify/worker.js';
import { serviceMessages } from '../notify/service-sender.js';
import { miniAppChannel } from '../line/miniapp.js';
import { sealer } from '../auth/sealed.js';
import { checkinSealer } from '../domain/arrival/keys.js';
import { smsSealer } from '../domain/sms/keys.js';
import { smsDelivery } from '../notify/sms-sender.js';
import { ticketPrinter } from '../outside/epos-printer.js';
import { abusePolicy } from '../abuse/policy.js';
import { createAllocation } from '../domain/allocation/allocate.js';
import { scheduleRetention } from '../ops/retention.js';
import { lineWebhook, type LineWebhook } from '../line/webhook-route.js';
import { clientConfig } from '../http/client-config-route.js';
import { clinicSecret } from './clinic-secret.js';

export interface ClinicRuntime {
  readonly id: string;
  readonly deps: Deps;
  readonly hub: LiveHub;
  readonly webhook: LineWebhook;
  /** GET /api/client-config's body for this clinic, made once. */
  readonly clientConfig: string;
  /** Ends its streams (the app's preClose). */
  closeStreams(): void;
  /** Stops its timers and worker and waits for what they were doing. */
  stop(): Promise<void>;
}

export interface RuntimeOptions {
  /** The clinic's own configuration: the deployment's, with what the clinic sets for itself over it. */
  config: Config;
  store: Store;
  /** The deployment's TOKEN_SECRET (or DATA_DIR's); the clinic's keys are derived from it. */
  serverSecret: string;
  log: FastifyBaseLogger;
  clock: Clock;
  live?: LiveHubOptions;
  /** Outside clients that hold no clinic's data: one per process. */
  shared: { webPush: WebPush; smsSender: SmsSender };
  onNotice?: (row: OutboxTable, result: 'sent' | 'retry' | 'failed') => void;
}

export function startClinicRuntime({ config, store, serverSecret, log, clock, live, shared, onNotice }: RuntimeOptions): ClinicRuntime {
  const secret = clinicSecret(serverSecret, store.clinic);
  const timing = { timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS };
  // The service notification tokens are sealed with a key derived from the patients' token secret, which every
  // process of the clinic shares and which no backup holds (decision 051).
  const service = serviceMessages({
    store,
    config,
    miniApp: miniAppChannel({
      channelId: config.LINE_MINIAPP_CHANNEL_ID,
      channelSecret: config.LINE_MINIAPP_CHANNEL_SECRET,
      baseUrl: config.LINE_API_BASE_URL,
      ...timing,
    }),
    sealer: sealer(secret, 'service-notification-token'),
    log,
  });
  // One live estimate per clinic and process, for the streams, every timer that reads it and 「どちらの医師でも」:
  // its history and calibration are read once per session, not once per part.
  const estimator = createLiveEstimator(store);
  const deps: Deps = {
    config,
    store,
    tokens: patientTokens(secret, config.PATIENT_TOKEN_HOURS),
    lineLogin: lineLogin({ channelId: config.LINE_LOGIN_CHANNEL_ID, channelSecret: config.LINE_LOGIN_CHANNEL_SECRET, apiBaseUrl: config.LINE_API_BASE_URL }),
    webPush: shared.webPush,
    lineSender: lineSender({ channelAccessToken: config.LINE_MESSAGING_CHANNEL_ACCESS_TOKEN, baseUrl: config.LINE_API_BASE_URL, ...timing }),
    smsSender: shared.smsSender,
    serviceMessages: service,
    abuse: abusePolicy(store, config, secret),
    // The check-in secrets are sealed under the same server secret, which no backup holds (decision 059).
    checkinSealer: checkinSealer(secret),
    // So are the SMS token and the patients' mobile numbers (decision 070).
    smsSealer: smsSealer(secret),
    kioskTokens: kioskTokens(secret),
    staffDevices: deviceTokens(secret),
    ticketPrinter: ticketPrinter({ timeoutMs: config.PRINTER_TIMEOUT_MS, maxConcurrent: 2 }),
    allocation: createAllocation(store),
    estimator,
    clock,
  };
  const hub = createLiveHub(store, log, { ...live, estimator });
  const webhook = lineWebhook(config, store, estimator);

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
    log,
    leaseMs: config.NOTIFY_LEASE_SECONDS * 1000,
    baseDelayMs: config.NOTIFY_RETRY_BASE_MS,
    pollMs: config.NOTIFY_POLL_MS,
    // With nothing to send, a clinic's worker waits for a notice (decision 078): a minute's poll is the safety net.
    idlePollMs: Math.max(config.NOTIFY_POLL_MS, 60_000),
    onResult: onNotice,
  });
  const stopRetention = scheduleRetention(store, { retentionDays: config.RETENTION_DAYS, auditRetentionDays: config.AUDIT_RETENTION_DAYS }, log);
  // "Leave home by" (decision 055): the minutes notices follow the clock, not only the queue.
  const minutes = startMinutesRunner({ store, clock, log, estimator });
  // The clinic calendar opens and closes reception at its edges (catching up at start).
  const schedule = config.SCHEDULE_SWITCHING === 'on' ? startScheduleRunner({ store, clock, log, estimator }) : null;
  // What waiting patients are shown, every 5 minutes while in-house reception is on (decision 054).
  const readings = startReadingRecorder({ store, clock, log, estimator });

  return {
    id: store.clinic,
    deps,
    hub,
    webhook,
    clientConfig: JSON.stringify(clientConfig(config)),
    closeStreams: () => hub.close(),
    async stop() {
      hub.close();
      await webhook.stop();
      await service.settled();
      await worker.stop();
      stopRetention();
      minutes.stop();
      schedule?.stop();
      readings.stop();
      await Promise.all([minutes.settled(), schedule?.settled(), readings.settled()]);
      // Its views listen to the store, which outlives the runtime: a rebuilt runtime must give them back.
      deps.allocation.close();
    },
  };
}
