/** Data of the live streams (docs/api.md): one full snapshot on connect and after every change. */
import type { Runtime, StaffSlot } from '../queue/slot.js';
import type { WaitEstimate } from '../estimate/range.js';
import type { ScheduleNotice } from '../schedule/types.js';
import type { Callout, CalloutSettings } from '../callout/types.js';
import type { ArrivalSettings } from './answers.js';
import type { AllocationSettings } from '../queue/kept-numbers.js';
import { fullRow, type PublicRow, type PublicRowFrame } from '../queue/public-row.js';

export interface QueueSnapshot {
  runtime: Runtime;
  /**
   * Never an owner id: public viewers see numbers, places, hold and absence only. In queue order (docs/api.md
   * "Queue order"). Every field present: the frame leaves defaults out, `readQueueSnapshot` puts them back.
   */
  queue: PublicRow[];
  version: number;
  /**
   * Several queues in one clinic (decision 061): present only when the clinic has more than one. Then every
   * row carries `queueId` unless it is the first queue's ('main'), `ahead` counts within the row's own queue,
   * and each queue has its own figures here; the snapshot's `estimate` and `nowCalling` are the first queue's.
   */
  queues?: QueueLive[];
  /**
   * The current session's pace, from which every screen computes a wait with waitRange (src/shared/estimate);
   * null when there is neither today's pace nor history yet (or reception is stopped). Optional for
   * snapshots from a server older than issue 14.
   */
  estimate?: WaitEstimate | null;
  /** The number whose consultation started last in the current session (ただいま n番の方を診察中), or null. */
  nowCalling?: number | null;
  /**
   * The clinic's announcement while it stands (not cleared, `until` not passed), else null (issue 14).
   * This server always sends it; optional only so snapshots written before it stay valid.
   */
  announcement?: Announcement | null;
  /** The clinic calendar's version: refetch getPublicSchedule when it moves. */
  scheduleVersion: number;
  /**
   * The monitor's spoken call-out (issue 15): the last few call-outs, oldest first, ids growing by one, and
   * the clinic's settings. Always sent by this server; optional so older snapshots stay valid.
   */
  callouts?: Callout[];
  calloutSettings?: CalloutSettings;
  /**
   * Why online reception is closed, when the calendar's hours are not the reason (issue 35): 'late' — the
   * clinic closed it early because a newcomer would not be seen within the consultation period. Present only
   * while online reception stays closed for it (until staff switch it or the calendar's next online edge).
   */
  onlineClosedReason?: 'late';
  /**
   * Up to this many numbers one patient may take together (a family, docs/decisions/053); 1: families off.
   * Always sent by this server.
   */
  familyMax?: number;
}

/** One queue's own figures in a snapshot of a clinic with several (decision 061). */
export interface QueueLive {
  id: string;
  nameJa: string;
  nameEn: string;
  descriptionJa?: string;
  descriptionEn?: string;
  /** Its numbers start here (numbers of different queues are kept apart by range). */
  firstNumber: number;
  /** Patients may take it on LINE and the app (false: at the desk only). */
  online: boolean;
  /** Open now by its own hours (a queue without its own follows the clinic's calendar: always true here). */
  open: boolean;
  /** Waiting in this queue (not held), as the runtime's currentWaitCount counts the clinic's one queue. */
  waiting: number;
  nowCalling: number | null;
  estimate: WaitEstimate | null;
}

/**
 * One queue's figures as the stream by queue sends them (`?rows=byQueue`, decision 076): with its own rows,
 * which then name no queue (the entry says which).
 */
export type QueueLiveFrame = QueueLive & { rows?: PublicRowFrame[] };

/** The public snapshot as the stream sends it: each row without its fields at their default (decision 062). */
export type QueueSnapshotFrame = Omit<QueueSnapshot, 'queue'> & { queue: PublicRowFrame[] };

/**
 * What `?rows=byQueue` sends (decision 076): for a clinic with several queues no `queue`, each queue's rows in
 * its `queues` entry; for one queue the frame above. A reader of this type reads either.
 */
export type QueueSnapshotByQueueFrame = Omit<QueueSnapshot, 'queue' | 'queues'> & { queue?: PublicRowFrame[]; queues?: QueueLiveFrame[] };

/**
 * The frame as screens read it, in either shape, every row whole: its missing fields at their default, and by
 * queue its queue's id. By queue the rows come queue by queue, each queue's in its own order (waiting, then
 * held); every screen of several queues reads one queue's rows at a time, or sorts them itself.
 */
export function readQueueSnapshot({ queue, ...rest }: QueueSnapshotByQueueFrame): QueueSnapshot {
  // Each `queues` entry keeps its `rows` as sent (screens read `queue`): fewer bytes on every patient's first load.
  const rows = queue ?? rest.queues!.flatMap(({ id, rows: own }) => own!.map((row) => ({ ...row, queueId: id })));
  return { ...rest, queue: rows.map(fullRow) };
}

export interface AdminSnapshot {
  runtime: Runtime;
  /** Several queues (decision 061): as in the public snapshot, present only when the clinic has more than one. */
  queues?: QueueLive[];
  /** The current reception session's reserved slots, by number, at most 500; never an owner id. */
  slots: StaffSlot[];
  /**
   * The number the desk's next walk-in would take (allocateNextSlot with ADMIN): the lowest number not yet
   * handed out in the current session — with numbers kept for the desk, the lowest kept one still ahead of
   * the queue's end, else the next one (decision 049) — or null when none is left or closed.
   */
  nextFreeNumber: number | null;
  /**
   * Several queues (decision 061): queue id → the number the desk's next walk-in in that queue would take
   * (as `nextFreeNumber`, within the queue's range), null when that queue has none left or reception is
   * closed. Present with `queues` only; `nextFreeNumber` stays the first queue's.
   */
  nextFreeNumbers?: Record<string, number | null>;
  version: number;
  /** The standing announcement with what staff need to send it (issue 14), else null. Always sent. */
  announcement?: StaffAnnouncement | null;
  /** slotId → the patient's own notice threshold, for listed reservations whose patient chose other than 5. Always sent. */
  noticeThresholds?: Record<string, number>;
  /** The clinic calendar's version: refetch getSchedule when it moves. */
  scheduleVersion: number;
  /** Set while an online window is open that the calendar could not start (in-house was off): the banner. */
  scheduleNotice: ScheduleNotice | null;
  /** The clinic's absence and check-in settings (issue 34). Always sent by this server. */
  arrivalSettings?: ArrivalSettings;
  /** Numbers kept for the desk and the online cap (issue 35, decision 049). Always sent by this server. */
  allocationSettings?: AllocationSettings;
  /**
   * slotId → how many of their numbers this number's patient cancelled themselves in the session (LINE or the
   * app; not one staff deleted), for listed numbers whose patient cancelled any (take-and-cancel, decision 060).
   * Always sent by this server; never on the public stream.
   */
  cancellations?: Record<string, number>;
  /**
   * SMS (decision 070): whether the clinic has it on (the walk-in's phone field and the row's SMS action), and
   * slotId → the masked mobile (090-****-5678) of desk numbers with one. Never the number itself; staff only.
   */
  sms?: { on: boolean; masked: Record<string, string> };
}

/** Clinic announcements: 1 to 200 characters (issue 14). Here, not in functions.ts, so screens need no zod. */
export const ANNOUNCEMENT_MAX_LENGTH = 200;

/** A short message from the clinic to everyone waiting; `until` (ISO time) null means until staff clear it. */
export interface Announcement {
  text: string;
  until: string | null;
}

export interface StaffAnnouncement extends Announcement {
  id: string;
  setAt: string;
  /** When it was sent to the waiting patients (at most once), else null. */
  sentAt: string | null;
}

export const LIVE_EVENTS = { queue: 'queue', admin: 'admin' } as const;
