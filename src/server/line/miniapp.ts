/**
 * The LINE MINI App channel's calls (issue 37, docs/decisions/051): its channel access token, issued from the
 * channel id and secret by the client-credentials grant (a stateless token, kept in memory until shortly
 * before it expires), the check that a LIFF access token is this channel's and the patient's (decision 057:
 * LINE Login's verify and profile), the service notification token, and the service message send. Each goes through
 * fetchBounded (a timeout that aborts, no redirects, a bounded body). Answers come back as data for the rule
 * in domain/service-messages/rule.ts; nothing here logs a token.
 */
import { fetchBounded, jsonObject } from '../outside/bounded-fetch.js';
import type { LineAnswer } from '../domain/service-messages/rule.js';
import { profileIs, type Refusal, verifiedFor } from '../domain/service-messages/liff-check.js';

export interface MiniAppChannel {
  readonly configured: boolean;
  /** A channel access token (cached), or why none could be had. */
  channelToken(signal?: AbortSignal): Promise<{ token: string } | { failed: string }>;
  /** Forgets the cached channel token (LINE answered 401 to it). */
  dropChannelToken(): void;
  /**
   * Null when LINE says the LIFF access token was issued for this MINI App channel, is live, and opens the
   * profile of `userId`; else why not (an error or no answer from LINE included). Asks nothing more once a
   * step refuses.
   */
  checkLiffToken(liffAccessToken: string, userId: string, signal?: AbortSignal): Promise<Refusal>;
  issueNotificationToken(liffAccessToken: string, signal?: AbortSignal): Promise<LineAnswer>;
  sendServiceMessage(body: { templateName: string; params: Record<string, string>; notificationToken: string }, signal?: AbortSignal): Promise<LineAnswer>;
}

/** Renewed this long before LINE's expiry, so a token never lapses between our check and LINE's. */
const EXPIRY_MARGIN_MS = 60_000;

export function miniAppChannel(settings: { channelId?: string; channelSecret?: string; baseUrl: string; timeoutMs: number; now?: () => number }): MiniAppChannel {
  const base = settings.baseUrl.replace(/\/+$/, '');
  const now = settings.now ?? Date.now;
  let cached: { token: string; until: number } | null = null;
  let pending: Promise<{ token: string } | { failed: string }> | null = null;

  async function request(path: string, init: { method: string; headers: Record<string, string>; body?: string }, signal?: AbortSignal): Promise<LineAnswer> {
    try {
      const answer = await fetchBounded(`${base}${path}`, init, settings.timeoutMs, signal);
      return { status: answer.status, body: jsonObject(answer.body) };
    } catch (err) {
      const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
      return { status: null, error: `${err instanceof Error ? err.message : String(err)}${cause}` };
    }
  }

  async function issueChannelToken(signal?: AbortSignal): Promise<{ token: string } | { failed: string }> {
    const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: settings.channelId ?? '', client_secret: settings.channelSecret ?? '' });
    const answer = await request(
      '/oauth2/v3/token',
      { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() },
      signal,
    );
    if (answer.status === null) return { failed: `channel token: ${answer.error}` };
    const { access_token: token, expires_in: expiresIn } = answer.body;
    if (answer.status !== 200 || typeof token !== 'string' || !token) {
      return { failed: `channel token: HTTP ${answer.status}${typeof answer.body.error === 'string' ? ` ${answer.body.error}` : ''}` };
    }
    const lifetime = typeof expiresIn === 'number' && expiresIn > 0 ? expiresIn * 1000 : 15 * 60_000;
    cached = { token, until: now() + Math.max(lifetime - EXPIRY_MARGIN_MS, lifetime / 2) };
    return { token };
  }

  const configured = Boolean(settings.channelId && settings.channelSecret);
  return {
    configured,
    async channelToken(signal) {
      if (!configured) return { failed: 'LINE_MINIAPP_CHANNEL_ID / LINE_MINIAPP_CHANNEL_SECRET are not configured' };
      if (cached && cached.until > now()) return { token: cached.token };
      // One request for every caller that needs a token at the same moment.
      pending ??= issueChannelToken(signal).finally(() => (pending = null));
      return pending;
    },
    dropChannelToken() {
      cached = null;
    },
    async checkLiffToken(liffAccessToken, userId, signal) {
      if (!configured) return 'LINE_MINIAPP_CHANNEL_ID / LINE_MINIAPP_CHANNEL_SECRET are not configured';
      const query = new URLSearchParams({ access_token: liffAccessToken });
      const verified = await request(`/oauth2/v2.1/verify?${query.toString()}`, { method: 'GET', headers: {} }, signal);
      const refused = verifiedFor(verified, settings.channelId ?? '');
      if (refused !== null) return refused;
      return profileIs(await request('/v2/profile', { method: 'GET', headers: { authorization: `Bearer ${liffAccessToken}` } }, signal), userId);
    },
    async issueNotificationToken(liffAccessToken, signal) {
      const channel = await this.channelToken(signal);
      if ('failed' in channel) return { status: null, error: channel.failed };
      return request(
        '/message/v3/notifier/token',
        { method: 'POST', headers: { authorization: `Bearer ${channel.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ liffAccessToken }) },
        signal,
      );
    },
    async sendServiceMessage(body, signal) {
      const channel = await this.channelToken(signal);
      // Nothing went to the send endpoint: known not delivered.
      if ('failed' in channel) return { status: null, error: channel.failed, notSent: true };
      return request(
        '/message/v3/notifier/send?target=service',
        { method: 'POST', headers: { authorization: `Bearer ${channel.token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) },
        signal,
      );
    },
  };
}
