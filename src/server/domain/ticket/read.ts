/**
 * Reads of the printed ticket (docs/decisions/068): a token's row, what the ticket's page shows, and what
 * the paper says (the browser's sheet and the network printer's, decision 074).
 */
import type { Kysely } from 'kysely';
import type { Database, SlotTable } from '../../storage/schema.js';
import type { Store } from '../../storage/port.js';
import type { TicketPrint, TicketView } from '../../../shared/schemas/ticket.js';
import { liveQueueRows } from '../queues/read.js';
import { slotOfOpenSession } from '../session-slot.js';
import { readTicketSettings } from './settings.js';
import { AHEAD_NOTICE_THRESHOLD } from '../../../shared/queue/slot.js';
import { publicQueue } from '../../../shared/queue/rules.js';
import { loadQueueState } from '../queue-state.js';
import { reservationCard } from '../my-reservation/my-reservations.js';
import { decideIssue, decideTicket, type TicketRow, ticketState } from './rule.js';
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

/** What the paper says of a number beyond its row: its queue's name (clinics with several) and the people ahead now. */
export async function ticketFacts(store: Store, slot: Pick<SlotTable, 'id' | 'queue_id'>): Promise<{ queueName: string | null; ahead: number | null }> {
  const queue = await loadQueueState(store);
  const ahead = publicQueue(queue.slots).find((r) => r.slotId === slot.id)?.ahead ?? null;
  const queues = await liveQueueRows(store.db);
  const queueName = queues.length > 1 ? (queues.find((q) => q.id === slot.queue_id)?.name_ja ?? null) : null;
  return { queueName, ahead };
}

/**
 * The ticket the network printer is sent before its token is stored (decision 074): the number as the
 * write will find it, judged as the write judges it (the open session's, a desk number, waiting), so a
 * number the write would refuse is refused before any paper comes out. The write judges again.
 */
export async function previewTicket(store: Store, slotId: string, clinicName: string, token: string): Promise<Omit<TicketPrint, 'printer' | 'reprint'>> {
  const runtime = await store.db.selectFrom('runtime').selectAll().where('id', '=', 1).executeTakeFirstOrThrow();
  const slot = await slotOfOpenSession({ tx: store.db, runtime }, slotId);
  decideIssue(slot);
  return {
    token,
    clinicName,
    reservationNumber: slot.reservation_number,
    takenAt: slot.reserved_at ?? slot.created_at,
    ...(await ticketFacts(store, slot)),
    ...readTicketSettings(runtime),
  };
}
