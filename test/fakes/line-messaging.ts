/**
 * A local fake of LINE's Messaging API edge: push (with X-Line-Retry-Key semantics: an accepted key is
 * delivered once, a repeat gets 409) and the quota endpoints. Tests script failures and hangs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DoctorEdge, doctorEdge } from './line-doctor-edge.js';

export interface PushRecord {
  to: string;
  text: string;
  retryKey: string | undefined;
  answered: number | 'hung' | 'stalled';
  /** The connection it came on was closed (by the sender, for a request never answered). */
  closed: boolean;
}

export interface FakeLineMessaging {
  url: string;
  /** Every push request as it arrived. */
  requests: PushRecord[];
  /** Messages LINE would actually have delivered (one per accepted retry key). */
  delivered: PushRecord[];
  /**
   * Answer the next pushes with these: 500, 429, 3xx (Location: another path here), 'hang' (accept and
   * never answer), 'stall' (answer 500 but never finish the body).
   */
  script: (number | 'hang' | 'stall')[];
  unexpected: string[];
  quota: { type: 'limited' | 'none'; value?: number; totalUsage: number };
  /** The endpoints `npm run doctor` asks (line-doctor-edge.ts). */
  doctor: DoctorEdge;
  close(): Promise<void>;
}

export async function startFakeLineMessaging(): Promise<FakeLineMessaging> {
  const accepted = new Set<string>();
  const hung: ServerResponse[] = [];
  const fake: Omit<FakeLineMessaging, 'url' | 'close'> = {
    requests: [],
    delivered: [],
    script: [],
    unexpected: [],
    quota: { type: 'limited', value: 200, totalUsage: 0 },
    doctor: doctorEdge(),
  };

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    let raw = '';
    for await (const chunk of req) raw += chunk;
    if (fake.doctor.handle(req, res, raw, hung)) return;
    if (req.method === 'POST' && req.url === '/v2/bot/message/push') {
      const body = JSON.parse(raw) as { to: string; messages: { type: string; text: string }[] };
      const retryKey = req.headers['x-line-retry-key'] as string | undefined;
      const record: PushRecord = { to: body.to, text: body.messages[0]?.text ?? '', retryKey, answered: 200, closed: false };
      fake.requests.push(record);
      req.socket.once('close', () => (record.closed = true));
      const step = fake.script.shift();
      if (step === 'stall') {
        record.answered = 'stalled';
        hung.push(res);
        return void res.writeHead(500, { 'content-length': '100' }).write('{"message":');
      }
      if (typeof step === 'number' && step >= 300 && step < 400) {
        return void res.writeHead((record.answered = step), { location: `${url}/v2/bot/message/redirected` }).end();
      }
      if (typeof step === 'number' && step >= 500) return json(res, (record.answered = step), { message: 'fail' });
      if (step === 429) return json(res, (record.answered = 429), { message: 'rate limit' });
      if (retryKey && accepted.has(retryKey)) return json(res, (record.answered = 409), { message: 'duplicate' });
      if (retryKey) accepted.add(retryKey);
      fake.delivered.push(record);
      if (step === 'hang') {
        record.answered = 'hung';
        hung.push(res);
        return;
      }
      return json(res, 200, { sentMessages: [{ id: String(fake.delivered.length) }] });
    }
    if (req.method === 'GET' && req.url === '/v2/bot/message/quota') {
      return json(res, 200, { type: fake.quota.type, value: fake.quota.value });
    }
    if (req.method === 'GET' && req.url === '/v2/bot/message/quota/consumption') {
      return json(res, 200, { totalUsage: fake.quota.totalUsage });
    }
    fake.unexpected.push(`${req.method} ${req.url}`);
    json(res, 599, { message: 'unexpected' });
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  return Object.assign(fake, {
    url,
    async close() {
      hung.forEach((res) => res.destroy());
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
}
