/**
 * The call to the clinic's network receipt printer (docs/decisions/074): one POST of an ePOS-Print SOAP
 * envelope to the printer's service.cgi, through fetchBounded (the timeout aborts the request itself, no
 * redirect is followed, the answer's size is capped). A printer prints one ticket at a time, so a few sends
 * at once are plenty: past the limit a send is not tried and says busy, rather than a queue of waits piling
 * up behind a printer that has gone quiet. The body carries a ticket's token in its QR code: it is never
 * logged, here or by the caller (only the outcome is).
 */
import { BodyTooLargeError, fetchBounded, NoAnswerError } from './bounded-fetch.js';
import { printerServiceUrl, readPrinterAnswer, type PrinterOutcome } from '../domain/ticket/printer.js';
import { soapEnvelope } from '../domain/ticket/epos-xml.js';

export interface TicketPrinter {
  /** Sends one `<epos-print>` document to the printer at `base` (an origin from decidePrinterAddress). */
  send(base: string, eposPrint: string): Promise<PrinterOutcome>;
}

export interface TicketPrinterOptions {
  /** How long the whole request may take; the printer is asked to give up on its mechanism a second sooner. */
  timeoutMs: number;
  /** Sends at once across the process, beyond which a send answers busy. */
  maxConcurrent: number;
}

export function ticketPrinter({ timeoutMs, maxConcurrent }: TicketPrinterOptions): TicketPrinter {
  let inFlight = 0;
  // The printer's own wait ends before ours, so a printer that is merely slow answers with its code.
  const printerWaitMs = Math.max(1000, timeoutMs - 1000);
  return {
    async send(base, eposPrint) {
      if (inFlight >= maxConcurrent) return { kind: 'busy' };
      inFlight++;
      try {
        const answer = await fetchBounded(
          printerServiceUrl(base, printerWaitMs),
          {
            method: 'POST',
            // As Epson's manual sends it: SOAP 1.1, and no cache in between.
            headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""', 'if-modified-since': 'Thu, 01 Jan 1970 00:00:00 GMT' },
            body: soapEnvelope(eposPrint),
          },
          timeoutMs,
        );
        return readPrinterAnswer(answer.status, answer.body);
      } catch (err) {
        if (err instanceof NoAnswerError) return { kind: 'noAnswer', timeoutMs };
        // Not a printer's answer (an ePOS-Print answer is a few hundred bytes): something else at that address.
        if (err instanceof BodyTooLargeError) return { kind: 'refused', code: 'answer too large' };
        return { kind: 'unreachable' };
      } finally {
        inFlight--;
      }
    },
  };
}
