/**
 * The broadcast's rules without a store: who of the waiting patients can be reached and how many messages
 * that is, whether a send stands (the announcement staff confirmed, the count they saw, LINE's monthly
 * quota), and the outbox rows it becomes: one per recipient and endpoint, like every notice.
 */
import type { AnnouncementSendPreview } from '../../../shared/schemas/functions.js';
import type { StaffAnnouncement } from '../../../shared/schemas/live.js';
import { AppError } from '../../errors.js';
import type { OutboxTable, SlotTable } from '../../storage/schema.js';
import { type NoticeTarget, noticeRows, noticeTarget } from '../notices/rules.js';

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

/** Refuses LINE messages beyond what is left of LINE's monthly quota (unknown or unlimited: no refusal). */
export function checkLineQuota(quota: LineQuota | null, lineMessages: number): void {
  if (quota && quota.limit !== null && quota.used + lineMessages > quota.limit) {
    throw new AppError('FAILED_PRECONDITION', 'admin.announce.error.quota', { n: lineMessages, left: Math.max(quota.limit - quota.used, 0) });
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
