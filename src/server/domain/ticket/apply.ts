/**
 * The printed ticket (docs/decisions/068), applied: staff print a desk number's ticket (a new token, the
 * standing one revoked), and the ticket's holder gives the number up from its page. The token is a
 * credential: it goes back to the staff screen that prints it and nowhere else — not into the audit line,
 * not into an event, not into a log.
 */
import type { TicketPrint } from '../../../shared/schemas/ticket.js';
import { AppError } from '../../errors.js';
import type { Store, WriteContext } from '../../storage/port.js';
import type { SlotTable } from '../../storage/schema.js';
import { type Actor, writeAudit } from '../audit.js';
import { enqueueAheadNotices } from '../notices/outbox.js';
import { slotOfOpenSession } from '../session-slot.js';
import { previewTicket, standingTicket, ticketFacts } from './read.js';
import { decideIssue, ticketState } from './rule.js';
import { readTicketPrinter, readTicketSettings } from './settings.js';
import { eposTicketXml } from './epos-xml.js';
import { printerRefusal } from './printer.js';
import type { TicketPrinter } from '../../outside/epos-printer.js';
import { newTicketToken, ticketDigest } from './token.js';
import { countTicket } from './daily.js';
import { forgetTicketPush } from '../ticket-push/forget.js';
import { writeInSlotQueue } from '../slot-queue.js';

/** Who the audit trail names for what a ticket's holder did: the ticket, as no person signed in. */
export const TICKET_ACTOR: Actor = { id: null, username: '受付票' };

export interface IssueTicketOptions {
  store: Store;
  slotId: string;
  actor: Actor;
  clinicName: string;
  /**
   * The network receipt printer (decision 074), when the caller lets it print: with an address saved, the
   * ticket is sent first and its token stored only once the printer said it printed, so a printer's
   * refusal (the catalogue's error.printer…) leaves everything as it was. Absent: the browser prints.
   */
  printer?: { sender: TicketPrinter; origin: string };
}

/** Prints (or reprints) a desk number's ticket: one write revokes the standing token and stores the new one's digest. */
export async function issueTicket({ store, slotId, actor, clinicName, printer }: IssueTicketOptions): Promise<TicketPrint> {
  const token = newTicketToken();
  const base = printer ? await readTicketPrinter(store.db) : null;
  if (printer && base) {
    const paper = await previewTicket(store, slotId, clinicName, token);
    const outcome = await printer.sender.send(base, eposTicketXml(paper, printer.origin));
    if (outcome.kind !== 'sent') throw printerRefusal(outcome);
  }
  const issued = await store.write(async (ctx) => {
    const slot = await slotOfOpenSession(ctx, slotId);
    return { slot, ...(await writeTicket(ctx, slot, token, actor)) };
  });
  return ticketPrint(store, { ...issued, token, clinicName, printer: printer && base ? 'sent' : 'off' });
}

export interface TicketWritten {
  reprint: boolean;
  settings: ReturnType<typeof readTicketSettings>;
}

/**
 * A ticket's writes inside the caller's transaction: the printed ticket's own write, or the kiosk's number's
 * (decision 072), so a number is never left without its ticket.
 */
export async function writeTicket(ctx: WriteContext, slot: SlotTable, token: string, actor: Actor): Promise<TicketWritten> {
  const { tx, now } = ctx;
  decideIssue(slot);
  const revoked = await tx.updateTable('ticket_tokens').set({ revoked_at: now }).where('slot_id', '=', slot.id).where('revoked_at', 'is', null).executeTakeFirst();
  const reprint = Number(revoked.numUpdatedRows) > 0;
  // A revoked ticket's page is told nothing more (decision 073): its subscriptions go with it.
  if (reprint) await forgetTicketPush(tx, [slot.id]);
  await tx.insertInto('ticket_tokens').values({ token_hash: ticketDigest(token), slot_id: slot.id, session_id: slot.session_id, issued_at: now, revoked_at: null }).execute();
  await countTicket(tx, 'printed', slot.queue_id, now);
  await writeAudit(tx, actor, { action: reprint ? 'ticket.reprint' : 'ticket.issue', target: `#${slot.reservation_number} ${slot.id}` }, now);
  return { reprint, settings: readTicketSettings(ctx.runtime) };
}

/** What the staff screen (or the kiosk) prints, read once the ticket's write has committed. */
export async function ticketPrint(
  store: Store,
  { slot, reprint, settings, token, clinicName, printer }: TicketWritten & { slot: SlotTable; token: string; clinicName: string; printer: TicketPrint['printer'] },
): Promise<TicketPrint> {
  return {
    token,
    clinicName,
    reservationNumber: slot.reservation_number,
    ...(await ticketFacts(store, slot)),
    takenAt: slot.reserved_at ?? slot.created_at,
    reprint,
    printer,
    ...settings,
  };
}

/**
 * The ticket's holder gives the number up (after the page's confirmation), the number they saw named as
 * cancelReservation asks. The token is judged inside the write, so a reprint that lands first wins.
 */
export async function cancelByTicket({ store, token, reservationNumber }: { store: Store; token: string; reservationNumber: number }): Promise<{ ok: true }> {
  // A refusal is found on a plain read first: no lock is taken for a stale ticket.
  await standingTicket(store.db, token);
  return store.write(async (ctx) => {
    const { tx, now } = ctx;
    const row = await standingTicket(tx, token);
    if (ticketState(row) !== 'waiting' || row.reservation_number !== reservationNumber) throw new AppError('NOT_FOUND', 'error.reservationNotFound');
    await tx.updateTable('reservation_slots').set({ canceled: 1, canceled_at: now, updated_at: now }).where('id', '=', row.slot_id).execute();
    ctx.emit({ type: 'slotCanceled', slotId: row.slot_id });
    await forgetTicketPush(tx, [row.slot_id]);
    await enqueueAheadNotices(ctx);
    await writeAudit(tx, TICKET_ACTOR, { action: 'ticket.cancel', target: `#${row.reservation_number} ${row.slot_id}` }, now);
    return { ok: true as const };
  });
}

/**
 * The ticket's page read a standing token (getTicket): the first read marks the token opened and counts
 * one page opened for the day (decision 073); every later read finds the mark and writes nothing.
 */
export async function markTicketOpened(store: Store, token: string): Promise<void> {
  const row = await standingTicket(store.db, token);
  if (row.opened_at !== null) return;
  await writeInSlotQueue(store, row.slot_id, async ({ tx, now }) => {
    const marked = await tx.updateTable('ticket_tokens').set({ opened_at: now }).where('token_hash', '=', ticketDigest(token)).where('opened_at', 'is', null).executeTakeFirst();
    // Two first reads at once: only the one whose mark landed counts.
    if (Number(marked.numUpdatedRows) > 0) await countTicket(tx, 'opened', row.queue_id, now);
  });
}
