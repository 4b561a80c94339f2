/**
 * A local fake of an Epson TM printer's ePOS-Print service (decision 074), as Epson's ePOS-Print XML manual
 * documents it: POST /cgi-bin/epos/service.cgi?devid=local_printer&timeout=<ms> with a SOAP 1.1 envelope
 * (text/xml) whose body holds one <epos-print> in the 2011/03 namespace; the answer is a SOAP envelope
 * holding <response success="true|false" code="…" status="…"/>. A request that is not that — another path
 * or device id, no envelope, another namespace — is answered as the printer answers a schema error, and
 * recorded as refused. Tests script a refusal with the printer's code, or a hang (never answering).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

const SOAP = 'http://schemas.xmlsoap.org/soap/envelope/';
const EPOS = 'http://www.epson-pos.com/schemas/2011/03/epos-print';

export interface PrintJob {
  /** The `<epos-print>…</epos-print>` document as it came. */
  document: string;
  /** The `timeout` the request asked the printer to wait for its mechanism (ms). */
  printerTimeout: number;
  /** Each <text> element's characters, XML entities read back (&#10; as a line feed). */
  texts: string[];
  /** The <symbol type="qrcode_model_2"> element's data, entities read back. */
  qr: string | null;
  cut: boolean;
  answered: 'printed' | string | 'hang';
  /** The connection was closed by the sender (a request never answered was aborted). */
  closed: boolean;
}

export interface FakeEposPrinter {
  /** The printer's base address, as staff would type it (http://127.0.0.1:<port>). */
  url: string;
  /** Every request that reached the service, in order. */
  jobs: PrintJob[];
  /** Printed ones only: what the paper would show. */
  printed: PrintJob[];
  /** Answer the next jobs with these: an ePOS code (success="false", e.g. EPTR_REC_EMPTY) or 'hang'. */
  script: (string | 'hang')[];
  close(): Promise<void>;
}

const unescape = (text: string) =>
  text.replace(/&#(\d+);|&(amp|lt|gt|quot|apos);/g, (_, code: string | undefined, name: string | undefined) =>
    code ? String.fromCharCode(Number(code)) : ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" } as Record<string, string>)[name!]!,
  );

/** The documented answer: a SOAP envelope with one response element. */
function answer(res: ServerResponse, success: boolean, code: string) {
  res.writeHead(200, { 'content-type': 'text/xml; charset=utf-8' });
  res.end(`<?xml version="1.0" encoding="utf-8"?><s:Envelope xmlns:s="${SOAP}"><s:Body><response success="${success}" code="${code}" status="${success ? 251658262 : 2}" battery="0" xmlns="${EPOS}"/></s:Body></s:Envelope>`);
}

/** The <epos-print> document inside a SOAP envelope's body, or null when the request is not one. */
function eposDocument(body: string): string | null {
  const envelope = /^<\?xml[^>]*\?>\s*<(\w+):Envelope\s+xmlns:\1="([^"]+)"\s*>\s*<\1:Body>([\s\S]*)<\/\1:Body>\s*<\/\1:Envelope>\s*$/.exec(body);
  if (!envelope || envelope[2] !== SOAP) return null;
  const inner = envelope[3]!.trim();
  const open = /^<epos-print\s+xmlns="([^"]+)"\s*>/.exec(inner);
  if (!open || open[1] !== EPOS || !inner.endsWith('</epos-print>')) return null;
  return inner;
}

export async function startFakeEposPrinter(): Promise<FakeEposPrinter> {
  const sockets = new Set<Socket>();
  const fake: FakeEposPrinter = {
    url: '',
    jobs: [],
    printed: [],
    script: [],
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://printer');
      if (req.method !== 'POST' || url.pathname !== '/cgi-bin/epos/service.cgi') {
        res.writeHead(404);
        return res.end('Not Found');
      }
      const document = /^text\/xml\b/.test(req.headers['content-type'] ?? '') ? eposDocument(Buffer.concat(chunks).toString('utf8')) : null;
      // The printer's own answers to a request it cannot take: a device id it does not have, a body it cannot read.
      if (url.searchParams.get('devid') !== 'local_printer') return answer(res, false, 'DeviceNotFound');
      if (!document) return answer(res, false, 'SchemaError');
      const step = fake.script.shift() ?? 'printed';
      const qr = /<symbol type="qrcode_model_2"[^>]*>([^<]*)<\/symbol>/.exec(document);
      const job: PrintJob = {
        document,
        printerTimeout: Number(url.searchParams.get('timeout')),
        texts: [...document.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => unescape(m[1]!)),
        qr: qr ? unescape(qr[1]!) : null,
        cut: /<cut type="feed"\/>/.test(document),
        answered: step,
        closed: false,
      };
      fake.jobs.push(job);
      req.socket.once('close', () => (job.closed = true));
      if (step === 'hang') return;
      if (step !== 'printed') return answer(res, false, step);
      fake.printed.push(job);
      answer(res, true, '');
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}
