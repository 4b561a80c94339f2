/**
 * The printed ticket of a desk number (docs/decisions/068) as the wire carries it: the staff functions that
 * print it and set its paper, and the public functions its QR code's page calls with the ticket's token.
 * The token travels in the payload only (the page reads it from the URL's fragment, which no request
 * carries), so no access log or proxy ever sees it.
 */
import { z } from 'zod';
import type { MyReservation } from './answers.js';
import { patientText } from './patient-text.js';
import { pushSubscriptionSchema } from './push-subscription.js';

import { TICKET_NOTE_MAX, TICKET_PAPERS, type TicketPaper } from '../ticket/paper.js';

export { TICKET_NOTE_MAX, TICKET_PAPERS, type TicketPaper };
/** The clinic's sentence under the number: a receipt roll's few lines. */

/** A ticket's token: 32 random bytes in base64url (256 bits), exactly as issued. */
export const ticketTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const slotId = z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/);

export const ticketPayloads = {
  /** Staff print a desk number's ticket: a new token each time, the one printed before refused from then on. */
  issueTicket: z.strictObject({ slotId }),
  getTicketSettings: z.strictObject({}),
  saveTicketSettings: z.strictObject({ paper: z.enum(TICKET_PAPERS), note: patientText(TICKET_NOTE_MAX) }),
  /** The ticket's page (no sign-in): the number and its place, by the printed token. */
  getTicket: z.strictObject({ ticket: ticketTokenSchema }),
  /** The ticket's holder gives the number up (the number they confirm, as cancelReservation). */
  cancelByTicket: z.strictObject({ ticket: ticketTokenSchema, reservationNumber: z.number().int().min(1).max(100_000) }),
  /** The ticket's holder checks in with the code on the wall monitor or the desk's QR code, as checkIn. */
  checkInByTicket: z.strictObject({ ticket: ticketTokenSchema, code: z.string().trim().min(1).max(16) }),
  /** The ticket's page lets the browser notify its holder (decision 073): the subscription, for the ticket's number. */
  subscribeTicketPush: z.strictObject({ ticket: ticketTokenSchema, subscription: pushSubscriptionSchema }),
};

export interface TicketSettings {
  paper: TicketPaper;
  note: string;
}

/** What the staff screen prints: everything on the paper, and the token for the QR code (never shown as text). */
export interface TicketPrint extends TicketSettings {
  token: string;
  clinicName: string;
  reservationNumber: number;
  /** The number's queue by its Japanese name, only in a clinic with several queues. */
  queueName: string | null;
  takenAt: string;
  /** The people ahead when it was printed (null: the number is held). */
  ahead: number | null;
  /** True when an earlier ticket of the number was revoked by this print. */
  reprint: boolean;
}

/**
 * The ticket's page: the number's card while it waits (as getMyReservation's), else null with what became
 * of it: seen (called in), canceled (given up or deleted).
 */
export interface TicketView {
  clinicName: string;
  state: 'waiting' | 'seen' | 'canceled';
  reservation: MyReservation | null;
}

export interface TicketResults {
  issueTicket: TicketPrint;
  getTicketSettings: TicketSettings;
  saveTicketSettings: { ok: true };
  getTicket: TicketView;
  cancelByTicket: { ok: true };
  checkInByTicket: { ok: true; arrivedAt: string };
  subscribeTicketPush: { ok: true };
}
