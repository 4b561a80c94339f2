/**
 * LINE pushes over the Messaging API (base URL configurable for the local fake), posted with fetch rather
 * than @line/bot-sdk: the SDK's client takes no abort signal, so its timeout could only race the request
 * and leave the socket open, and it follows redirects. Every attempt of one message carries the same
 * X-Line-Retry-Key; a 409 means LINE already accepted it.
 */
import { fetchBounded } from '../outside/bounded-fetch.js';
import { resultOfStatus, retryOnError, type SendResult } from '../outside/send-result.js';

export interface LineQuota {
  /** The monthly limit, or null when the plan has none. */
  limit: number | null;
  used: number;
}

export interface LineSender {
  readonly configured: boolean;
  push(to: string, text: string, retryKey: string, signal?: AbortSignal): Promise<SendResult>;
  quota(): Promise<LineQuota | null>;
}

export function lineSender(settings: { channelAccessToken?: string; baseUrl: string; timeoutMs?: number }): LineSender {
  const timeoutMs = settings.timeoutMs ?? 10_000;
  const token = settings.channelAccessToken;
  const base = settings.baseUrl.replace(/\/+$/, '');
  const headers = () => ({ authorization: `Bearer ${token}` });

  async function getJson(path: string): Promise<Record<string, unknown>> {
    const answer = await fetchBounded(`${base}${path}`, { method: 'GET', headers: headers() }, timeoutMs);
    if (answer.status !== 200) throw new Error(`HTTP ${answer.status}`);
    return JSON.parse(answer.body) as Record<string, unknown>;
  }

  return {
    configured: Boolean(token),
    async push(to, text, retryKey, signal) {
      if (!token) return { kind: 'fail', reason: 'LINE_MESSAGING_CHANNEL_ACCESS_TOKEN is not configured' };
      try {
        const answer = await fetchBounded(
          `${base}/v2/bot/message/push`,
          {
            method: 'POST',
            headers: { ...headers(), 'content-type': 'application/json', 'x-line-retry-key': retryKey },
            body: JSON.stringify({ to, messages: [{ type: 'text', text }] }),
          },
          timeoutMs,
          signal,
        );
        // A repeat of a request LINE already accepted (same retry key): it was delivered once.
        if (answer.status === 409) return { kind: 'sent' };
        return resultOfStatus(answer.status, answer.body);
      } catch (err) {
        return retryOnError(err);
      }
    },
    async quota() {
      if (!token) return null;
      try {
        const [quota, consumption] = await Promise.all([getJson('/v2/bot/message/quota'), getJson('/v2/bot/message/quota/consumption')]);
        // An answer that is not LINE's (a limited plan without its number, no usage) is no answer: "no limit" or
        // NaN here would let a broadcast through unchecked.
        const limited = quota.type === 'limited' && typeof quota.value === 'number';
        if ((!limited && quota.type !== 'none') || typeof consumption.totalUsage !== 'number') return null;
        return { limit: limited ? (quota.value as number) : null, used: consumption.totalUsage };
      } catch {
        return null;
      }
    },
  };
}
