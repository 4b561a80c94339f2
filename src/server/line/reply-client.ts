/**
 * LINE's reply message (`POST /v2/bot/message/reply`): free, unlike a push, and only possible with the
 * one-use reply token of the event it answers (docs/decisions/052). Through fetchBounded, as every outside
 * call: the timeout aborts the request, redirects are not followed, the answer is read up to 64 KiB.
 * Never retried: the reply API takes no retry key, so a repeat after a lost answer could reach the patient
 * twice, and a token LINE did use is refused anyway.
 */
import { fetchBounded } from '../outside/bounded-fetch.js';

export interface LineReplier {
  readonly configured: boolean;
  /** Null once LINE took the reply; otherwise why not, in words for the log. Never throws. */
  reply(replyToken: string, text: string, signal?: AbortSignal): Promise<string | null>;
}

/** LINE's limit on one text message. */
export const REPLY_TEXT_MAX = 5000;

export function lineReplier(settings: { channelAccessToken?: string; baseUrl: string; timeoutMs: number }): LineReplier {
  const token = settings.channelAccessToken;
  const base = settings.baseUrl.replace(/\/+$/, '');
  return {
    configured: Boolean(token),
    async reply(replyToken, text, signal) {
      if (!token) return 'LINE_MESSAGING_CHANNEL_ACCESS_TOKEN is not configured';
      try {
        const answer = await fetchBounded(
          `${base}/v2/bot/message/reply`,
          {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
            body: JSON.stringify({ replyToken, messages: [{ type: 'text', text: text.slice(0, REPLY_TEXT_MAX) }] }),
          },
          settings.timeoutMs,
          signal,
        );
        return answer.status === 200 ? null : `LINE answered ${answer.status}: ${answer.body.slice(0, 200)}`;
      } catch (err) {
        return (err as Error).message;
      }
    },
  };
}
