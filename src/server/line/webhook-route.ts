/**
 * POST /line/webhook: LINE's Messaging API webhook (issue 37, docs/decisions/052, docs/api.md "LINE
 * webhook"). The body is taken as raw bytes and its signature checked before anything reads it: a delivery
 * not signed with LINE_MESSAGING_CHANNEL_SECRET (or any delivery while it is unset) is refused 401 and
 * changes nothing. A signed one is answered 200 at once and its events are handled afterwards, so LINE never
 * waits on our store or on its own reply endpoint (it stops delivering to a URL that keeps failing).
 * Each clinic has its own webhook (its runtime's); the route gives a delivery to the one its host reaches.
 */
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { liffApps } from '../config.js';
import type { Store } from '../storage/port.js';
import { AppError } from '../errors.js';
import { liffPageUrl } from '../../shared/line/liff-apps.js';
import type { LiveEstimator } from '../domain/estimate/live-estimate.js';
import { readDelivery, type ChatEvent } from '../domain/line-chat/events.js';
import { answerEvent, type ChatDeps } from '../domain/line-chat/apply.js';
import { lineReplier } from './reply-client.js';
import { signatureValid } from './webhook-signature.js';
import { deliveryForClinic } from '../clinics/line-channels.js';
import '../http/clinic-request.js';

/** A delivery is a few events of a few KB; a text message is at most 5,000 characters. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;
/** Events being answered at once in this process; past it a delivery is acknowledged and not answered. */
export const MAX_EVENTS_IN_FLIGHT = 200;

declare module 'fastify' {
  interface FastifyInstance {
    /** Resolves once every webhook event received so far has been handled (tests; shutdown waits for it). */
    lineWebhookSettled(): Promise<void>;
  }
}

/** One clinic's webhook: its channel's secret checks the signature, its store and estimate answer. */
export interface LineWebhook {
  /** Checks and reads a delivery (refusing it with a catalogue error) and starts answering its events. */
  accept(raw: Buffer, signature: string | string[] | undefined, log: FastifyBaseLogger): void;
  /** Resolves once every event accepted so far has been handled. */
  settled(): Promise<void>;
  /** Aborts replies still waiting on LINE and waits for the rest. */
  stop(): Promise<void>;
}

/** `estimator`: the clinic's live estimate (its runtime's one), so a reply reads the wait the card shows. */
export function lineWebhook(config: Config, store: Store, estimator: LiveEstimator): LineWebhook {
  const secret = config.LINE_MESSAGING_CHANNEL_SECRET;
  const replier = lineReplier({
    channelAccessToken: config.LINE_MESSAGING_CHANNEL_ACCESS_TOKEN,
    baseUrl: config.LINE_API_BASE_URL,
    timeoutMs: config.NOTIFY_SEND_TIMEOUT_MS,
  });
  // Aborts replies still waiting on LINE when the server stops, so shutdown does not wait out their timeout.
  const stopping = new AbortController();
  const deps: ChatDeps = {
    store,
    estimate: estimator,
    clinic: config.CLINIC_NAME,
    bookLink: liffPageUrl('book', liffApps(config)),
    send: (replyToken, text) => replier.reply(replyToken, text, stopping.signal),
    now: () => new Date(),
  };

  const running = new Set<Promise<void>>();
  let inFlight = 0;
  async function handle(events: ChatEvent[], log: FastifyBaseLogger) {
    for (const event of events) {
      try {
        const outcome = await answerEvent(deps, event);
        if (outcome === 'replyFailed') log.warn({ eventId: event.id }, 'LINE chat reply failed');
        else log.info({ eventId: event.id, type: event.type, outcome, redelivery: event.isRedelivery }, 'LINE webhook event');
      } catch (err) {
        log.error({ err, eventId: event.id }, 'LINE webhook event could not be handled');
      }
    }
  }
  function track(events: ChatEvent[], log: FastifyBaseLogger) {
    if (events.length === 0) return;
    if (inFlight + events.length > MAX_EVENTS_IN_FLIGHT) {
      log.warn({ events: events.length, inFlight }, 'LINE webhook events left unanswered: too many at once');
      return;
    }
    inFlight += events.length;
    const work = handle(events, log).finally(() => {
      inFlight -= events.length;
      running.delete(work);
    });
    running.add(work);
  }
  const settled = async () => {
    while (running.size > 0) await Promise.allSettled([...running]);
  };

  return {
    accept(raw, signature, log) {
      if (!signatureValid(secret, raw, signature)) {
        if (!secret) log.warn('LINE webhook delivery refused: LINE_MESSAGING_CHANNEL_SECRET is not set');
        throw new AppError('UNAUTHENTICATED', 'error.webhookSignature');
      }
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError('INVALID_ARGUMENT', 'error.invalidArgument');
      }
      // Signed with this clinic's channel secret, and, once the clinic named its bot, for that bot (decision 079).
      if (!deliveryForClinic((body as { destination?: unknown } | null)?.destination, config.LINE_BOT_USER_ID)) {
        throw new AppError('PERMISSION_DENIED', 'error.webhookDestination');
      }
      const events = readDelivery(body);
      if (!events) throw new AppError('INVALID_ARGUMENT', 'error.invalidArgument');
      track(events, log);
    },
    settled,
    async stop() {
      stopping.abort();
      await settled();
    },
  };
}

/** The one route: the request's host chose its clinic (clinics/registry.ts), whose own webhook answers. */
export async function registerLineWebhook(app: FastifyInstance, every: () => Iterable<LineWebhook>): Promise<void> {
  app.decorate('lineWebhookSettled', async () => {
    await Promise.all([...every()].map((webhook) => webhook.settled()));
  });
  await app.register(async (scope) => {
    // Only here: the raw bytes, whatever the content type, so the signature is checked on exactly what came.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));
    scope.post('/line/webhook', { bodyLimit: WEBHOOK_BODY_LIMIT }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      request.clinic.webhook.accept(raw, request.headers['x-line-signature'], request.log);
      return reply.code(200).send({});
    });
  });
}
