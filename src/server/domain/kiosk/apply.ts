/**
 * The entrance kiosk (docs/decisions/072), applied: staff make a tablet a kiosk and revoke it, each one
 * audited write; and the kiosk takes a number, the desk's allocation and printed ticket in one write.
 */
import { randomUUID } from 'node:crypto';
import type { TicketPrint } from '../../../shared/schemas/ticket.js';
import type { Store } from '../../storage/port.js';
import type { Allocation } from '../allocation/allocate.js';
import { type Actor, writeAudit } from '../audit.js';
import { slotOfOpenSession } from '../session-slot.js';
import { ticketPrint, type TicketWritten, writeTicket } from '../ticket/apply.js';
import { newTicketToken } from '../ticket/token.js';
import { readTicketPrinter } from '../ticket/settings.js';
import { eposTicketXml } from '../ticket/epos-xml.js';
import type { TicketPrinter } from '../../outside/epos-printer.js';
import type { PrinterOutcome } from '../ticket/printer.js';
import type { SlotTable } from '../../storage/schema.js';
import { readKioskRow } from './read.js';
import { decideKiosk, decideRevoke, kioskActor } from './rule.js';

/** A new kiosk's row (its cookie is signed by the route that calls this). */
export async function enrolKiosk({ store, name, actor }: { store: Store; name: string; actor: Actor }): Promise<{ id: string }> {
  const id = randomUUID();
  return store.write(async ({ tx, now }) => {
    await tx.insertInto('kiosk_devices').values({ id, name, created_at: now, created_by: actor.username, revoked_at: null, revoked_by: null }).execute();
    await writeAudit(tx, actor, { action: 'kiosk.enrol', target: `${name} ${id}` }, now);
    return { id };
  });
}

/** The kiosk's cookie counts for nothing from this commit on: its next call is refused (rule.ts). */
export async function revokeKiosk({ store, id, actor }: { store: Store; id: string; actor: Actor }): Promise<{ ok: true }> {
  return store.write(async ({ tx, now }) => {
    const row = decideRevoke(await readKioskRow(tx, id));
    await tx.updateTable('kiosk_devices').set({ revoked_at: now, revoked_by: actor.username }).where('id', '=', id).execute();
    await writeAudit(tx, actor, { action: 'kiosk.revoke', target: `${row.name} ${id}` }, now);
    return { ok: true as const };
  });
}

export interface TakeKioskNumber {
  store: Store;
  allocation: Allocation;
  /** The kiosk its credential named; its row is read again inside the write. */
  kiosk: { id: string; name: string };
  queueId?: string;
  clinicName: string;
  /** The ticket's token (tests give one; otherwise a new one). */
  token?: string;
  /** The network receipt printer (decision 074): sent the ticket once number and ticket are written. */
  printer?: { sender: TicketPrinter; origin: string };
}

/**
 * A number at the kiosk: the desk's number (reserved type ADMIN, through the same allocation as a walk-in,
 * so kept numbers and the online cap count it as the desk's) and its printed ticket, in the allocation's one
 * transaction, so a fault between them leaves neither. The kiosk's row is read in that transaction too: a
 * kiosk revoked after its call was admitted hears the revoked kiosk's refusal, and nothing is written.
 */
export async function takeKioskNumber({ store, allocation, kiosk, queueId, clinicName, token = newTicketToken(), printer }: TakeKioskNumber): Promise<
  TicketPrint & { printerCause?: Exclude<PrinterOutcome, { kind: 'sent' }> }
> {
  const actor = kioskActor(kiosk);
  let ticket: (TicketWritten & { slot: SlotTable }) | undefined;
  await allocation.take({
    reservedType: 'ADMIN',
    ownerId: null,
    actor,
    queueId,
    within: {
      async check(tx) {
        decideKiosk(await readKioskRow(tx, kiosk.id));
      },
      async also(ctx, taken) {
        const slot = await slotOfOpenSession(ctx, taken.slotId);
        ticket = { slot, ...(await writeTicket(ctx, slot, token, actor)) };
      },
    },
  });
  if (!ticket) throw new Error('a kiosk number was taken without its ticket');
  const base = printer ? await readTicketPrinter(store.db) : null;
  const print = await ticketPrint(store, { ...ticket, token, clinicName, printer: 'off' });
  if (!printer || !base) return print;
  // The number and its ticket stand either way: a printer that did not print leaves the kiosk the browser's
  // print (or the QR code on screen), with its own words for the patient (decision 074).
  const outcome = await printer.sender.send(base, eposTicketXml(print, printer.origin));
  return outcome.kind === 'sent' ? { ...print, printer: 'sent' } : { ...print, printer: 'failed', printerCause: outcome };
}
