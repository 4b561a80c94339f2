/** Turns an outbox row into a LINE push, a Web Push or an SMS (decision 070) with the catalogue's wording. */
import type { PatientLang } from '../../shared/labels/langs.js';
import { noticeLabels } from '../../shared/labels/notices.js';
import { label } from '../../shared/labels/text.js';
import { AHEAD_NOTICE_THRESHOLD } from '../../shared/queue/slot.js';
import type { Store } from '../storage/port.js';
import type { LineSender } from './line-sender.js';
import type { WebPush } from '../push/web-push.js';
import { pushKeysUsable } from '../push/subscriptions.js';
import type { Deliverer } from './worker.js';
import { type AbsenceNotice, parseAbsenceNotice } from '../domain/absence/notice-body.js';
import type { ServiceMessages } from './service-sender.js';
import { queueNameForNotice } from '../domain/queues/read.js';
import { parseMovedNotice } from '../domain/move-queue/notice-body.js';
import type { OutboxTable } from '../storage/schema.js';
import type { SendResult } from '../outside/send-result.js';

/**
 * A recall is only worth showing while the patient can still come: keep it short-lived at push services.
 * An absence asks the patient to come to the desk: it matters while they wait, a little longer than a recall.
 */
const TTL_SECONDS = { recall: 10 * 60, ahead5: 60 * 60, announcement: 60 * 60, absence: 30 * 60, taken: 60 * 60, moved: 60 * 60 } as const;

/** The language of a reservation's notices: the one it was taken in (decision 023), else Japanese. */
function langOf(lang: string | null): PatientLang {
  return lang === 'en' ? 'en' : 'ja';
}

type NumberedNotice = 'notice.ahead5' | 'notice.recall' | 'notice.taken' | 'notice.aheadN' | 'notice.absenceMoved' | 'notice.absenceHeld' | 'notice.absence' | 'notice.minutes';

/**
 * A per-number notice's words: with `queue` (a clinic of several queues, decision 066) its twin that names
 * the queue in place of 受付番号 / "Number"; without, the one-queue wording, unchanged.
 */
function numbered(l: PatientLang, key: NumberedNotice, queue: string | null, params: Record<string, string | number>): string {
  return queue === null ? label(noticeLabels, l, key, params) : label(noticeLabels, l, `${key}Queue`, { ...params, queue });
}

/**
 * A notice's words in the patient's language; the turn-is-near text names the patient's own threshold
 * (decision 021) or minutes (055); `queue`: the queue's name in that language, null for a one-queue clinic.
 */
export function noticeText(
  kind: 'ahead5' | 'recall' | 'taken',
  clinic: string,
  n: number,
  {
    lang = null,
    threshold = AHEAD_NOTICE_THRESHOLD,
    minutes = null,
    queue = null,
  }: { lang?: string | null; threshold?: number; minutes?: number | null; queue?: string | null } = {},
): string {
  const l = langOf(lang);
  // Told by minutes before the turn (decision 055): the notice names them.
  if (kind === 'ahead5' && minutes !== null) return numbered(l, 'notice.minutes', queue, { clinic, n, minutes });
  if (kind === 'ahead5' && threshold !== AHEAD_NOTICE_THRESHOLD) return numbered(l, 'notice.aheadN', queue, { clinic, n, ahead: threshold });
  return numbered(l, kind === 'ahead5' ? 'notice.ahead5' : kind === 'taken' ? 'notice.taken' : 'notice.recall', queue, { clinic, n });
}

/** The outcome written with the row; a row without one (written by hand) is worded from the slot as it is now. */
function absenceOf(body: string | null, slot: { absent_places: number | null } | undefined): AbsenceNotice {
  const places = slot?.absent_places ?? null;
  return parseAbsenceNotice(body) ?? (places === null ? { outcome: 'held', places: null } : { outcome: 'moved', places });
}

/** The absence notice (issue 34): moved back so many places, held, or called with nobody behind to pass. */
export function absenceText(notice: AbsenceNotice, clinic: string, n: number, lang: string | null = null, queue: string | null = null): string {
  const l = langOf(lang);
  if (notice.outcome === 'held') return numbered(l, 'notice.absenceHeld', queue, { clinic, n });
  if (!notice.places) return numbered(l, 'notice.absence', queue, { clinic, n });
  return numbered(l, 'notice.absenceMoved', queue, { clinic, n, places: notice.places });
}

/** The move notice (decision 067): the number the patient knew, when the row carries it, the new queue and number. */
export function movedText(body: string | null, queue: string, clinic: string, n: number, lang: string | null = null): string {
  const moved = parseMovedNotice(body);
  const l = langOf(lang);
  return moved ? label(noticeLabels, l, 'notice.moved', { clinic, from: moved.from, queue, n }) : label(noticeLabels, l, 'notice.movedNew', { clinic, queue, n });
}

/** A queue's name in the patient's language (the English one when there is one), for the move notice. */
async function queueName(store: Store, queueId: string | undefined, lang: string | null): Promise<string> {
  const queue = queueId ? await store.db.selectFrom('queues').select(['name_ja', 'name_en']).where('id', '=', queueId).executeTakeFirst() : undefined;
  if (!queue) return '';
  return langOf(lang) === 'en' && queue.name_en ? queue.name_en : queue.name_ja;
}

/**
 * The SMS's shorter words (one segment, decision 070): the turn-is-near notice names the people ahead; with
 * `queue` (a clinic of several queues, decision 066) the number's queue too, as the other notices do.
 */
export function smsText(kind: OutboxTable['kind'], clinic: string, n: number, lang: string | null, ahead: number, queue: string | null = null): string {
  const key = kind === 'recall' ? 'notice.smsRecall' : 'notice.smsAhead';
  return queue === null ? label(noticeLabels, langOf(lang), key, { clinic, n, ahead }) : label(noticeLabels, langOf(lang), `${key}Queue`, { clinic, n, ahead, queue });
}

type SmsDeliver = (row: OutboxTable, text: string, signal: AbortSignal) => Promise<SendResult>;

export function createDeliverer(deps: {
  store: Store;
  line: LineSender;
  webPush: WebPush;
  clinicName: string;
  service?: ServiceMessages;
  sms?: SmsDeliver;
}): Deliverer {
  return {
    async deliver(row, signal) {
      // The threshold cannot change once the notice is queued; a slot since removed gets the defaults.
      const slot = await deps.store.db
        .selectFrom('reservation_slots')
        .select(['notice_lang', 'notice_threshold', 'notice_minutes', 'absent_places', 'reserved_at', 'queue_id'])
        .where('id', '=', row.slot_id)
        .executeTakeFirst();
      const lang = slot?.notice_lang ?? null;
      if (row.channel === 'SMS' && !deps.sms) return { kind: 'fail', reason: 'SMS is not set up on this server' };
      // Read at sending, as the threshold is: the clinic's queues as they are when the patient reads it.
      const queue = slot && row.kind !== 'announcement' ? await queueNameForNotice(deps.store.db, slot.queue_id, langOf(lang)) : null;
      if (row.channel === 'SMS') {
        const ahead = slot?.notice_threshold ?? AHEAD_NOTICE_THRESHOLD;
        return deps.sms!(row, smsText(row.kind, deps.clinicName, row.reservation_number, lang, ahead, queue), signal);
      }
      const text =
        row.kind === 'announcement'
          ? label(noticeLabels, langOf(lang), 'notice.announcement', { clinic: deps.clinicName, text: row.body ?? '' })
          : row.kind === 'absence'
            ? absenceText(absenceOf(row.body, slot), deps.clinicName, row.reservation_number, lang, queue)
            : row.kind === 'moved'
              ? movedText(row.body, queue ?? (await queueName(deps.store, slot?.queue_id, lang)), deps.clinicName, row.reservation_number, lang)
              : noticeText(row.kind, deps.clinicName, row.reservation_number, { lang, threshold: slot?.notice_threshold, minutes: slot?.notice_minutes ?? null, queue });
      if (row.channel === 'LINE') {
        const push = () => deps.line.push(row.recipient, text, row.retry_key, signal);
        // A LINE MINI App service message while the reservation's token lasts, else the push (decision 051).
        return deps.service ? deps.service.deliver(row, { text, reservedAt: slot?.reserved_at ?? null }, push, signal) : push();
      }
      // A ticket page's subscription names the number as its recipient (decision 073); an app's, the patient's uid.
      const ticket = row.recipient === row.slot_id;
      const sub = !row.endpoint
        ? undefined
        : ticket
          ? await deps.store.db.selectFrom('ticket_push').select(['endpoint', 'p256dh', 'auth']).where('endpoint', '=', row.endpoint).where('slot_id', '=', row.slot_id).executeTakeFirst()
          : await deps.store.db.selectFrom('push_subscriptions').select(['endpoint', 'p256dh', 'auth']).where('endpoint', '=', row.endpoint).where('uid', '=', row.recipient).executeTakeFirst();
      if (!sub) return { kind: 'fail', reason: 'push subscription no longer exists' };
      // Saved before subscriptions were checked: nothing can be encrypted to it, so it is removed.
      if (!pushKeysUsable({ p256dh: sub.p256dh, auth: sub.auth })) {
        return { kind: 'gone', reason: 'push subscription keys are not a P-256 key and 16-byte secret' };
      }
      return deps.webPush.send(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        { title: deps.clinicName, body: text, link: ticket ? '/web/ticket' : '/pwa/my' },
        { ttlSeconds: TTL_SECONDS[row.kind], topic: `${row.kind}-${row.reservation_number}`, signal },
      );
    },
    async forget(row) {
      if (!row.endpoint) return;
      if (row.recipient === row.slot_id) await deps.store.db.deleteFrom('ticket_push').where('endpoint', '=', row.endpoint).execute();
      else await deps.store.db.deleteFrom('push_subscriptions').where('endpoint', '=', row.endpoint).execute();
    },
  };
}
