/**
 * The broadcast's rules without a store: who of the waiting patients can be reached and how many messages
 * that is, whether a send stands (the announcement staff confirmed, the count they saw, LINE's monthly
 * quota, how often staff may send at all), and the outbox rows it becomes: one per recipient and endpoint,
 * like every notice (docs/decisions/045-broadcast-limits.md).
 */
import type { AnnouncementSendPreview } from '../../../../shared/schemas/functions.js';
import type { StaffAnnouncement } from '../../../../shared/schemas/live.js';
import { tokyoDay } from '../../../../shared/time/tokyo.js';
import { AppError } from '../../../errors.js';
import type { OutboxTable, SlotTable } from '../../../storage/schema.js';
import { type NoticeTarget, noticeRows, noticeTarget } from '../../notices/turn-near/rule.js';

export type LineQuota = NonNullable<AnnouncementSendPreview['lineQuota']>;

export interface Recipient extends NoticeTarget {
  /** null for LINE; one per push subscription for PWA. */
  endpoints: (string | null)[];
}

/** The waiting patients' reservations that a configured channel reaches, in the order given. */
export function reachableRecipients(
  waiting: readonly Pick<SlotTable, 'id' | 'reservation_number' | 'reserved_type' | 'owner_id'>[],
  subscriptions: readonly { uid: string; endpoint: string }[],
  configured: { line: boolean; push: boolean },
): Recipient[] {
  const reachable: Recipient[] = [];
  for (const slot of waiting) {
    const target = noticeTarget(slot);
    if (!target) continue;
    const endpoints =
      target.channel === 'LINE'
        ? configured.line ? [null] : []
        : configured.push ? subscriptions.filter((s) => s.uid === target.recipient).map((s) => s.endpoint) : [];
    if (endpoints.length > 0) reachable.push({ ...target, endpoints });
  }
  return reachable;
}

export const lineCount = (list: readonly Recipient[]) => list.filter((r) => r.channel === 'LINE').length;
export const pushCount = (list: readonly Recipient[]) => list.filter((r) => r.channel === 'PWA').reduce((n, r) => n + r.endpoints.length, 0);

/**
 * Refuses LINE messages beyond what is left of LINE's monthly quota once the LINE rows still queued are sent
 * too (LINE counts a message only when it is sent, so a broadcast queued a minute ago is not in `used` yet).
 * A quota that could not be read refuses: sending blind could spend the month's last messages, which the
 * turn-is-near notices need. An unlimited plan never refuses; nothing to send on LINE needs no quota.
 */
export function checkLineQuota(quota: LineQuota | null, queued: number, lineMessages: number): void {
  if (lineMessages === 0) return;
  if (!quota) throw new AppError('UNAVAILABLE', 'admin.announce.error.quotaUnknown');
  if (quota.limit !== null && quota.used + queued + lineMessages > quota.limit) {
    throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.quota', { n: lineMessages, left: Math.max(quota.limit - quota.used - queued, 0) });
  }
}

export interface BroadcastLimits {
  /** Minutes after one send before the next may go (0: none). */
  cooldownMinutes: number;
  /** Sends per Tokyo day. */
  perDay: number;
}

const tokyoDayStart = (now: string) => Date.parse(`${tokyoDay(now)}T00:00:00+09:00`);

/** The earliest send that can still matter to `checkBroadcastLimits`: the day's first instant or the cooldown's start. */
export function broadcastLimitsSince(now: string, limits: BroadcastLimits): string {
  return new Date(Math.min(tokyoDayStart(now), Date.parse(now) - limits.cooldownMinutes * 60_000)).toISOString();
}

/**
 * Refuses a send past the day's cap or inside the cooldown after the last one, given the instants of earlier
 * sends (at least those since `broadcastLimitsSince`). Each send to everyone costs quota and queues a message
 * per patient ahead of nothing else, so a setting that bounds them keeps a busy or careless day from
 * spending the month.
 */
export function checkBroadcastLimits(sends: readonly string[], now: string, limits: BroadcastLimits): void {
  const nowMs = Date.parse(now);
  const dayStart = tokyoDayStart(now);
  if (sends.filter((at) => Date.parse(at) >= dayStart).length >= limits.perDay) {
    throw new AppError('RESOURCE_EXHAUSTED', 'admin.announce.error.dailyCap', { n: limits.perDay });
  }
  const wait = Math.max(...sends.map((at) => Date.parse(at)), -Infinity) + limits.cooldownMinutes * 60_000 - nowMs;
  if (wait > 0) {
    throw new AppError('RESOURCE_EXHAUSTED', 'admin.announce.error.cooldown', { minutes: limits.cooldownMinutes, left: Math.ceil(wait / 60_000) });
  }
}

/**
 * The send staff confirmed, as outbox rows, or the reason it no longer stands: the announcement changed,
 * went away or was already sent, or the LINE count they saw is no longer true (what they saw is what is sent).
 */
export function announcementSend(
  announcement: StaffAnnouncement | null,
  confirmed: { announcementId: string; lineMessages: number },
  reachable: readonly Recipient[],
  now: string,
): { announcement: StaffAnnouncement; rows: OutboxTable[]; lineMessages: number; pushMessages: number } {
  if (!announcement) throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.none');
  if (announcement.id !== confirmed.announcementId) throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.changed');
  if (announcement.sentAt) throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.alreadySent');
  if (lineCount(reachable) !== confirmed.lineMessages) throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.countChanged');
  const rows = reachable.flatMap((r) => noticeRows(r, 'announcement', announcement.text, r.endpoints, now));
  return { announcement, rows, lineMessages: lineCount(reachable), pushMessages: pushCount(reachable) };
}
