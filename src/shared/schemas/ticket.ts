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

import { TICKET_NOTE_MAX, TICKET_PAPERS, TICKET_PRINTER_MAX, type TicketPaper } from '../ticket/paper.js';

export { TICKET_NOTE_MAX, TICKET_PAPERS, type TicketPaper };

/** A ticket's token: 32 random bytes in base64url (256 bits), exactly as issued. */
export const ticketTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

const slotId = z.string().min(1).max(100).regex(/^[\x21-\x7e]+$/);

export const ticketPayloads = {
  /** Staff print a desk number's ticket: a new token each time, the one printed before refused from then on. */
  issueTicket: z.strictObject({
    slotId,
    /** The fallback when the network printer refused (decision 074): print through the browser all the same. */
    browser: z.literal(true).optional(),
  }),
  getTicketSettings: z.strictObject({}),
  saveTicketSettings: z.strictObject({
    paper: z.enum(TICKET_PAPERS),
    note: patientText(TICKET_NOTE_MAX),
    /** The network printer's address on the LAN ('' = none); absent keeps the saved one. Judged by the server. */
    printer: z.string().trim().max(TICKET_PRINTER_MAX).optional(),
  }),
  /** The ticket's page (no sign-in): the number and its place, by the printed token. */
  getTicket: z.strictObject({ ticket: ticketTokenSchema }),
  /** The ticket's holder gives the number up (the number they confirm, as cancelReservation). */
  cancelByTicket: z.strictObject({ ticket: ticketTokenSchema, reservationNumber: z.number().int().min(1).max(100_000) }),
  /** The ticket's holder checks in with the code on the wall monitor or the desk's QR code, as checkIn. */
  checkInByTicket: z.strictObject({ ticket: ticketTokenSchema, code: z.string().trim().min(1).max(16) }),
  /** The ticket's page lets the browser notify its holder (decision 073): the subscription, for the ticket's number. */
  subscribeTicketPush: z.strictObject({ ticket: ticketTokenSchema, subscription: pushSubscriptionSchema }),
};

/** What the paper looks like: its size and the clinic's sentence. */
export interface TicketLayout {
  paper: TicketPaper;
  note: string;
}

export interface TicketSettings extends TicketLayout {
  /** The network receipt printer's base address (decision 074), e.g. http://192.168.1.50; '' = none. */
  printer: string;
}

/**
 * Where the ticket went (decision 074): `sent` the network printer printed it (the screen prints nothing);
 * `off` no printer is set, or the browser was asked for; `failed` (the kiosk only) the printer refused or
 * never answered, and the ticket is to be printed through the browser or shown instead.
 */
export type TicketPrinted = 'sent' | 'off' | 'failed';

/** What the staff screen prints: everything on the paper, and the token for the QR code (never shown as text). */
export interface TicketPrint extends TicketLayout {
  printer: TicketPrinted;
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
