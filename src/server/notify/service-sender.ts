/**
 * LINE MINI App service messages, carried out (issue 37, docs/decisions/051): asks for a reservation's
 * service notification token after its number committed, once LINE vouched that the LIFF access token is the
 * clinic's MINI App's and the patient's (decision 057), and sends a LINE notice as the template while the
 * token lasts, else as the Messaging API push. What to do is decided in domain/service-messages/rule.ts;
 * every choice is written (its apply.ts) before the call it leads to, so a crash between the two paths cannot
 * deliver a notice twice. The tokens are sealed at rest and never logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Config, ServiceParamValue } from '../config.js';
import { serviceMessagesConfigured } from '../config.js';
import type { Sealer } from '../auth/sealed.js';
import type { MiniAppChannel } from '../line/miniapp.js';
import type { Store } from '../storage/port.js';
import type { OutboxTable } from '../storage/schema.js';
import { choosePath, issueOutcome, sendOutcome, type TokenFacts } from '../domain/service-messages/rule.js';
import { beginAttempt, beginIssue, failIssue, keepIssued, liffDigest, readToken, recordOutcome, refuseIssue, rowSending } from '../domain/service-messages/apply.js';
import { loadQueueState } from '../domain/queue-state.js';
import { publicQueue } from '../../shared/queue/rules.js';
import type { SendResult } from '../outside/send-result.js';

export interface ServiceMessages {
  readonly enabled: boolean;
  /**
   * After a LINE number committed (never awaited by the patient's answer); never throws. `userId`: the LINE
   * user the number belongs to (a LINE patient's uid is their LINE user id).
   */
  afterTaken(slotId: string, liffAccessToken: string, userId: string): Promise<void>;
  /** A LINE outbox row: the service message, or `push` (the Messaging API, under the row's retry key). */
  deliver(row: OutboxTable, words: { text: string; reservedAt: string | null }, push: () => Promise<SendResult>, signal: AbortSignal): Promise<SendResult>;
  /** Resolves when the token requests under way have ended (the app waits for them on close). */
  settled(): Promise<void>;
}

export interface ServiceDeps {
  store: Store;
  config: Pick<Config, 'LINE_SERVICE_TEMPLATE' | 'LINE_SERVICE_PARAMS' | 'LINE_MINIAPP_CHANNEL_ID' | 'LINE_MINIAPP_CHANNEL_SECRET' | 'CLINIC_NAME'>;
  miniApp: MiniAppChannel;
  sealer: Sealer;
  log: FastifyBaseLogger;
  clock?: () => Date;
}


export function serviceMessages(deps: ServiceDeps): ServiceMessages {
  const { store, miniApp, sealer, log } = deps;
  const clock = deps.clock ?? (() => new Date());
  const enabled = serviceMessagesConfigured(deps.config as Config);
  const issuing = new Set<Promise<void>>();

  async function issue(slotId: string, liffAccessToken: string, userId: string): Promise<void> {
    const now = clock();
    // One notification token per LIFF access token: a second number taken with the same one gets none (and
    // LINE is not asked about it again).
    if (!(await beginIssue(store, slotId, liffDigest(liffAccessToken), now.toISOString()))) return;
    // Only a token LINE vouches for goes to the notifier (decision 057): any other is counted, never used.
    const refused = await miniApp.checkLiffToken(liffAccessToken, userId);
    if (refused !== null) {
      await refuseIssue(store, slotId, clock().toISOString());
      log.warn({ slotId, reason: refused }, 'LIFF access token not the clinic\'s MINI App\'s for this patient: not used; this reservation\'s LINE notices go by push');
      return;
    }
    const answer = await miniApp.issueNotificationToken(liffAccessToken);
    const issued = issueOutcome(answer, clock());
    if ('failed' in issued) {
      await failIssue(store, slotId, clock().toISOString());
      log.warn({ slotId, reason: issued.failed }, 'no service notification token: this reservation\'s LINE notices go by push');
      return;
    }
    await keepIssued(store, slotId, { sealed: sealer.seal(issued.token, slotId), remaining: issued.remaining, expiresAt: issued.expiresAt });
  }

  /** The template's values: its keys are the clinic's (LINE_SERVICE_PARAMS), the words ours. */
  async function params(row: OutboxTable, text: string): Promise<Record<string, string>> {
    const wanted = new Set(deps.config.LINE_SERVICE_PARAMS.map(([, value]) => value));
    let ahead = '';
    if (wanted.has('ahead')) {
      const entry = publicQueue((await loadQueueState(store)).slots).find((r) => r.slotId === row.slot_id);
      ahead = entry?.ahead === null || entry?.ahead === undefined ? '-' : String(entry.ahead);
    }
    const values: Record<ServiceParamValue, string> = { number: String(row.reservation_number), ahead, clinic: deps.config.CLINIC_NAME, message: text };
    return Object.fromEntries(deps.config.LINE_SERVICE_PARAMS.map(([key, value]) => [key, values[value]]));
  }

  async function tokenFacts(row: OutboxTable, now: Date): Promise<{ facts: TokenFacts; plain: string | null } | null> {
    const token = await readToken(store, row.slot_id);
    if (!token) return null;
    const plain = token.token ? sealer.open(token.token, row.slot_id) : null;
    const holder =
      token.attempt_outbox_id === null ? 'none'
      : token.attempt_outbox_id === row.id ? 'self'
      : (await rowSending(store, token.attempt_outbox_id, now.toISOString())) ? 'otherSending'
      : 'other';
    const facts: TokenFacts = {
      state: token.state,
      opens: plain !== null,
      remaining: token.remaining,
      expiresAt: token.expires_at,
      holder,
      ageMs: now.getTime() - Date.parse(token.created_at),
    };
    return { facts, plain };
  }

  return {
    enabled,
    afterTaken(slotId, liffAccessToken, userId) {
      if (!enabled) return Promise.resolve();
      const task = issue(slotId, liffAccessToken, userId).catch((err: unknown) => {
        log.warn({ slotId, err: err instanceof Error ? err.message : String(err) }, 'asking for a service notification token failed');
      });
      issuing.add(task);
      void task.finally(() => issuing.delete(task));
      return task;
    },
    async deliver(row, words, push, signal) {
      try {
        return await deliverOne(row, words, push, signal);
      } catch (err) {
        // The store failed around a send (what was recorded stands): the same row tries again, and the rule
        // reads what was written (a recorded 'service' path re-sends with the same token).
        return { kind: 'retry', reason: `service message bookkeeping failed: ${err instanceof Error ? err.message : String(err)}` };
      }
    },
    async settled() {
      await Promise.all([...issuing]);
    },
  };

  async function deliverOne(row: OutboxTable, words: { text: string; reservedAt: string | null }, push: () => Promise<SendResult>, signal: AbortSignal): Promise<SendResult> {
    const now = clock();
    const nowIso = now.toISOString();
    const token = enabled || row.path ? await tokenFacts(row, now) : null;
    const choice = choosePath({
      enabled,
      kind: row.kind,
      path: row.path,
      token: token?.facts ?? null,
      reservedAgoMs: words.reservedAt ? now.getTime() - Date.parse(words.reservedAt) : null,
      now: nowIso,
    });
    if (choice.go === 'done') return { kind: 'sent' };
    if (choice.go === 'wait') return { kind: 'later', afterMs: choice.afterMs, reason: choice.reason };
    if (choice.go === 'drop') return { kind: 'fail', reason: `not pushed: ${choice.reason}` };
    if (choice.go === 'push') {
      // Recorded first: once a row has gone by push it never turns to the service path (the push may have landed).
      if (enabled && row.path !== 'push' && !(await recordOutcome(store, row, { path: 'push', token: 'keep' }, nowIso))) {
        return { kind: 'retry', reason: 'the row was claimed again' };
      }
      return push();
    }
    // Worded before the token is held: a read that fails here leaves nothing recorded and nothing sent.
    const body = { templateName: deps.config.LINE_SERVICE_TEMPLATE ?? '', params: await params(row, words.text), notificationToken: token?.plain ?? '' };
    if (!(await beginAttempt(store, row, nowIso))) return { kind: 'later', afterMs: 1_000, reason: 'another notice took the service token' };
    const answer = await miniApp.sendServiceMessage(body, signal);
    const outcome = sendOutcome(answer, choice.resend);
    const at = clock().toISOString();
    if (outcome.outcome === 'retry') {
      if (outcome.channelTokenRefused) miniApp.dropChannelToken();
      return { kind: 'retry', reason: outcome.reason };
    }
    if (outcome.outcome === 'accepted' || outcome.outcome === 'deliveredBefore') {
      const kept =
        outcome.outcome === 'accepted' && outcome.token
          ? { sealed: sealer.seal(outcome.token, row.slot_id), remaining: outcome.remaining }
          : ('spend' as const);
      if (!(await recordOutcome(store, row, { path: 'service-done', token: kept }, at))) return { kind: 'retry', reason: 'the row was claimed again' };
      if (outcome.outcome === 'deliveredBefore') log.info({ outbox: row.id, reason: outcome.reason }, 'service message counted as delivered by its earlier send');
      return { kind: 'sent' };
    }
    if (!(await recordOutcome(store, row, { path: 'push', token: outcome.spendToken ? 'spend' : 'keep' }, at))) {
      return { kind: 'retry', reason: 'the row was claimed again' };
    }
    log.info({ outbox: row.id, kind: row.kind, reason: outcome.reason }, row.kind === 'taken' ? 'service message refused' : 'service message refused; sending by push');
    if (row.kind === 'taken') return { kind: 'fail', reason: `not pushed: ${outcome.reason}` };
    return push();
  }
}
