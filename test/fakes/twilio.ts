/**
 * A local fake of Twilio's Messages API edge (decision 070): POST /2010-04-01/Accounts/{sid}/Messages.json
 * (form-encoded To/From/Body, HTTP Basic auth) answers 201 with a message resource, and GET
 * …/Messages/{MessageSid}.json answers the price once set. Tests script errors and hangs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';

export interface SmsRecord {
  accountSid: string;
  /** The Basic credentials as sent, "SID:token". */
  credentials: string;
  to: string;
  from: string;
  body: string;
  answered: number | 'hang';
  /** The connection was closed by the sender (the request never answered was aborted). */
  closed: boolean;
}

export interface FakeTwilio {
  url: string;
  requests: SmsRecord[];
  /** Accepted messages: the ones a patient's phone would get. */
  delivered: (SmsRecord & { sid: string })[];
  /** Answer the next sends with these: a status (4xx/5xx, with Twilio's error body) or 'hang' (never answer). */
  script: (number | 'hang')[];
  /** The price the create answer carries (Twilio's is usually null) and the one a later GET reports. */
  createPrice: string | null;
  laterPrice: string | null;
  priceReads: number;
  close(): Promise<void>;
}

const SEND = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\.json$/;
const READ = /^\/2010-04-01\/Accounts\/(AC[0-9a-f]{32})\/Messages\/(SM[0-9a-f]{32})\.json$/;

export async function startFakeTwilio(): Promise<FakeTwilio> {
  const sockets = new Set<import('node:net').Socket>();
  const fake: FakeTwilio = {
    url: '',
    requests: [],
    delivered: [],
    script: [],
    createPrice: null,
    laterPrice: null,
    priceReads: 0,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      const credentials = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString();
      const read = READ.exec(path);
      if (req.method === 'GET' && read) {
        fake.priceReads++;
        return json(res, 200, { sid: read[2], status: 'delivered', price: fake.laterPrice, price_unit: fake.laterPrice === null ? null : 'USD' });
      }
      const send = SEND.exec(path);
      if (req.method !== 'POST' || !send) return json(res, 404, { code: 20404, message: 'not found', status: 404 });
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const step = fake.script.shift() ?? 201;
      const record: SmsRecord = {
        accountSid: send[1],
        credentials,
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
        answered: step,
        closed: false,
      };
      fake.requests.push(record);
      req.socket.once('close', () => (record.closed = true));
      if (step === 'hang') return;
      if (step !== 201) {
        // Twilio's error text quotes the number: the sender must never record it.
        return json(res, step, { code: step === 400 ? 21211 : 20500, message: `The 'To' number ${record.to} is not valid.`, status: step });
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      fake.delivered.push({ ...record, sid });
      json(res, 201, { sid, to: record.to, from: record.from, body: record.body, status: 'queued', price: fake.createPrice, price_unit: 'USD' });
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
