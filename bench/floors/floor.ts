/**
 * The FLOOR (issue 7): a bare node:http server answering the bench's requests from memory, with no store,
 * no validation library and no token library. Whatever the product costs above this is ours; what this
 * costs is the machine, the kernel and the load generator. Run as its own process, like the product:
 * `node --import tsx bench/floors/floor.ts` with PORT (and HOST) in the environment.
 *
 * - POST /api/fn/exchangePwaInstallation → a random token remembered in a Map
 * - POST /api/fn/allocateNextSlot → numbers 1..200 once each, then 429 RESOURCE_EXHAUSTED
 * - GET  /api/live/queue → SSE: the current frame on connect, then every change (`?queues=3`: the same 200
 *   numbers over three queues, each queue's rows under its id: what a minimal server sends for the same rows)
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
/** Viewers of the one-queue frame [0] and of the three-queue one [1]. */
const viewers = [new Set<ServerResponse>(), new Set<ServerResponse>()];

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
/**
 * Three queues as bench/fanout.ts takes them: the i-th number in queue i mod 3 (numbers from 1, 501 and 1001),
 * held: the 100th taken (the product's bench holds that one). The queue is said once per queue, not per row.
 */
function payloadByQueue(held: boolean): string {
  const queues = [{ id: 'main', next: 1 }, { id: 'q2', next: 501 }, { id: 'q3', next: 1001 }].map((q) => ({ ...q, rows: [] as { reservationNumber: number; ahead?: number; hold?: true }[] }));
  for (let i = 1; i <= SLOTS; i++) {
    const q = queues[i % 3];
    q.rows.push({ reservationNumber: q.next++, ...(held && i === SLOTS / 2 ? { hold: true as const } : {}) });
  }
  for (const q of queues) {
    const heldRows = q.rows.filter((row) => row.hold);
    q.rows = [...q.rows.filter((row) => !row.hold), ...heldRows];
    q.rows.forEach((row, ahead) => {
      if (!row.hold) row.ahead = ahead;
    });
  }
  const body = queues.map(({ id, rows }) => ({ id, rows }));
  return JSON.stringify({ runtime: { inhouseOn: true, onlineOn: true, currentWaitCount: held ? SLOTS - 1 : SLOTS }, queues: body, version: 0 });
}
const payloads = [
  [payload(false), payload(true)],
  [payloadByQueue(false), payloadByQueue(true)],
];
let held = 0;
const frame = (shape: number) => `id: ${version}\nevent: queue\ndata: ${payloads[shape][held]}\n\n`;
let current = [frame(0), frame(1)];

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
  if (req.method === 'GET' && (url === '/api/live/queue' || url === '/api/live/queue?queues=3')) {
    const shape = url.endsWith('?queues=3') ? 1 : 0;
    res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive' });
    res.write('retry: 3000\n\n');
    res.write(current[shape]);
    viewers[shape].add(res);
    res.on('close', () => viewers[shape].delete(res));
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
      current = [frame(0), frame(1)];
      viewers.forEach((set, shape) => set.forEach((viewer) => viewer.write(current[shape])));
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
  for (const set of viewers) for (const viewer of set) viewer.end();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
