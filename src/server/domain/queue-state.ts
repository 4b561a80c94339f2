/** Reads the current reception session as one consistent state: what both live streams are built from. */
import { maskedNumbers } from './sms/read.js';
import type { Runtime, Slot } from '../../shared/queue/slot.js';
import { ADMIN_LIST_LIMIT, AHEAD_NOTICE_THRESHOLD } from '../../shared/queue/slot.js';
import type { StaffAnnouncement } from '../../shared/schemas/live.js';
import { currentAnnouncement } from './announcement/current.js';
import { publicQueue, waitCount } from '../../shared/queue/rules.js';
import type { Store } from '../storage/port.js';
import type { QueueTable } from '../storage/schema.js';
import { rowToSlot } from '../storage/slot-row.js';
import { queueVersions } from '../storage/queue-rows.js';
import type { Callout, CalloutSettings } from '../../shared/callout/types.js';
import { calloutSettings, recentCallouts } from './callout/callouts.js';
import type { ArrivalSettings } from '../../shared/schemas/functions.js';
import { arrivalSettings } from './arrival/settings.js';
import type { AllocationSettings } from '../../shared/queue/kept-numbers.js';
import { allocationSettings } from './allocation/settings.js';
import { firstQueueRow, nextFreeInQueue } from './queues/read.js';

export interface QueueState {
  runtime: Runtime;
  /** Reserved slots of the current session in number order (at most ADMIN_LIST_LIMIT). */
  slots: Slot[];
  /** The number the desk's next walk-in in the first queue would take, or null (none left, or closed). */
  nextFreeNumber: number | null;
  /** The same for every live queue, by id (decision 061): what the desk's next walk-in there would take. */
  nextFreeNumbers: Record<string, number | null>;
  /** The runtime row's version plus every queue's: one more for every committed write. */
  version: number;
  /** The current reception session (null before the first one). */
  sessionId: string | null;
  /** slotId → the patient's own notice threshold, only where it differs from the default 5. */
  noticeThresholds: Record<string, number>;
  announcement: StaffAnnouncement | null;
  scheduleVersion: number;
  /** The start of the online window the calendar could not open (in-house was off), or null. */
  scheduleNoticeAt: string | null;
  callouts: Callout[];
  calloutSettings: CalloutSettings;
  /** The clinic's absence and check-in settings (issue 34), for the staff stream. */
  arrivalSettings: ArrivalSettings;
  /** Numbers kept for the desk and the online cap (issue 35), for the staff stream. */
  allocationSettings: AllocationSettings;
  /** When online reception was closed on time (issue 35), while that still stands; else null. */
  onlineLateAt: string | null;
  /** The clinic's live queues in order (decision 061); one ('main') for a clinic that never defined another. */
  queues: QueueRow[];
  /** SMS (decision 070): whether the clinic has it on, and slotId → the masked mobile of desk numbers with one. */
  sms: { on: boolean; masked: Record<string, string> };
}

/** What the streams say of a queue (its settings stay with its staff page). */
export type QueueRow = Pick<QueueTable, 'id' | 'name_ja' | 'name_en' | 'description_ja' | 'description_en' | 'first_number' | 'online' | 'hours'>;

export async function loadQueueState(store: Store, now = new Date()): Promise<QueueState> {
  return store.read(async (tx) => {
    const rt = await tx.selectFrom('runtime').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
    const queues = await tx
      .selectFrom('queues')
      .select(['id', 'name_ja', 'name_en', 'description_ja', 'description_en', 'first_number', 'online', 'hours'])
      .where('removed_at', 'is', null)
      .orderBy('position')
      .execute();
    const sessionId = rt.current_session_id;
    const rows = sessionId
      ? await tx
          .selectFrom('reservation_slots')
          .selectAll()
          .where('session_id', '=', sessionId)
          .where('is_reserved', '=', 1)
          .orderBy('reservation_number')
          .limit(ADMIN_LIST_LIMIT)
          .execute()
      : [];
    // One indexed read per queue (slots_queue_free): the lowest number of the queue not yet handed out.
    const nextFreeNumbers: Record<string, number | null> = {};
    for (const q of queues) {
      nextFreeNumbers[q.id] = sessionId && rt.inhouse_on ? await nextFreeInQueue(tx, sessionId, q.id) : null;
    }
    const slots = rows.map(rowToSlot);
    const noticeThresholds: Record<string, number> = {};
    for (const row of rows) if (row.notice_threshold !== AHEAD_NOTICE_THRESHOLD) noticeThresholds[row.id] = row.notice_threshold;
    return {
      runtime: {
        inhouseOn: rt.inhouse_on === 1,
        onlineOn: rt.online_on === 1,
        currentWaitCount: waitCount(publicQueue(slots)),
      },
      slots,
      // The first queue's (decision 061), whatever another queue's range: what the field meant with one queue.
      nextFreeNumber: queues.length > 0 ? (nextFreeNumbers[queues[0].id] ?? null) : null,
      nextFreeNumbers,
      // Each write bumps the runtime row's version or one queue's (decision 061): their sum orders snapshots.
      version: rt.version + (await queueVersions(tx)),
      sessionId,
      noticeThresholds,
      announcement: currentAnnouncement(rt, now),
      scheduleVersion: rt.schedule_version,
      scheduleNoticeAt: rt.schedule_notice_at,
      callouts: recentCallouts(rt),
      calloutSettings: calloutSettings(rt),
      arrivalSettings: arrivalSettings(rt),
      // The first queue's (decision 061): what the staff stream showed before there were several.
      allocationSettings: allocationSettings(rt, await firstQueueRow(tx)),
      onlineLateAt: rt.online_late_at,
      queues,
      // Only the masked form, for the staff stream; read only while SMS is on (the table is the desk's few numbers).
      sms: { on: rt.sms_on === 1, masked: rt.sms_on === 1 ? await maskedNumbers(tx) : {} },
    };
  });
}
