/**
 * Web Push: `web-push` builds the request (VAPID JWT, aes128gcm encryption) and we post it with fetch,
 * bounded by a timeout that aborts the request, and without following redirects. VAPID keys are generated
 * into DATA_DIR when not configured; the subject (a real mailto:/https: URI: Apple refuses localhost subjects) must be set.
 */
import { createRequire } from 'node:module';
import type * as WebPushLib from 'web-push';
import type { PushSubscriptionJson } from '../../shared/schemas/functions.js';
import { loadOrCreateSecret } from '../auth/secrets.js';
import { fetchBounded } from '../outside/bounded-fetch.js';
import { resultOfStatus, retryOnError, type SendResult } from '../outside/send-result.js';

// Loaded on first use: a start normally finds its VAPID keys on disk and sends nothing yet, and web-push
// with its dependencies was a visible share of start-up time and idle memory (docs/benchmarks.md).
// `require` rather than import(): key generation happens inside a synchronous callback.
const require = createRequire(import.meta.url);
let lib: typeof WebPushLib | undefined;
const webpush = () => (lib ??= require('web-push') as typeof WebPushLib);

export interface PushMessage {
  title: string;
  body: string;
  link: string;
}

export interface PushOptions {
  ttlSeconds: number;
  /** Replaces an undelivered message with the same topic (RFC 8030): a re-send after a crash does not stack. */
  topic?: string;
  /** Aborts the request (the worker stopping). */
  signal?: AbortSignal;
}

export interface WebPush {
  readonly configured: boolean;
  readonly publicKey: string;
  send(subscription: PushSubscriptionJson, message: PushMessage, options: PushOptions): Promise<SendResult>;
}

export interface WebPushSettings {
  dataDir: string;
  subject?: string;
  publicKey?: string;
  privateKey?: string;
  timeoutMs?: number;
}

export function createWebPush(settings: WebPushSettings): WebPush {
  const keys =
    settings.publicKey && settings.privateKey
      ? { publicKey: settings.publicKey, privateKey: settings.privateKey }
      : (JSON.parse(
          loadOrCreateSecret(settings.dataDir, 'vapid-keys.json', () => JSON.stringify(webpush().generateVAPIDKeys())),
        ) as { publicKey: string; privateKey: string });
  const { subject } = settings;
  const timeoutMs = settings.timeoutMs ?? 10_000;

  return {
    configured: Boolean(subject),
    publicKey: keys.publicKey,
    async send(subscription, message, options) {
      if (!subject) return { kind: 'fail', reason: 'VAPID_SUBJECT is not configured' };
      let request: ReturnType<typeof WebPushLib.generateRequestDetails>;
      try {
        request = webpush().generateRequestDetails(subscription, JSON.stringify(message), {
          vapidDetails: { subject, ...keys },
          TTL: options.ttlSeconds,
          urgency: 'high',
          ...(options.topic ? { topic: options.topic } : {}),
        });
      } catch (err) {
        // Keys nothing can be encrypted to (old rows saved before they were checked): no retry helps.
        return { kind: 'fail', reason: `cannot encrypt to this subscription: ${err instanceof Error ? err.message : String(err)}` };
      }
      try {
        const response = await fetchBounded(
          request.endpoint,
          {
            method: request.method,
            headers: request.headers as Record<string, string>,
            body: request.body ? new Uint8Array(request.body) : null,
          },
          timeoutMs,
          options.signal,
        );
        // 404/410: the browser dropped this subscription for good.
        if (response.status === 404 || response.status === 410) return { kind: 'gone', reason: `HTTP ${response.status}` };
        return resultOfStatus(response.status, response.body);
      } catch (err) {
        return retryOnError(err);
      }
    },
  };
}
