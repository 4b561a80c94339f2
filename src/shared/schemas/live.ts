/** Data of the live streams (DESIGN.md): one full snapshot on connect and after every change. */
import type { Runtime, StaffSlot } from '../queue/slot.js';
import type { WaitEstimate } from '../estimate/range.js';

export interface QueueSnapshot {
  runtime: Runtime;
  /** Never an owner id: public viewers see numbers, places and hold only. */
  queue: { reservationNumber: number; ahead: number | null; hold: boolean }[];
  version: number;
  /**
   * The current session's pace, from which every screen computes a wait with waitRange (src/shared/estimate);
   * null when there is neither today's pace nor history yet (or reception is stopped). Optional for
   * snapshots from a server older than issue 14.
   */
  estimate?: WaitEstimate | null;
  /** The number whose consultation started last in the current session (ただいま n番の方を診察中), or null. */
  nowCalling?: number | null;
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
