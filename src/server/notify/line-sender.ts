/**
 * LINE pushes through @line/bot-sdk's MessagingApiClient (base URL configurable for the local fake).
 * Every attempt of one message carries the same X-Line-Retry-Key; a 409 means LINE already accepted it.
 */
import { HTTPFetchError, messagingApi } from '@line/bot-sdk';
import { resultOfStatus, type SendResult, withTimeout } from './send-result.js';

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
  const client = settings.channelAccessToken
    ? new messagingApi.MessagingApiClient({ channelAccessToken: settings.channelAccessToken, baseURL: settings.baseUrl })
    : null;
  return {
    configured: client !== null,
    async push(to, text, retryKey) {
      if (!client) return { kind: 'fail', reason: 'LINE_MESSAGING_CHANNEL_ACCESS_TOKEN is not configured' };
      try {
        await withTimeout(client.pushMessage({ to, messages: [{ type: 'text', text }] }, retryKey), timeoutMs);
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
      if (!client) return null;
      try {
        const [quota, consumption] = await withTimeout(
          Promise.all([client.getMessageQuota(), client.getMessageQuotaConsumption()]),
          timeoutMs,
        );
        return { limit: quota.type === 'limited' ? (quota.value ?? null) : null, used: consumption.totalUsage };
      } catch {
        return null;
      }
    },
  };
}
