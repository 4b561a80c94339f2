/**
 * Answers one event of LINE's webhook: the rule says whether it gets a reply (rule.ts); the event id is
 * claimed so a redelivery is answered once; the facts are read; the reply goes out through `send` (the
 * route's reply client: domain/ sends nothing itself). No store.write: nothing of the queue changes, and
 * the claim is one idempotent insert, as the abuse counters are.
 */
import type { Store } from '../../storage/port.js';
import type { LiveEstimate } from '../estimate/live-estimate.js';
import { loadQueueState, type QueueState } from '../queue-state.js';
import { publicQueue } from '../../../shared/queue/rules.js';
import { PATIENT_LANGS, type PatientLang } from '../../../shared/labels/langs.js';
import type { ChatEvent } from './events.js';
import { type ChatFacts, type ChatIntent, intentOf, type NumberQueue, type OwnNumber, replyText, SEEN_EVENT_RETENTION_MS } from './rule.js';
import { queueNameInText } from '../queues/rule.js';
import { PUBLIC_ROW_DEFAULTS } from '../../../shared/queue/public-row.js';

export interface ChatDeps {
  store: Store;
  /** The live queue's estimate (domain/estimate/live-estimate.ts), as the queue snapshot gets it; a queue's own with `queueId`. */
  estimate(state: QueueState, queueId?: string): Promise<LiveEstimate>;
  clinic: string;
  bookLink: string | null;
  /** Sends the reply; resolves with why it failed, or null once LINE took it. Never throws. */
  send(replyToken: string, text: string): Promise<string | null>;
  now(): Date;
}

/** What became of one event (logged by the route, read by tests). */
export type ChatOutcome = 'replied' | 'replyFailed' | 'alreadyAnswered' | 'noReply';

/** True when this process is the first to handle the event id (a redelivery, or another process, finds it taken). */
export async function claimEvent(store: Store, id: string, now: Date): Promise<boolean> {
  const result = await store.db
    .insertInto('line_webhook_events')
    .values({ event_id: id, received_at: now.toISOString() })
    .onConflict((oc) => oc.column('event_id').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Drops handled ids older than the retention (the retention job): such events are never answered anyway. */
export async function pruneSeenEvents(store: Store, now: Date): Promise<void> {
  const cutoff = new Date(now.getTime() - SEEN_EVENT_RETENTION_MS).toISOString();
  await store.db.deleteFrom('line_webhook_events').where('received_at', '<', cutoff).execute();
}

/** The language of the sender's latest LINE reservation (the one they last read the screens in), else Japanese. */
async function langOf(store: Store, userId: string): Promise<PatientLang> {
  const latest = await store.db
    .selectFrom('reservation_slots')
    .select('notice_lang')
    .where('owner_id', '=', userId)
    .where('reserved_type', '=', 'LINE')
    .orderBy('reserved_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  const lang = latest?.notice_lang;
  return (PATIENT_LANGS as readonly string[]).includes(lang ?? '') ? (lang as PatientLang) : 'ja';
}

/**
 * The sender's active numbers in the current session, in queue order, and the queue's estimate. With several
 * queues (decision 066) each number carries its queue's name in the reader's language and that queue's own
 * estimate and now calling, as the card reads them.
 */
async function queueFacts(deps: ChatDeps, userId: string, lang: PatientLang, now: Date) {
  const state = await loadQueueState(deps.store, now);
  const mine = new Set(state.slots.filter((s) => s.lineId === userId).map((s) => s.id));
  const rows = publicQueue(state.slots).filter((row) => mine.has(row.slotId));
  const own = (row: (typeof rows)[number]): OwnNumber => ({ reservationNumber: row.reservationNumber, ahead: row.ahead, hold: row.hold });
  if (rows.length === 0) return { numbers: [], estimate: null, inhouseOn: state.runtime.inhouseOn, nowCalling: null };
  const live = await deps.estimate(state);
  const base = { estimate: live.estimate, inhouseOn: state.runtime.inhouseOn, nowCalling: live.nowCalling };
  const named = state.queues.map((q) => ({ id: q.id, nameJa: q.name_ja, nameEn: q.name_en }));
  if (named.length < 2) return { ...base, numbers: rows.map(own) };
  const queues = new Map<string, NumberQueue | null>();
  for (const id of new Set(rows.map((row) => row.queueId ?? PUBLIC_ROW_DEFAULTS.queueId))) {
    const name = queueNameInText(named, id, lang);
    queues.set(id, name === null ? null : { id, name, ...(await deps.estimate(state, id)) });
  }
  const numbers = rows.map((row) => {
    const queue = queues.get(row.queueId ?? PUBLIC_ROW_DEFAULTS.queueId);
    return queue ? { ...own(row), queue } : own(row);
  });
  return { ...base, numbers };
}

async function factsFor(deps: ChatDeps, intent: ChatIntent, userId: string, now: Date): Promise<ChatFacts> {
  const lang = await langOf(deps.store, userId);
  const base = { lang, clinic: deps.clinic, bookLink: deps.bookLink, now };
  if (intent !== 'status') return { ...base, numbers: [], estimate: null, inhouseOn: false, nowCalling: null };
  return { ...base, ...(await queueFacts(deps, userId, lang, now)) };
}

export async function answerEvent(deps: ChatDeps, event: ChatEvent): Promise<ChatOutcome> {
  const now = deps.now();
  const intent = intentOf(event, now);
  if (!intent || !event.replyToken || !event.userId) return 'noReply';
  // Claimed before replying: a reply LINE took but never confirmed is not sent twice (the token is one-use).
  if (!(await claimEvent(deps.store, event.id, now))) return 'alreadyAnswered';
  const text = replyText(intent, await factsFor(deps, intent, event.userId, now));
  return (await deps.send(event.replyToken, text)) === null ? 'replied' : 'replyFailed';
}
