/**
 * The printed ticket (docs/decisions/068) as Epson ePOS-Print XML (decision 074): the same lines as the
 * browser's sheet (client/admin/ticket/sheet.ts) in the printer's own elements — text, its size, a QR code
 * drawn by the printer, a feed and a cut. Pure: no store, no network. Every value is XML-escaped, so a
 * clinic's sentence or a queue's name cannot add an element. The QR code's URL carries the ticket's token:
 * this document is sent to the printer and never logged.
 */
import type { TicketPrint } from '../../../shared/schemas/ticket.js';
import { label } from '../../../shared/labels/text.js';
import { ticketLabels, type TicketKey } from '../../../shared/labels/ticket.js';

/** The namespace the printer checks: ePOS-Print's schema of 2011/03, the one every TM model with ePOS-Print reads. */
export const EPOS_PRINT_NS = 'http://www.epson-pos.com/schemas/2011/03/epos-print';
export const SOAP_NS = 'http://schemas.xmlsoap.org/soap/envelope/';

const tj = (key: TicketKey, params?: Record<string, string | number>) => label(ticketLabels, 'ja', key, params);
const when = new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Text as XML character data or an attribute's value; control characters (none is printable) are dropped. */
export function xmlText(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '').replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** The ticket's own page: the token in the fragment, as on the browser's sheet (docs/api.md). */
export const ticketPageUrl = (origin: string, token: string) => `${origin}/web/ticket#t=${token}`;

/** One line of text at a size (1–8 times the font's width and height), ended by a line feed. */
function line(text: string, size = 1): string {
  return `<text width="${size}" height="${size}">${xmlText(text)}&#10;</text>`;
}

/**
 * The `<epos-print>` document of one ticket: what the sheet shows, centred, the number at 4× (three digits
 * fit a 58 mm roll), the QR code's modules 4 dots wide on 58 mm and 6 on 80 mm (A6 is an office printer's,
 * so it is printed as 80 mm here), then the paper fed to the cutter and cut.
 */
export function eposTicketXml(print: Omit<TicketPrint, 'printer' | 'reprint'>, origin: string): string {
  const parts = [
    `<epos-print xmlns="${EPOS_PRINT_NS}">`,
    '<text lang="ja"/>',
    '<text align="center"/>',
    line(print.clinicName, 2),
    '<feed line="1"/>',
    line(tj('ticket.print.number')),
  ];
  if (print.queueName) parts.push(line(print.queueName, 2));
  parts.push(
    '<text em="true"/>',
    line(String(print.reservationNumber), 4),
    '<text em="false"/>',
    '<feed line="1"/>',
    line(tj('ticket.print.takenAt', { time: when.format(new Date(print.takenAt)) })),
    line(print.ahead === null ? tj('ticket.print.aheadHeld') : tj('ticket.print.ahead', { n: print.ahead })),
  );
  if (print.note) parts.push('<feed line="1"/>', line(print.note));
  const module = print.paper === '58' ? 4 : 6;
  parts.push(
    '<feed line="1"/>',
    `<symbol type="qrcode_model_2" level="level_m" width="${module}">${xmlText(ticketPageUrl(origin, print.token))}</symbol>`,
    '<feed line="1"/>',
    line(tj('ticket.print.scan')),
    '<cut type="feed"/>',
    '</epos-print>',
  );
  return parts.join('');
}

/** The SOAP envelope ePOS-Print's service.cgi takes, around one `<epos-print>` document. */
export function soapEnvelope(eposPrint: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${SOAP_NS}"><s:Body>${eposPrint}</s:Body></s:Envelope>`;
}
