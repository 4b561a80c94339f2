/**
 * The chat rule (issue 37, docs/decisions/052): which reply, if any, an event of LINE's webhook gets, and
 * its words. Pure: the event, the facts read for it and the time in, a text out; apply.ts reads the facts
 * and sends. The wait is worded as the patient's card words it (src/client/patient/WaitEstimate.tsx): the
 * same shared range rule (src/shared/estimate/range.ts), the same labels, the same cases.
 */
import { waitRange, type WaitEstimate } from '../../../shared/estimate/range.js';
import type { PatientLang } from '../../../shared/labels/langs.js';
import { noticeLabels } from '../../../shared/labels/notices.js';
import { label } from '../../../shared/labels/text.js';
import { tokyoHhmm } from '../../../shared/time/tokyo.js';
import type { ChatEvent } from './events.js';

export type ChatIntent = 'status' | 'welcome' | 'help';

const HOUR_MS = 3600_000;
/**
 * An event older than this is not answered: its reply token died long ago (LINE: about a minute), and an
 * old delivery replayed must not be answered after its id left the table of seen ids.
 */
export const EVENT_MAX_AGE_MS = 24 * HOUR_MS;
/** How long handled event ids are kept (ops/retention.ts): longer than any event is answered. */
export const SEEN_EVENT_RETENTION_MS = 3 * 24 * HOUR_MS;

/**
 * Questions about one's number or wait: 番号 / 何番 / 順番 / 待ち (待ち時間, 待ち人数) and the English words.
 * Full-width letters and half-width kana are folded first (NFKC), so ＮＵＭＢＥＲ counts too.
 */
// From a string, not a regex literal: the server's bundle stays ASCII only (scripts/build-server.mjs), and a
// string's Japanese is escaped there while a regex literal's is not.
const ASKS_JA = new RegExp('番号|何番|順番|待ち|待つ|ばんごう|なんばん|じゅんばん');
const ASKS_EN = /\b(numbers?|queue|wait|waiting|turn)\b/;

export function asksForNumber(text: string): boolean {
  const folded = text.normalize('NFKC').toLowerCase();
  return ASKS_JA.test(folded) || ASKS_EN.test(folded);
}

/** The reply an event calls for, or null when it gets none. */
export function intentOf(event: ChatEvent, now: Date): ChatIntent | null {
  if (!event.replyToken) return null;
  // In standby another module of the channel answers the chat.
  if (event.mode !== 'active') return null;
  if (now.getTime() - event.timestamp > EVENT_MAX_AGE_MS) return null;
  // In a group or a room everyone there reads the reply: a patient's number stays between them and the clinic.
  if (event.sourceType !== 'user' || !event.userId) return null;
  if (event.type === 'follow') return 'welcome';
  if (event.type !== 'message' || event.text === null) return null; // a sticker or a photo asks nothing
  return asksForNumber(event.text) ? 'status' : 'help';
}

/** One of the sender's numbers, as the public queue counts it (`ahead` null: held). */
export interface OwnNumber {
  reservationNumber: number;
  ahead: number | null;
  hold: boolean;
  /** A clinic of several queues only (decision 066): the number's queue, its wait read from that queue. */
  queue?: NumberQueue;
}

/** The queue of a number, when the clinic has more than one: named in the reader's language, with its own figures. */
export interface NumberQueue {
  id: string;
  name: string;
  estimate: WaitEstimate | null;
  nowCalling: number | null;
}

export interface ChatFacts {
  lang: PatientLang;
  clinic: string;
  /** The mini-app's book page (https://liff.line.me/…), or null when no LIFF app is configured. */
  bookLink: string | null;
  /** The sender's active numbers of the current session, in queue order (a family may hold several). */
  numbers: OwnNumber[];
  /** The live queue's estimate and state, as the queue snapshot carries them (a number's `queue` has its own). */
  estimate: WaitEstimate | null;
  inhouseOn: boolean;
  nowCalling: number | null;
  now: Date;
}

/** The card's wait under a number (PlaceEstimate): held, a range with its time, soon, or not yet; null: none shown. */
export function waitText(lang: PatientLang, facts: Pick<ChatFacts, 'estimate' | 'inhouseOn' | 'now'>, own: OwnNumber): { label: string | null; text: string; ranged: boolean } | null {
  if (!facts.inhouseOn) return null;
  if (own.hold) return { label: null, text: label(noticeLabels, lang, 'estimate.held'), ranged: false };
  if (own.ahead === null) return null;
  const estimate = own.queue ? own.queue.estimate : facts.estimate;
  const range = estimate ? waitRange(estimate, own.ahead, facts.now) : null;
  const heading = label(noticeLabels, lang, 'estimate.ownLabel');
  if (range && range.highMinutes > 5) {
    const expected = label(noticeLabels, lang, 'estimate.expected', { time: tokyoHhmm(range.expectedAt) });
    return { label: heading, text: `${label(noticeLabels, lang, 'estimate.range', { low: range.lowMinutes, high: range.highMinutes })} （${expected}）`, ranged: true };
  }
  return { label: heading, text: label(noticeLabels, lang, range ? 'estimate.soon' : 'estimate.noData'), ranged: false };
}

function statusLines(facts: ChatFacts): string[] {
  const { lang } = facts;
  const blocks: string[] = [];
  const calling = nowCallingLines(facts);
  if (calling.length > 0) blocks.push(calling.join('\n'));
  let ranged = false;
  for (const own of facts.numbers) {
    const number = label(noticeLabels, lang, 'my.numberValue', { n: own.reservationNumber });
    const queue = own.queue?.name;
    const lines = [
      own.ahead === null
        ? queue === undefined
          ? label(noticeLabels, lang, 'chat.heldLine', { number })
          : label(noticeLabels, lang, 'chat.queueHeldLine', { queue, number })
        : label(noticeLabels, lang, queue === undefined ? 'chat.numberLine' : 'chat.queueNumberLine', {
            number,
            ahead: label(noticeLabels, lang, 'my.ahead', { n: own.ahead }),
            ...(queue === undefined ? {} : { queue }),
          }),
    ];
    const wait = waitText(facts.lang, facts, own);
    if (wait) lines.push(wait.label ? label(noticeLabels, lang, 'chat.waitLine', { label: wait.label, wait: wait.text }) : wait.text);
    ranged ||= wait?.ranged ?? false;
    blocks.push(lines.join('\n'));
  }
  if (ranged) blocks.push(label(noticeLabels, lang, 'estimate.note'));
  return blocks;
}

/**
 * Now calling: the clinic's one number, or with several queues each of the sender's queues' own, named
 * (「予防接種：ただいま 503番の方を診察中」), since another queue's number says nothing of their turn.
 */
function nowCallingLines(facts: ChatFacts): string[] {
  const { lang } = facts;
  if (!facts.inhouseOn) return [];
  const queues = facts.numbers.flatMap((own) => (own.queue ? [own.queue] : []));
  if (queues.length === 0) return facts.nowCalling === null ? [] : [label(noticeLabels, lang, 'nowCalling.text', { n: facts.nowCalling })];
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const queue of queues) {
    if (seen.has(queue.id) || queue.nowCalling === null) continue;
    seen.add(queue.id);
    lines.push(label(noticeLabels, lang, 'chat.queueNowCalling', { queue: queue.name, text: label(noticeLabels, lang, 'nowCalling.text', { n: queue.nowCalling }) }));
  }
  return lines;
}

/** The reply's text for an intent and the facts read for it. */
export function replyText(intent: ChatIntent, facts: ChatFacts): string {
  const { lang } = facts;
  const link = facts.bookLink;
  let body: string;
  if (intent === 'welcome') body = link ? label(noticeLabels, lang, 'chat.welcome', { link }) : label(noticeLabels, lang, 'chat.welcomeNoLink');
  else if (intent === 'help') body = label(noticeLabels, lang, 'chat.help');
  else if (facts.numbers.length === 0) body = link ? label(noticeLabels, lang, 'chat.none', { link }) : label(noticeLabels, lang, 'chat.noneNoLink');
  else body = statusLines(facts).join('\n\n');
  return `${label(noticeLabels, lang, 'chat.header', { clinic: facts.clinic })}\n${body}`;
}
