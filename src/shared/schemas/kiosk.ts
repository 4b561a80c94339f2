/**
 * The entrance kiosk (docs/decisions/072) as the wire carries it: the two functions a kiosk's own credential
 * may call (its reception state, and taking a desk number with its ticket), and the staff's list of kiosks
 * and its 「取り消す」. A tablet becomes a kiosk through `POST /api/kiosk/enrol` (a staff session; docs/api.md),
 * which sets the kiosk's cookie.
 */
import { z } from 'zod';
import { queueIdSchema } from './queue-id.js';
import type { TicketPrint } from './ticket.js';

export const kioskPayloads = {
  /** The kiosk's screen: is reception open, why not, and the queues to choose from. */
  getKioskState: z.strictObject({}),
  /** Takes a desk number (as a walk-in at the desk) and issues its ticket; `queueId` once the clinic has several queues. */
  takeKioskNumber: z.strictObject({ queueId: queueIdSchema.optional() }),
  /** Staff: the kiosks made, newest first, revoked ones included. */
  getKiosks: z.strictObject({}),
  /** Staff: the kiosk's cookie counts for nothing from now on (audited). */
  revokeKiosk: z.strictObject({ id: z.string().uuid() }),
};

/** Why the kiosk takes no number now: the desk's own two reasons (in-house reception stopped, every number of the session issued). */
export type KioskClosedReason = 'stopped' | 'noneLeft';

export interface KioskQueue {
  id: string;
  nameJa: string;
  nameEn: string;
  /** null: a number can be taken here now. */
  closed: KioskClosedReason | null;
}

export interface KioskState {
  /** This kiosk's name, as staff see it in their list. */
  name: string;
  /** null while in-house reception is open; the reason otherwise (the same for every queue then). */
  closed: KioskClosedReason | null;
  /** The clinic's live queues; one for a clinic that never defined another (no choice is asked then). */
  queues: KioskQueue[];
  /** The clinic has chosen its ticket paper (saved the ticket settings): the kiosk prints; else it shows the QR code. */
  prints: boolean;
}

export interface KioskInfo {
  id: string;
  name: string;
  createdAt: string;
  createdBy: string;
  revokedAt: string | null;
  revokedBy: string | null;
}

export interface KioskResults {
  getKioskState: KioskState;
  takeKioskNumber: TicketPrint;
  getKiosks: { kiosks: KioskInfo[] };
  revokeKiosk: { ok: true };
}

/** The enrolment's body: the name staff give the tablet (「入口」). */
export const kioskEnrolSchema = z.strictObject({ name: z.string().trim().min(1).max(40) });
