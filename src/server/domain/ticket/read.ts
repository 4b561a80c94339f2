/** Reads of the printed ticket (docs/decisions/068): a token's row, and what the ticket's page shows. */
import type { Kysely } from 'kysely';
import type { Database } from '../../storage/schema.js';
import type { Store } from '../../storage/port.js';
import type { TicketView } from '../../../shared/schemas/ticket.js';
import { AHEAD_NOTICE_THRESHOLD } from '../../../shared/queue/slot.js';
import { publicQueue } from '../../../shared/queue/rules.js';
import { loadQueueState } from '../queue-state.js';
import { reservationCard } from '../my-reservation/my-reservations.js';
import { decideTicket, type TicketRow, ticketState } from './rule.js';
import { ticketDigest } from './token.js';

export type TicketSlotRow = TicketRow & {
  owner_id: string | null;
  reservation_number: number;
  canceled: number;
  is_reception_accepted: number;
  queue_id: string;
  opened_at: string | null;
};

/** The token's row with its number and the session facts, in one statement; undefined for an unknown token. */
export function readTicketRow(db: Kysely<Database>, token: string): Promise<TicketSlotRow | undefined> {
  return db
    .selectFrom('ticket_tokens as t')
    .innerJoin('reservation_slots as s', 's.id', 't.slot_id')
    .leftJoin('reception_sessions as r', 'r.id', 't.session_id')
    .select(['t.slot_id', 't.session_id', 't.revoked_at', 't.opened_at', 's.owner_id', 's.reservation_number', 's.canceled', 's.is_reception_accepted', 's.queue_id'])
    .select('r.closed_at as session_closed_at')
    .select((eb) => eb.selectFrom('runtime').select('current_session_id').where('runtime.id', '=', 1).as('current_session_id'))
    .where('t.token_hash', '=', ticketDigest(token))
    .executeTakeFirst() as Promise<TicketSlotRow | undefined>;
}

/** The standing ticket's number, or the catalogue's refusal (rule.ts). */
export async function standingTicket(db: Kysely<Database>, token: string): Promise<TicketSlotRow> {
  return decideTicket(await readTicketRow(db, token));
}

/** The ticket's page: the number's card while it waits (as the app's card, from the queue the streams read). */
export async function readTicket(store: Store, token: string, clinicName: string): Promise<TicketView> {
  const row = await standingTicket(store.db, token);
  const state = ticketState(row);
  if (state !== 'waiting') return { clinicName, state, reservation: null };
  const queue = await loadQueueState(store);
  const slot = queue.slots.find((s) => s.id === row.slot_id);
  if (!slot?.reservedAt) return { clinicName, state, reservation: null };
  const ahead = publicQueue(queue.slots).find((r) => r.slotId === slot.id)?.ahead ?? null;
  const card = reservationCard({ ...slot, reservedAt: slot.reservedAt }, ahead, queue.noticeThresholds[slot.id] ?? AHEAD_NOTICE_THRESHOLD);
  return { clinicName, state, reservation: card };
}
