/**
 * The printed ticket of a desk number (docs/decisions/068) as DOM: built with textContent and one SVG path,
 * so no string from the server or the clinic's sentence is ever read as markup. Sized by the clinic's paper
 * through CSS `@page` (ticket.css): 58 mm and 80 mm receipt rolls, or A6 on an ordinary printer.
 */
import type { TicketPrint } from '../../../shared/schemas/ticket.js';
import { label } from '../../../shared/labels/text.js';
import { ticketLabels, type TicketKey } from '../../../shared/labels/ticket.js';
import { qrPath } from '../arrival/qr-path.js';

const SVG = 'http://www.w3.org/2000/svg';
const tj = (key: TicketKey, params?: Record<string, string | number>) => label(ticketLabels, 'ja', key, params);

const when = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** The ticket's own page: the token rides in the fragment, which no request carries (docs/api.md). */
export const ticketUrl = (origin: string, token: string) => `${origin}/web/ticket#t=${token}`;

function line(doc: Document, className: string, text: string): HTMLElement {
  const p = doc.createElement('p');
  p.className = className;
  p.textContent = text;
  return p;
}

export function ticketSheet(doc: Document, print: TicketPrint, origin: string): HTMLElement {
  const sheet = doc.createElement('div');
  sheet.className = `ticket-sheet ticket-paper-${print.paper}`;
  sheet.append(line(doc, 'ticket-clinic', print.clinicName), line(doc, 'ticket-label', tj('ticket.print.number')));
  if (print.queueName) sheet.append(line(doc, 'ticket-queue', print.queueName));
  sheet.append(
    line(doc, 'ticket-number', String(print.reservationNumber)),
    line(doc, 'ticket-fact', tj('ticket.print.takenAt', { time: when.format(new Date(print.takenAt)) })),
    line(doc, 'ticket-fact', print.ahead === null ? tj('ticket.print.aheadHeld') : tj('ticket.print.ahead', { n: print.ahead })),
  );
  if (print.note) sheet.append(line(doc, 'ticket-note', print.note));
  const { size, path } = qrPath(ticketUrl(origin, print.token));
  const svg = doc.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'ticket-qr');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', tj('ticket.print.scan'));
  const rect = doc.createElementNS(SVG, 'rect');
  rect.setAttribute('width', String(size));
  rect.setAttribute('height', String(size));
  rect.setAttribute('fill', '#fff');
  const dark = doc.createElementNS(SVG, 'path');
  dark.setAttribute('d', path);
  dark.setAttribute('fill', '#000');
  svg.append(rect, dark);
  sheet.append(svg, line(doc, 'ticket-scan', tj('ticket.print.scan')));
  return sheet;
}
