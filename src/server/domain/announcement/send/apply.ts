/**
 * Sending the standing announcement once to every patient still waiting (issue 14, docs/decisions/021):
 * LINE and PWA reservations of the open session that are neither cancelled nor started, held ones
 * included (they are still expected back). The preview and the send count with the same rule
 * (rule.ts); the send writes its outbox rows, one per recipient as for every notice, so the
 * worker's bounded sends, retry keys and fencing apply unchanged; the worker sends them after every
 * time-critical notice. A cooldown, a daily cap and LINE's quota (queued messages counted) bound the sends
 * (docs/decisions/045-broadcast-limits.md).
 */
import type { Kysely, Transaction } from 'kysely';
import type { AnnouncementSendPreview } from '../../../../shared/schemas/functions.js';
import { tokyoMonthStart } from '../../../../shared/time/tokyo.js';
import { AppError } from '../../../errors.js';
import type { Store } from '../../../storage/port.js';
import type { Database, RuntimeTable } from '../../../storage/schema.js';
import { type Actor, writeAudit } from '../../audit.js';
import { currentAnnouncement } from '../current.js';
import {
  type BroadcastLimits, type LineQuota, announcementSend, broadcastLimitsSince, checkBroadcastLimits, checkLineQuota, lineCount, pushCount,
  reachableRecipients,
} from './rule.js';
import { activeSlot } from '../../../storage/slot-row.js';

/**
 * LINE's own count of this month's messages: all the broadcast asks of LINE (the notify worker sends the
 * messages). null: LINE could not be asked (not configured, an error, a timeout).
 */
export interface LineQuotaSource {
  quota(): Promise<LineQuota | null>;
}

export interface BroadcastDeps {
  store: Store;
  line: LineQuotaSource;
  lineConfigured: boolean;
  pushConfigured: boolean;
}

async function recipients(db: Kysely<Database> | Transaction<Database>, runtime: RuntimeTable, deps: BroadcastDeps) {
  const sessionId = runtime.current_session_id;
  if (!sessionId) return { waiting: 0, reachable: [] };
  const slots = await db
    .selectFrom('reservation_slots')
    .select(['id', 'reservation_number', 'reserved_type', 'owner_id'])
    .where('session_id', '=', sessionId)
    .where(activeSlot)
    .where('reserved_type', 'in', ['LINE', 'PWA'])
    .where('owner_id', 'is not', null)
    .orderBy('reservation_number')
    .execute();
  const pwaOwners = slots.filter((s) => s.reserved_type === 'PWA').map((s) => s.owner_id!);
  const subs =
    deps.pushConfigured && pwaOwners.length > 0
      ? await db.selectFrom('push_subscriptions').select(['uid', 'endpoint']).where('uid', 'in', pwaOwners).orderBy('endpoint').execute()
      : [];
  return { waiting: slots.length, reachable: reachableRecipients(slots, subs, { line: deps.lineConfigured, push: deps.pushConfigured }) };
}

async function lineSentThisMonth(store: Store): Promise<number> {
  const row = await store.db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('channel', '=', 'LINE')
    .where('status', '=', 'sent')
    .where('sent_at', '>=', tokyoMonthStart(new Date()))
    // A LINE MINI App service message costs no quota (decision 051).
    .where((eb) => eb.or([eb('path', 'is', null), eb('path', '!=', 'service-done')]))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * LINE rows LINE has not counted yet: queued or being sent, or sent since `askedAt` (the quota was read
 * then, so LINE's count may or may not hold them: counting them twice errs on the side of refusing).
 */
async function lineNotInQuota(tx: Transaction<Database>, askedAt: string): Promise<number> {
  const row = await tx
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('channel', '=', 'LINE')
    // Rows still to go may yet go as free service messages (decision 051): counted, erring on refusing.
    .where((eb) =>
      eb.or([
        eb('status', 'in', ['pending', 'sending']),
        eb.and([eb('status', '=', 'sent'), eb('sent_at', '>=', askedAt), eb.or([eb('path', 'is', null), eb('path', '!=', 'service-done')])]),
      ]),
    )
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The instants of the sends since `since`: the audit trail records each one in the send's own transaction. */
async function sendsSince(tx: Transaction<Database>, since: string): Promise<string[]> {
  const rows = await tx.selectFrom('audit_log').select('at').where('action', '=', 'announcement.send').where('at', '>=', since).execute();
  return rows.map((r) => r.at);
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

export async function sendAnnouncement(
  deps: BroadcastDeps & { limits: BroadcastLimits; announcementId: string; lineMessages: number; actor?: Actor },
) {
  // LINE's quota is an outside call: read before the write, never inside its transaction.
  const askedAt = new Date().toISOString();
  const quota = deps.lineConfigured && deps.lineMessages > 0 ? await deps.line.quota() : null;
  return deps.store.write(async ({ tx, emit, now, runtime }) => {
    const { reachable } = await recipients(tx, runtime, deps);
    const { announcement, rows, ...result } = announcementSend(currentAnnouncement(runtime, new Date(now)), deps, reachable, now);
    // Read under the writers' lock: two staff screens sending at once cannot both pass the cap.
    checkBroadcastLimits(await sendsSince(tx, broadcastLimitsSince(now, deps.limits)), now, deps.limits);
    if (deps.lineConfigured) checkLineQuota(quota, await lineNotInQuota(tx, askedAt), result.lineMessages);
    // Chunked: one statement's parameters stay well inside SQLite's and PostgreSQL's limits.
    for (let i = 0; i < rows.length; i += 100) await tx.insertInto('outbox').values(rows.slice(i, i + 100)).execute();
    await tx.updateTable('runtime').set({ announcement_sent_at: now }).where('id', '=', 1).execute();
    emit({ type: 'settingsChanged' });
    if (rows.length > 0) emit({ type: 'noticeQueued' });
    await writeAudit(tx, deps.actor, { action: 'announcement.send', target: announcement.id, after: { text: announcement.text, ...result } }, now);
    return { ok: true as const, ...result };
  });
}
