/**
 * Prints a desk number's ticket (docs/decisions/068) in one tap: asks the server for it (a new token; a
 * reprint voids the one before), lays the sheet into the page and opens the browser's print dialog. A
 * chunk of its own, loaded on the first print: the staff screens' first load carries neither it nor the
 * QR code library. With Chromium's --kiosk-printing the dialog is skipped and the receipt printer prints
 * at once (README, "Printed tickets").
 */
import './ticket.css';
import { callFn } from '../../api/fn.js';
import type { TicketPrint } from '../../../shared/schemas/ticket.js';
import { ticketSheet } from './sheet.js';

/** Paper → the `@page` size: receipt rolls are cut after the ticket, so their length is the ticket's. */
const PAGE_SIZE = { '58': '58mm 130mm', '80': '80mm 150mm', A6: 'A6' } as const;

const PRINTING = 'printing-ticket';

export async function printTicket(slotId: string): Promise<void> {
  printSheet(await callFn('issueTicket', { slotId }));
}

/** Lays a ticket the server issued into the page and prints it (the entrance kiosk prints its own this way). */
export function printSheet(print: TicketPrint): void {
  const doc = document;
  // One ticket in the page at a time: the last one printed stays until the next (hidden on screen).
  doc.querySelectorAll('.ticket-print').forEach((el) => el.remove());
  const holder = doc.createElement('div');
  holder.className = 'ticket-print';
  holder.append(ticketSheet(doc, print, window.location.origin));
  // A constructed style sheet, not a <style> element: the CSP (style-src 'self') refuses inline styles.
  const page = new CSSStyleSheet();
  page.replaceSync(`@page { size: ${PAGE_SIZE[print.paper]}; margin: 0; }`);
  doc.adoptedStyleSheets = [...doc.adoptedStyleSheets.filter((s) => !pageSheets.has(s)), page];
  pageSheets.add(page);
  doc.body.append(holder);
  doc.documentElement.classList.add(PRINTING);
  // The staff screen's own printing (the check-in sheet) gets its page size back once this is printed.
  window.addEventListener(
    'afterprint',
    () => {
      doc.documentElement.classList.remove(PRINTING);
      doc.adoptedStyleSheets = doc.adoptedStyleSheets.filter((s) => s !== page);
    },
    { once: true },
  );
  window.print();
}

/** The page-size sheets this module added, so a new ticket replaces the last one's. */
const pageSheets = new WeakSet<CSSStyleSheet>();
