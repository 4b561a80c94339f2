/**
 * The ticket's network receipt printer (docs/decisions/074), the rule: which addresses staff may set (a
 * printer on the clinic's LAN, so the setting cannot aim the server's POST at the internet), what the
 * printer's ePOS-Print answer says, and the catalogue's refusal for each way a send fails.
 */
import { AppError } from '../../errors.js';
import { staffLabels } from '../../../shared/labels/staff.js';
import { label } from '../../../shared/labels/text.js';

/** Host names a LAN's printer answers to: one label (TM-m30), or mDNS and home-network suffixes. */
const LAN_NAME = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;
const LAN_SUFFIX = /(^[^.]+$)|\.(local|lan|home\.arpa|internal)$/;

function lanIPv4(host: string): boolean {
  const m = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (!m) return false;
  const [a, b] = [Number(m[1]), Number(m[2])];
  return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

function lanIPv6(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '');
  return h === '::1' || /^f[cd][0-9a-f]{2}:/.test(h) || /^fe[89ab][0-9a-f]:/.test(h);
}

/**
 * The printer's base address from what staff typed: '' is none (the browser prints, as before); else an
 * http(s) URL or host[:port] naming a LAN host (private or loopback IPv4, unique-local or link-local IPv6,
 * a one-label or .local/.lan/.home.arpa/.internal name) with no path, query or credentials — the service's
 * path is ePOS-Print's own. Answers the origin (scheme, host, port), or refuses with error.printerAddress.
 */
export function decidePrinterAddress(typed: string): string | null {
  const text = typed.trim();
  if (text === '') return null;
  const refuse = () => new AppError('INVALID_ARGUMENT', 'error.printerAddress');
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `http://${text}`);
  } catch {
    throw refuse();
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw refuse();
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) throw refuse();
  const host = url.hostname.toLowerCase();
  const lan = lanIPv4(host) || lanIPv6(host) || (!/^[\d.]+$/.test(host) && LAN_NAME.test(host) && LAN_SUFFIX.test(host));
  if (!lan) throw refuse();
  return url.origin;
}

/** How long the printer itself may wait for its print mechanism, in the request's `timeout` (ms). */
export const printerServiceUrl = (base: string, timeoutMs: number) => `${base}/cgi-bin/epos/service.cgi?devid=local_printer&timeout=${timeoutMs}`;

/** What one send came to. */
export type PrinterOutcome =
  | { kind: 'sent' }
  /** The printer answered and did not print: its ePOS code (EPTR_REC_EMPTY, EPTR_COVER_OPEN…) or the HTTP status. */
  | { kind: 'refused'; code: string }
  /** Nothing came back in time: the request was aborted. */
  | { kind: 'noAnswer'; timeoutMs: number }
  /** No connection (refused, no route, a name that does not resolve). */
  | { kind: 'unreachable' }
  /** Too many sends at once already: this one was not tried. */
  | { kind: 'busy' };

/**
 * The printer's answer: `<response success="true|false" code="…" status="…"/>` in a SOAP body. Anything
 * else — another status, no response element — is a refusal named by what came, never a print.
 */
export function readPrinterAnswer(status: number, body: string): PrinterOutcome {
  if (status < 200 || status >= 300) return { kind: 'refused', code: `HTTP ${status}` };
  const response = /<(?:[A-Za-z][\w-]*:)?response\b([^>]*)>/.exec(body);
  if (!response) return { kind: 'refused', code: 'no ePOS-Print response' };
  const attr = (name: string) => new RegExp(`\\b${name}\\s*=\\s*["']([^"']*)["']`).exec(response[1]!)?.[1];
  if (attr('success') === 'true') return { kind: 'sent' };
  // The code goes into a staff message and a log line: only the characters a code is made of.
  const code = (attr('code') ?? '').replace(/[^A-Za-z0-9_]/g, '').slice(0, 40);
  return { kind: 'refused', code: code || 'unknown' };
}

/** The printer's codes the catalogue words (staff-paper.ts), so the desk reads what to do rather than a code. */
const CAUSES = ['EPTR_REC_EMPTY', 'EPTR_COVER_OPEN', 'EPTR_CUTTER', 'EPTR_MECHANICAL', 'EPTR_AUTOMATICAL', 'EPTR_UNRECOVERABLE', 'DeviceNotFound', 'SchemaError'] as const;

function causeOf(code: string): string {
  const known = (CAUSES as readonly string[]).includes(code) ? (`printer.cause.${code}` as `printer.cause.${(typeof CAUSES)[number]}`) : null;
  return known ? `${label(staffLabels, 'ja', known)}、${code}` : code;
}

/** The refusal the staff screen and the kiosk show for a send that did not print. */
export function printerRefusal(outcome: Exclude<PrinterOutcome, { kind: 'sent' }>): AppError {
  switch (outcome.kind) {
    case 'refused':
      return new AppError('UNAVAILABLE', 'error.printerRefused', { cause: causeOf(outcome.code) });
    case 'noAnswer':
      return new AppError('UNAVAILABLE', 'error.printerNoAnswer', { seconds: Math.ceil(outcome.timeoutMs / 1000) });
    case 'unreachable':
      return new AppError('UNAVAILABLE', 'error.printerUnreachable');
    case 'busy':
      return new AppError('UNAVAILABLE', 'error.printerBusy');
  }
}

/** Whether a refusal is one of the printer's (the kiosk and the desk then print through the browser). */
export function isPrinterRefusal(err: unknown): err is AppError {
  return err instanceof AppError && err.messageKey.startsWith('error.printer') && err.messageKey !== 'error.printerAddress';
}
