/**
 * Web Push through the `web-push` library (VAPID, aes128gcm). VAPID keys are generated into DATA_DIR when
 * not configured; the subject (a real mailto:/https: URI, PLATFORM.md) must be configured to send.
 */
import webpush from 'web-push';
import type { PushSubscriptionJson } from '../../shared/schemas/functions.js';
import { loadOrCreateSecret } from '../auth/secrets.js';

export interface PushMessage {
  title: string;
  body: string;
  link: string;
}

export type PushOutcome = { kind: 'sent' } | { kind: 'gone' } | { kind: 'failed'; status: number | null; reason: string };

export interface WebPush {
  readonly configured: boolean;
  readonly publicKey: string;
  send(subscription: PushSubscriptionJson, message: PushMessage, options?: { ttlSeconds?: number }): Promise<PushOutcome>;
}

export interface WebPushSettings {
  dataDir: string;
  subject?: string;
  publicKey?: string;
  privateKey?: string;
}

export function createWebPush(settings: WebPushSettings): WebPush {
  const keys =
    settings.publicKey && settings.privateKey
      ? { publicKey: settings.publicKey, privateKey: settings.privateKey }
      : (JSON.parse(
          loadOrCreateSecret(settings.dataDir, 'vapid-keys.json', () => JSON.stringify(webpush.generateVAPIDKeys())),
        ) as { publicKey: string; privateKey: string });
  const subject = settings.subject;

  return {
    configured: Boolean(subject),
    publicKey: keys.publicKey,
    async send(subscription, message, options = {}) {
      if (!subject) return { kind: 'failed', status: null, reason: 'VAPID_SUBJECT is not configured' };
      try {
        await webpush.sendNotification(subscription, JSON.stringify(message), {
          vapidDetails: { subject, ...keys },
          TTL: options.ttlSeconds ?? 3600,
          urgency: 'high',
          timeout: 10_000,
        });
        return { kind: 'sent' };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode ?? null;
        // 404/410: the browser dropped this subscription for good; the caller deletes it.
        if (status === 404 || status === 410) return { kind: 'gone' };
        return { kind: 'failed', status, reason: err instanceof Error ? err.message : String(err) };
      }
    },
  };
}
