/**
 * The FLOOR (issue 7): a bare node:http server answering the bench's requests from memory, with no store,
 * no validation library and no token library. Whatever the product costs above this is ours; what this
 * costs is the machine, the kernel and the load generator. Run as its own process, like the product:
 * `node --import tsx bench/floors/floor.ts` with PORT (and HOST) in the environment.
 *
 * - POST /api/fn/exchangePwaInstallation → a random token remembered in a Map
 * - POST /api/fn/allocateNextSlot → numbers 1..200 once each, then 429 RESOURCE_EXHAUSTED
 * - GET  /api/live/queue → SSE: the current frame on connect, then every change
 * - POST /api/fn/markSlot → a change: one pre-serialised frame written to every viewer
 * - POST /bench/reset → a new session (fresh numbers and tokens) between repetitions
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

const SLOTS = 200;
const tokens = new Map<string, string>();
const holders = new Set<string>();
let next = 1;
let version = 1;
const viewers = new Set<ServerResponse>();

/**
 * The queue stream's payload for a full session (200 waiting), in the product's shape, both hold states. Rows
 * leave their defaults out as the product's do (`hold` false, `ahead` null; decision 062), so the floor writes
 * no more bytes per viewer than the product and the fan-out compares like with like.
 */
function payload(held: boolean): string {
  const rows: { reservationNumber: number; ahead?: number; hold?: true }[] = Array.from({ length: SLOTS }, (_, i) => ({ reservationNumber: i + 1 }));
  if (held) rows.push({ ...rows.splice(99, 1)[0], hold: true });
  let ahead = 0;
  for (const row of rows) if (!row.hold) row.ahead = ahead++;
  return JSON.stringify({ runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: held ? SLOTS - 1 : SLOTS }, queue: rows, version: 0 });
}
const payloads = [payload(false), payload(true)];
let held = 0;
const frame = () => `id: ${version}\nevent: queue\ndata: ${payloads[held]}\n\n`;
let current = frame();

function json(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (text += c));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

async function handle(req: IncomingMessage, res: ServerResponse) {
  const url = req.url ?? '/';
  if (req.method === 'GET' && url === '/healthz') return json(res, 200, '{"status":"ok","store":"memory"}');
  if (req.method === 'GET' && url === '/api/live/queue') {
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive' });
    res.write('retry: 3000\n\n');
    res.write(current);
    viewers.add(res);
    res.on('close', () => viewers.delete(res));
    return;
  }
  if (req.method !== 'POST') return json(res, 404, '{"error":{"status":"NOT_FOUND","message":"-"}}');
  const text = await readBody(req);
  // The same work every product request starts with: the body is JSON.
  const body = JSON.parse(text || '{}') as { data?: { installId?: string } };
  switch (url) {
    case '/api/fn/exchangePwaInstallation': {
      const uid = `PWA_${body.data?.installId ?? randomUUID()}`;
      const token = randomBytes(24).toString('base64url');
      tokens.set(token, uid);
      return json(res, 200, JSON.stringify({ result: { customToken: token, uid } }));
    }
    case '/api/fn/allocateNextSlot': {
      const uid = tokens.get((req.headers.authorization ?? '').slice(7));
      if (!uid) return json(res, 401, '{"error":{"status":"UNAUTHENTICATED","message":"-"}}');
      if (holders.has(uid)) return json(res, 409, '{"error":{"status":"ALREADY_EXISTS","message":"-"}}');
      if (next > SLOTS) return json(res, 429, '{"error":{"status":"RESOURCE_EXHAUSTED","message":"受付可能な番号がありません"}}');
      holders.add(uid);
      const number = next++;
      return json(res, 200, JSON.stringify({ result: { ok: true, slotId: randomUUID(), reservationNumber: number } }));
    }
    case '/api/fn/markSlot': {
      version++;
      held = 1 - held;
      current = frame();
      for (const viewer of viewers) viewer.write(current);
      return json(res, 200, '{"result":{"ok":true}}');
    }
    case '/bench/reset':
      tokens.clear();
      holders.clear();
      next = 1;
      return json(res, 200, '{"result":{"ok":true}}');
    default:
      return json(res, 404, '{"error":{"status":"NOT_FOUND","message":"-"}}');
  }
}

const server = createServer((req, res) => {
  handle(req, res).catch(() => json(res, 500, '{"error":{"status":"INTERNAL","message":"-"}}'));
});
server.listen(Number(process.env.PORT ?? 0), process.env.HOST ?? '127.0.0.1');
const stop = () => {
  for (const viewer of viewers) viewer.end();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
