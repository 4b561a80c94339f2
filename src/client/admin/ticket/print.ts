/**
 * Prints a desk number's ticket (docs/decisions/068) in one tap: asks the server for it (a new token; a
 * reprint voids the one before), lays the sheet into the page and opens the browser's print dialog. A
 * chunk of its own, loaded on the first print: the staff screens' first load carries neither it nor the
 * QR code library. With Chromium's --kiosk-printing the dialog is skipped and the receipt printer prints
 * at once (README, "Printed tickets"). The entrance kiosk (docs/decisions/072) prints its own ticket here too.
 */
import './ticket.css';
import type { TicketPrint } from '../../../shared/schemas/ticket.js';
import { callFn, FnError } from '../../api/fn.js';
import { t } from '../labels.js';
import { ticketSheet } from './sheet.js';

const PRINTING = 'printing-ticket';

/**
 * With a network printer set (decision 074) the server prints and nothing opens here. When that printer
 * refuses or never answers, nothing was issued: the same tap prints through the browser instead, and the
 * printer's words come back (FnError) for the screen to show once the dialog is done.
 */
export async function printTicket(slotId: string): Promise<void> {
  let print: TicketPrint;
  try {
    print = await callFn('issueTicket', { slotId });
  } catch (err) {
    // The printer's refusals are the only UNAVAILABLE issueTicket answers; a server out of reach fails again below.
    if (!(err instanceof FnError) || err.status !== 'UNAVAILABLE') throw err;
    printSheet(await callFn('issueTicket', { slotId, browser: true }));
    throw new FnError(err.status, t('admin.ticket.printerFallback', { message: err.message }));
  }
  if (print.printer !== 'sent') printSheet(print);
}

/** Lays a ticket the server issued into the page and prints it. */
export function printSheet(print: TicketPrint): void {
  const doc = document;
  // One ticket in the page at a time: the last one printed stays until the next (hidden on screen).
  doc.querySelectorAll('.ticket-print').forEach((el) => el.remove());
  const holder = doc.createElement('div');
  holder.className = 'ticket-print';
  holder.append(ticketSheet(doc, print, window.location.origin));
  doc.body.append(holder);
  doc.documentElement.classList.add(PRINTING);
  // The staff screen's own printing (the check-in sheet) prints as before once this is printed.
  window.addEventListener('afterprint', () => doc.documentElement.classList.remove(PRINTING), { once: true });
  window.print();
}
