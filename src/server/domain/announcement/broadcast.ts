/**
 * Sending the standing announcement once to every patient still waiting (issue 14, docs/decisions/021):
 * LINE and PWA reservations of the open session that are neither cancelled nor started, held ones
 * included (they are still expected back). One outbox row per recipient, as for every notice, so the
 * worker's bounded sends, retry keys and fencing apply unchanged. The preview and the send count with the
 * same function; the send refuses when the count staff confirmed is no longer true, so what they saw is
 * what is sent, and it refuses LINE messages beyond what is left of LINE's monthly quota.
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import type { AnnouncementSendPreview } from '../../../shared/schemas/functions.js';
import { tokyoMonthStart } from '../../../shared/time/tokyo.js';
import { AppError } from '../../errors.js';
import type { LineSender } from '../../notify/line-sender.js';
import type { Store } from '../../storage/port.js';
import type { Database, OutboxTable, RuntimeTable } from '../../storage/schema.js';
import { type Actor, writeAudit } from '../audit.js';
import { currentAnnouncement } from './current.js';

export interface BroadcastDeps {
  store: Store;
  line: LineSender;
  lineConfigured: boolean;
  pushConfigured: boolean;
}

interface Recipient {
  slotId: string;
  reservationNumber: number;
  channel: 'LINE' | 'PWA';
  owner: string;
  /** null for LINE; one per push subscription for PWA. */
  endpoints: (string | null)[];
}

async function recipients(db: Kysely<Database> | Transaction<Database>, runtime: RuntimeTable, deps: BroadcastDeps) {
  const sessionId = runtime.current_session_id;
  if (!sessionId) return { waiting: 0, reachable: [] as Recipient[] };
  const slots = await db
    .selectFrom('reservation_slots')
    .select(['id', 'reservation_number', 'reserved_type', 'owner_id'])
    .where('session_id', '=', sessionId)
    .where('is_reserved', '=', 1)
    .where('canceled', '=', 0)
    .where('is_reception_accepted', '=', 0)
    .where('canceled_line_at', 'is', null)
    .where('canceled_pwa_at', 'is', null)
    .where('reserved_type', 'in', ['LINE', 'PWA'])
    .where('owner_id', 'is not', null)
    .orderBy('reservation_number')
    .execute();
  const pwaOwners = slots.filter((s) => s.reserved_type === 'PWA').map((s) => s.owner_id!);
  const subs =
    deps.pushConfigured && pwaOwners.length > 0
      ? await db.selectFrom('push_subscriptions').select(['uid', 'endpoint']).where('uid', 'in', pwaOwners).orderBy('endpoint').execute()
      : [];
  const reachable: Recipient[] = [];
  for (const s of slots) {
    const channel = s.reserved_type as 'LINE' | 'PWA';
    const endpoints = channel === 'LINE' ? (deps.lineConfigured ? [null] : []) : subs.filter((x) => x.uid === s.owner_id).map((x) => x.endpoint);
    if (endpoints.length > 0) reachable.push({ slotId: s.id, reservationNumber: s.reservation_number, channel, owner: s.owner_id!, endpoints });
  }
  return { waiting: slots.length, reachable };
}

const lineCount = (list: Recipient[]) => list.filter((r) => r.channel === 'LINE').length;
const pushCount = (list: Recipient[]) => list.filter((r) => r.channel === 'PWA').reduce((n, r) => n + r.endpoints.length, 0);

async function lineSentThisMonth(store: Store): Promise<number> {
  const row = await store.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('channel', '=', 'LINE')
    .where('status', '=', 'sent')
    .where('sent_at', '>=', tokyoMonthStart(new Date()))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function previewAnnouncementSend(deps: BroadcastDeps): Promise<AnnouncementSendPreview> {
  const runtime = await deps.store.db.selectFrom('runtime').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const announcement = currentAnnouncement(runtime, new Date());
  if (!announcement) throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.none');
  const [{ waiting, reachable }, sent, quota] = await Promise.all([
    recipients(deps.store.db, runtime, deps),
    lineSentThisMonth(deps.store),
    deps.lineConfigured ? deps.line.quota() : Promise.resolve(null),
  ]);
  return {
    announcementId: announcement.id,
    patients: waiting,
    lineMessages: lineCount(reachable),
    pushMessages: pushCount(reachable),
    unreachable: waiting - reachable.length,
    lineSentThisMonth: sent,
    lineQuota: quota,
    alreadySent: announcement.sentAt !== null,
  };
}

export async function sendAnnouncement(deps: BroadcastDeps & { announcementId: string; lineMessages: number; actor?: Actor }) {
  // LINE's quota is an outside call: read before the write, never inside its transaction.
  const quota = deps.lineConfigured && deps.lineMessages > 0 ? await deps.line.quota() : null;
  if (quota && quota.limit !== null && quota.used + deps.lineMessages > quota.limit) {
    throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.quota', { n: deps.lineMessages, left: Math.max(quota.limit - quota.used, 0) });
  }
  return deps.store.write(async ({ tx, emit, now, runtime }) => {
    const announcement = currentAnnouncement(runtime, new Date(now));
    if (!announcement) throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.none');
    if (announcement.id !== deps.announcementId) throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.changed');
    if (announcement.sentAt) throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.alreadySent');
    const { reachable } = await recipients(tx, runtime, deps);
    if (lineCount(reachable) !== deps.lineMessages) throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.countChanged');
    const rows: OutboxTable[] = reachable.flatMap((r) =>
      r.endpoints.map((endpoint) => ({
        id: randomUUID(),
        kind: 'announcement' as const,
        channel: r.channel,
        slot_id: r.slotId,
        reservation_number: r.reservationNumber,
        recipient: r.owner,
        endpoint,
        retry_key: randomUUID(),
        status: 'pending' as const,
        attempts: 0,
        next_attempt_at: now,
        lease_until: null,
        last_error: null,
        created_at: now,
        updated_at: now,
        sent_at: null,
        body: announcement.text,
      })),
    );
    // Chunked: one statement's parameters stay well inside SQLite's and PostgreSQL's limits.
    for (let i = 0; i < rows.length; i += 100) await tx.insertInto('outbox').values(rows.slice(i, i + 100)).execute();
    await tx.updateTable('runtime').set({ announcement_sent_at: now }).where('id', '=', 1).execute();
    emit({ type: 'settingsChanged' });
    if (rows.length > 0) emit({ type: 'noticeQueued' });
    const result = { lineMessages: lineCount(reachable), pushMessages: pushCount(reachable) };
    await writeAudit(tx, deps.actor, { action: 'announcement.send', target: announcement.id, after: { text: announcement.text, ...result } }, now);
    return { ok: true as const, ...result };
  });
}
