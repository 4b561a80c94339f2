/** Data of the live streams (DESIGN.md): one full snapshot on connect and after every change. */
import type { Runtime, StaffSlot } from '../queue/slot.js';
import type { ScheduleNotice } from '../schedule/types.js';

export interface QueueSnapshot {
  runtime: Runtime;
  /** Never an owner id: public viewers see numbers, places and hold only. */
  queue: { reservationNumber: number; ahead: number | null; hold: boolean }[];
  version: number;
  /** The clinic calendar's version: refetch getPublicSchedule when it moves. */
  scheduleVersion: number;
}

export interface AdminSnapshot {
  runtime: Runtime;
  /** The current reception session's reserved slots, by number, at most 500; never an owner id. */
  slots: StaffSlot[];
  /** The lowest number not yet handed out in the current session, or null when none is left or closed. */
  nextFreeNumber: number | null;
  version: number;
  /** The clinic calendar's version: refetch getSchedule when it moves. */
  scheduleVersion: number;
  /** Set while an online window is open that the calendar could not start (in-house was off): the banner. */
  scheduleNotice: ScheduleNotice | null;
}

export const LIVE_EVENTS = { queue: 'queue', admin: 'admin' } as const;
