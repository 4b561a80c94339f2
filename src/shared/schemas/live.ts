/** Data of the live streams (DESIGN.md): one full snapshot on connect and after every change. */
import type { Runtime, StaffSlot } from '../queue/slot.js';

export interface QueueSnapshot {
  runtime: Runtime;
  /** Never an owner id: public viewers see numbers, places and hold only. */
  queue: { reservationNumber: number; ahead: number | null; hold: boolean }[];
  version: number;
}

export interface AdminSnapshot {
  runtime: Runtime;
  /** The current reception session's reserved slots, by number, at most 500; never an owner id. */
  slots: StaffSlot[];
  /** The lowest number not yet handed out in the current session, or null when none is left or closed. */
  nextFreeNumber: number | null;
  version: number;
}

export const LIVE_EVENTS = { queue: 'queue', admin: 'admin' } as const;
