/**
 * The printed ticket of a desk number (docs/decisions/068), the rule: which numbers get one, and whether a
 * token presented on the ticket's page still stands.
 */
import { AppError } from '../../errors.js';
import type { SlotTable } from '../../storage/schema.js';

type SlotFacts = Pick<SlotTable, 'reserved_type' | 'canceled' | 'is_reception_accepted'>;

/** What became of the ticket's number: still waiting, called in (started), or given up or deleted. */
export type TicketState = 'waiting' | 'seen' | 'canceled';

export function ticketState(slot: Pick<SlotTable, 'canceled' | 'is_reception_accepted'>): TicketState {
  if (slot.canceled) return 'canceled';
  return slot.is_reception_accepted ? 'seen' : 'waiting';
}

/**
 * A ticket is printed for a number the desk took (walk-in or phone: reserved type ADMIN) while it waits; a
 * LINE or app patient has their number on their phone. The slot's session is checked by the caller
 * (session-slot.ts), as for every staff action on a slot.
 */
export function decideIssue(slot: SlotFacts): void {
  if (slot.reserved_type !== 'ADMIN') throw new AppError('FAILED_PRECONDITION', 'error.ticketDeskOnly');
  if (ticketState(slot) !== 'waiting') throw new AppError('FAILED_PRECONDITION', 'error.ticketNotWaiting');
}

/** A stored token with its number and the session facts it is judged by (read.ts reads it). */
export interface TicketRow {
  slot_id: string;
  session_id: string;
  revoked_at: string | null;
  /** The runtime row's session: a ticket serves only while its session is the current one… */
  current_session_id: string | null;
  /** …and open. */
  session_closed_at: string | null;
}

/**
 * Whether a presented token stands: one never issued (or mistyped), revoked by a reprint, or of a session
 * that is over is refused alike, so the answer tells a guesser nothing about which it was.
 */
export function decideTicket<R extends TicketRow>(row: R | undefined): R {
  if (!row || row.revoked_at !== null || row.session_id !== row.current_session_id || row.session_closed_at !== null) {
    throw new AppError('NOT_FOUND', 'error.ticketUnusable');
  }
  return row;
}
