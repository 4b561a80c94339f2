/**
 * LINE MINI App service messages (issue 37, docs/decisions/051-line-service-messages.md), without a store:
 * which way a LINE notice goes given what is known of its reservation's service notification token, and what
 * LINE's answer to a service send means. notify/service-sender.ts reads the facts, records each choice
 * before the outside call (apply.ts) and carries it out.
 *
 * Once either way: a row's path is recorded before its call. A push keeps the row's X-Line-Retry-Key, so a
 * re-sent push is accepted once. A service send has no such key, but LINE renews a token at each accepted send
 * and never accepts the old one again; and only the row holding the token (`attempt_outbox_id`) may send with
 * it. So a row that finds its own earlier attempt unanswered re-sends with the same token: accepted means the
 * first never arrived; refused for the token means the first one spent it, so it was delivered.
 */
import type { OutboxPath, OutboxTable, ServiceTokenState } from '../../storage/schema.js';

/** How long after a LINE number is taken its notices wait for the token to be asked of LINE at all. */
export const ISSUE_GRACE_MS = 3_000;
/** A token still 'issuing' after this long was abandoned (the process died mid-call): notices stop waiting. */
export const ISSUING_STALE_MS = 70_000;
/** How soon a notice waiting for the token (being issued, or held by another send in flight) looks again. */
export const WAIT_MS = 1_000;

export interface TokenFacts {
  state: ServiceTokenState;
  /** The sealed token opened with this server's key (false: none, or sealed by another key). */
  opens: boolean;
  remaining: number;
  expiresAt: string | null;
  /** Who holds the token's last unanswered attempt: nobody, this row, another row sending now, or another row. */
  holder: 'none' | 'self' | 'otherSending' | 'other';
  /** Milliseconds since the row was written (for a token still being issued). */
  ageMs: number;
}

export interface PathFacts {
  /** Service messages configured (template and MINI App channel). */
  enabled: boolean;
  kind: OutboxTable['kind'];
  path: OutboxPath | null;
  token: TokenFacts | null;
  /** Milliseconds since the number was taken (null: unknown, the slot is gone). */
  reservedAgoMs: number | null;
  now: string;
}

export type PathChoice =
  /** Hold the token and send the template with it (`resend`: this row's own earlier attempt went unanswered). */
  | { go: 'service'; resend: boolean }
  | { go: 'push' }
  /** Already delivered by a service message (recorded): nothing to send. */
  | { go: 'done' }
  | { go: 'wait'; afterMs: number; reason: string }
  /** A number-taken notice with no service message to carry it: it is never pushed (it would spend the quota on what the screen showed). */
  | { go: 'drop'; reason: string };

function usable(token: TokenFacts, now: string): boolean {
  return token.state === 'ready' && token.opens && token.remaining > 0 && (token.expiresAt === null || token.expiresAt > now);
}

export function choosePath(f: PathFacts): PathChoice {
  if (f.path === 'service-done') return { go: 'done' };
  if (f.path === 'push') return { go: 'push' };
  // A notice of the clinic's own (an announcement) is no response to the patient's action: never a service message.
  const eligible = f.enabled && f.kind !== 'announcement';
  const noService = (reason: string): PathChoice => (f.kind === 'taken' ? { go: 'drop', reason } : { go: 'push' });
  if (f.path === 'service') {
    // Our attempt went unanswered. While we hold the token nobody else used it: send again with it (unless
    // service messages were switched off since: then nothing can be asked, and a push could double it).
    if (f.enabled && f.token && f.token.holder === 'self' && f.token.state === 'ready' && f.token.opens) return { go: 'service', resend: true };
    // The hold is gone or the token no longer opens: what can be known says the earlier attempt was the
    // last use of this token; pushing now could deliver twice, so it counts as delivered (decision 051).
    return { go: 'done' };
  }
  if (!eligible) return noService('service messages are not configured');
  const token = f.token;
  if (!token) {
    // The token is asked for just after the number commits: a notice queued with the number waits for it.
    if (f.reservedAgoMs !== null && f.reservedAgoMs < ISSUE_GRACE_MS) return { go: 'wait', afterMs: WAIT_MS, reason: 'waiting for the service notification token' };
    return noService('no service notification token');
  }
  if (token.state === 'issuing') {
    if (token.ageMs < ISSUING_STALE_MS) return { go: 'wait', afterMs: WAIT_MS, reason: 'waiting for the service notification token' };
    return noService('the service notification token was never issued');
  }
  if (!usable(token, f.now)) return noService(`service notification token not usable (${token.state === 'ready' ? (token.opens ? 'used up or expired' : 'sealed by another key') : token.state})`);
  if (token.holder === 'none' || token.holder === 'self') return { go: 'service', resend: false };
  if (token.holder === 'otherSending') return { go: 'wait', afterMs: WAIT_MS, reason: 'another notice of this reservation is being sent' };
  // Another notice's send went unanswered and waits to be retried: the token may be spent already.
  return noService('the service notification token is held by an unanswered send');
}

/** LINE's answer to a send (or to a token request), or none. */
export type LineAnswer =
  | { status: number; body: Record<string, unknown> }
  /** No answer; `notSent` when the request was never made (no channel access token could be had). */
  | { status: null; error: string; notSent?: boolean };

export type SendOutcome =
  /** Delivered: keep the renewed token (null when LINE gave none) and its remaining count. */
  | { outcome: 'accepted'; token: string | null; remaining: number }
  /** A re-send refused for its token: the earlier attempt spent it, so it was delivered then. */
  | { outcome: 'deliveredBefore'; reason: string }
  /** Not delivered and not to be retried this way: push instead; `spendToken` when the token is done for. */
  | { outcome: 'fallback'; reason: string; spendToken: boolean }
  /** Unknown or passing (no answer, 5xx, 429, our channel token refused): the same row tries again, holding the token. */
  | { outcome: 'retry'; reason: string; channelTokenRefused: boolean };

const message = (body: Record<string, unknown>) => (typeof body.message === 'string' ? body.message.slice(0, 200) : '');

/**
 * What an answer of `POST /message/v3/notifier/send` means (decision 051 lists the statuses): 2xx accepted;
 * 401 our channel token (renewed, then retried); 403 the channel may not send (not a verified MINI App);
 * 400/404 naming the template: not approved or not added; 400 naming expiry or the count: the token is done;
 * any other 400: the token is not (or no longer) valid. 408, 429, 5xx and no answer: unknown, retried.
 */
export function sendOutcome(answer: LineAnswer, resend: boolean): SendOutcome {
  if (answer.status === null) {
    // Certainly not sent this time; a first attempt may still push. A re-send must not: the earlier one is unknown.
    if (answer.notSent && !resend) return { outcome: 'fallback', reason: `service: ${answer.error}`, spendToken: false };
    return { outcome: 'retry', reason: `service: ${answer.error}`, channelTokenRefused: false };
  }
  const { status, body } = answer;
  const detail = `HTTP ${status}${message(body) ? `: ${message(body)}` : ''}`;
  if (status >= 200 && status < 300) {
    const token = typeof body.notificationToken === 'string' && body.notificationToken ? body.notificationToken : null;
    const remaining = typeof body.remainingCount === 'number' && Number.isInteger(body.remainingCount) ? Math.max(body.remainingCount, 0) : 0;
    return { outcome: 'accepted', token, remaining: token ? remaining : 0 };
  }
  if (status === 401) return { outcome: 'retry', reason: `service: ${detail}`, channelTokenRefused: true };
  if (status >= 500 || status === 429 || status === 408) return { outcome: 'retry', reason: `service: ${detail}`, channelTokenRefused: false };
  const text = message(body).toLowerCase();
  if (status === 403) return { outcome: 'fallback', reason: `service not allowed (not a verified MINI App?): ${detail}`, spendToken: false };
  if (text.includes('template')) return { outcome: 'fallback', reason: `service template refused: ${detail}`, spendToken: false };
  // Refused for the token itself. On a re-send that is the trace of our own accepted first attempt.
  if (resend) return { outcome: 'deliveredBefore', reason: `the earlier unanswered send spent the token (${detail})` };
  if (/expire/.test(text)) return { outcome: 'fallback', reason: `service token expired: ${detail}`, spendToken: true };
  if (/remaining|count|limit|exceed/.test(text)) return { outcome: 'fallback', reason: `service token used up: ${detail}`, spendToken: true };
  return { outcome: 'fallback', reason: `service token refused: ${detail}`, spendToken: status === 400 };
}

/** What an answer of `POST /message/v3/notifier/token` gives: the token, its count and expiry, or nothing. */
export function issueOutcome(answer: LineAnswer, now: Date): { token: string; remaining: number; expiresAt: string | null } | { failed: string } {
  if (answer.status === null) return { failed: answer.error };
  const { status, body } = answer;
  if (status < 200 || status >= 300) return { failed: `HTTP ${status}${message(body) ? `: ${message(body)}` : ''}` };
  if (typeof body.notificationToken !== 'string' || !body.notificationToken) return { failed: 'no notificationToken in the answer' };
  const remaining = typeof body.remainingCount === 'number' && Number.isInteger(body.remainingCount) ? Math.max(body.remainingCount, 0) : 0;
  const expiresIn = typeof body.expiresIn === 'number' && body.expiresIn > 0 ? body.expiresIn : null;
  return { token: body.notificationToken, remaining, expiresAt: expiresIn ? new Date(now.getTime() + expiresIn * 1000).toISOString() : null };
}
