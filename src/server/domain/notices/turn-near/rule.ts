/**
 * The notice rules without a store: who a notice goes to, the outbox rows it becomes, and which waiting
 * patients are due the turn-is-near notice. Applied by ../outbox.ts (`enqueueAheadNotices`), inside the
 * transaction of every write that moves the queue: it has no apply.ts of its own.
 */
import { randomUUID } from 'node:crypto';
import { NOTICE_THRESHOLD_MAX } from '../../../../shared/queue/slot.js';
import { publicQueue } from '../../../../shared/queue/rules.js';
import type { Slot } from '../../../../shared/queue/slot.js';
import type { OutboxTable, SlotTable } from '../../../storage/schema.js';
import { rowToSlot } from '../../../storage/slot-row.js';

/** A patient a notice can go to: a LINE or PWA reservation with its owner, or a desk one by SMS (decision 070). */
export interface NoticeTarget {
  slotId: string;
  reservationNumber: number;
  channel: OutboxTable['channel'];
  recipient: string;
}

export function noticeTarget(slot: Pick<SlotTable, 'id' | 'reservation_number' | 'reserved_type' | 'owner_id'>, sms = false): NoticeTarget | null {
  const channel = slot.reserved_type;
  // The row names the reservation, never the number: the sender reads it, sealed, from sms_numbers.
  if (channel === 'ADMIN' && sms) return { slotId: slot.id, reservationNumber: slot.reservation_number, channel: 'SMS', recipient: slot.id };
  if ((channel !== 'LINE' && channel !== 'PWA') || !slot.owner_id) return null;
  return { slotId: slot.id, reservationNumber: slot.reservation_number, channel, recipient: slot.owner_id };
}

/**
 * A desk number's ticket page subscribed to Web Push (decision 073): channel PWA, its recipient the number
 * itself (an app patient's rows name their uid, never a slot id), so the sender reads ticket_push for it.
 */
export function ticketPushTarget(slot: Pick<SlotTable, 'id' | 'reservation_number'>): NoticeTarget {
  return { slotId: slot.id, reservationNumber: slot.reservation_number, channel: 'PWA', recipient: slot.id };
}

/**
 * One pending row per endpoint (null for LINE, each push subscription for PWA), each with its own retry
 * key. With no endpoint at all, one row already failed: staff see that this patient was not told.
 */
export function noticeRows(
  target: NoticeTarget,
  kind: OutboxTable['kind'],
  body: string | null,
  endpoints: readonly (string | null)[],
  now: string,
): OutboxTable[] {
  const row = (endpoint: string | null): OutboxTable => ({
    id: randomUUID(),
    kind,
    channel: target.channel,
    slot_id: target.slotId,
    reservation_number: target.reservationNumber,
    recipient: target.recipient,
    endpoint,
    retry_key: randomUUID(),
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    lease_until: null,
    last_error: null,
    created_at: now,
    updated_at: now,
    sent_at: null,
    body,
    path: null,
  });
  if (endpoints.length === 0) return [{ ...row(null), status: 'failed', last_error: 'no push subscription' }];
  return endpoints.map(row);
}

/**
 * Kinds that may wait: a message to everyone, worth sending but not at a given moment. Every other kind (the
 * turn-is-near notice, recall, any kind added later unless listed here) is time-critical, and the notify
 * worker claims it before any of these (docs/decisions/045-broadcast-limits.md).
 */
export const BULK_NOTICE_KINDS: readonly OutboxTable['kind'][] = ['announcement'];

export type AheadAction = { slot: SlotTable; action: 'notify' | 'skipConfirmed' };

/**
 * The active rows in queue order with their people ahead, as the public queue counts them, and a family's
 * later members left out: a family is told once, by its first waiting member (decision 053), and the
 * apply marks the others told with it. Both kinds of turn-is-near notice start from this list.
 */
export function noticeQueue(slots: readonly Slot[]): { slot: Slot; ahead: number | null }[] {
  const byId = new Map(slots.map((slot) => [slot.id, slot]));
  const families = new Set<string>();
  return publicQueue(slots).flatMap((entry) => {
    const slot = byId.get(entry.slotId)!;
    if (slot.familyId) {
      if (families.has(slot.familyId)) return [];
      families.add(slot.familyId);
    }
    return [{ slot, ahead: entry.ahead }];
  });
}

/**
 * The turn-is-near notice (docs/decisions/021), given the first waiting rows (active, not held, in number
 * order; at most NOTICE_THRESHOLD_MAX + 1 of them can matter): a LINE/PWA reservation with its threshold
 * or fewer people ahead, neither notified nor skipped, is told now, once (so is a desk number in `deskSlots`:
 * with a mobile number, by SMS, or whose ticket page subscribed, by Web Push). One staff already confirmed is
 * skipped instead (the reason is recorded). With LINE's notice turned off, a LINE patient is left unsent and
 * unmarked, so turning it back on still tells them. Of a family only the first waiting member counts.
 *
 * `boundary` is the number of the (NOTICE_THRESHOLD_MAX + 1)th waiting patient, or null when fewer wait: a
 * number taken behind it has more people ahead than any threshold allows, and changes no one's count.
 */
export function aheadNotices(
  waiting: readonly SlotTable[],
  lineAhead5On: boolean,
  deskSlots: ReadonlySet<string> = new Set(),
): { actions: AheadAction[]; boundary: number | null } {
  const byId = new Map(waiting.map((row) => [row.id, row]));
  const actions: AheadAction[] = [];
  for (const entry of noticeQueue(waiting.map(rowToSlot))) {
    const slot = byId.get(entry.slot.id)!;
    // Told by minutes before the turn instead (decision 055): ../minutes/rule.ts, on the minute's check.
    if (slot.notice_minutes !== null) continue;
    if (entry.ahead === null || entry.ahead > slot.notice_threshold) continue;
    // A desk number is told by SMS (a mobile number, SMS on; decision 070) or on its ticket page (073).
    const desk = slot.reserved_type === 'ADMIN' && deskSlots.has(slot.id);
    if (slot.reserved_type !== 'LINE' && slot.reserved_type !== 'PWA' && !desk) continue;
    if (slot.notified_at || slot.ahead5_skipped_at) continue;
    if (slot.admin_confirmed_at) actions.push({ slot, action: 'skipConfirmed' });
    else if (slot.reserved_type !== 'LINE' || lineAhead5On) actions.push({ slot, action: 'notify' });
  }
  return { actions, boundary: waiting.length > NOTICE_THRESHOLD_MAX ? waiting[NOTICE_THRESHOLD_MAX].reservation_number : null };
}
