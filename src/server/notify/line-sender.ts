/**
 * LINE pushes through @line/bot-sdk's MessagingApiClient (base URL configurable for the local fake).
 * Every attempt of one message carries the same X-Line-Retry-Key; a 409 means LINE already accepted it.
 */
import type { messagingApi } from '@line/bot-sdk';
import { resultOfStatus, type SendResult, withTimeout } from './send-result.js';

// Loaded at the first send: most starts send nothing for a while, and the SDK was the largest single
// module of start-up time and idle memory (docs/benchmarks.md, start-up and idle).
let sdk: Promise<typeof import('@line/bot-sdk')> | undefined;
const loadSdk = () => (sdk ??= import('@line/bot-sdk'));

export interface LineQuota {
  /** The monthly limit, or null when the plan has none. */
  limit: number | null;
  used: number;
}

export interface LineSender {
  readonly configured: boolean;
  push(to: string, text: string, retryKey: string): Promise<SendResult>;
  quota(): Promise<LineQuota | null>;
}

export function lineSender(settings: { channelAccessToken?: string; baseUrl: string; timeoutMs?: number }): LineSender {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const token = settings.channelAccessToken;
  let client: Promise<messagingApi.MessagingApiClient> | undefined;
  const getClient = (channelAccessToken: string) =>
    (client ??= loadSdk().then((m) => new m.messagingApi.MessagingApiClient({ channelAccessToken, baseURL: settings.baseUrl })));
  return {
    configured: Boolean(token),
    async push(to, text, retryKey) {
      if (!token) return { kind: 'fail', reason: 'LINE_MESSAGING_CHANNEL_ACCESS_TOKEN is not configured' };
      const { HTTPFetchError } = await loadSdk();
      try {
        const line = await getClient(token);
        await withTimeout(line.pushMessage({ to, messages: [{ type: 'text', text }] }, retryKey), timeoutMs);
        return { kind: 'sent' };
      } catch (err) {
        if (err instanceof HTTPFetchError) {
          // A repeat of a request LINE already accepted (same retry key): it was delivered once.
          if (err.status === 409) return { kind: 'sent' };
          return resultOfStatus(err.status, err.body);
        }
        return { kind: 'retry', reason: err instanceof Error ? err.message : String(err) };
      }
    },
    async quota() {
      if (!token) return null;
      try {
        const line = await getClient(token);
        const [quota, consumption] = await withTimeout(
          Promise.all([line.getMessageQuota(), line.getMessageQuotaConsumption()]),
          timeoutMs,
        );
        return { limit: quota.type === 'limited' ? (quota.value ?? null) : null, used: consumption.totalUsage };
      } catch {
        return null;
      }
    },
  };
}
