/**
 * A local fake of LINE's Messaging API edge: push (with X-Line-Retry-Key semantics: an accepted key is
 * delivered once, a repeat gets 409), the quota endpoints, rich menus (the data host's image upload
 * included: point LINE_API_DATA_BASE_URL at the same url) and chat replies (line-chat.ts). Tests script
 * failures and hangs.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type DoctorEdge, doctorEdge } from './line-doctor-edge.js';
import { randomBytes } from 'node:crypto';
import { flood } from './flood.js';
import { type ReplyEdge, replyEdge } from './line-chat.js';
import { type FakeNotifier, fakeNotifier } from './line-notifier.js';

export interface PushRecord {
  to: string;
  text: string;
  retryKey: string | undefined;
  answered: number | 'hung' | 'stalled' | 'flooded';
  /** The channel access token it was sent with (each clinic has its own channel). */
  token: string;
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
   * never answer), 'stall' (answer 500 but never finish the body), 'huge' (accept, answer 200 with a
   * 10 MiB body), 'endless' (accept, answer 200 with a body that never ends).
   */
  script: (number | 'hang' | 'stall' | 'huge' | 'endless')[];
  unexpected: string[];
  quota: { type: 'limited' | 'none'; value?: number; totalUsage: number };
  /** When set, the quota endpoints answer this status, or accept and never answer ('hang'). */
  quotaAnswer: number | 'hang' | null;
  /** Holds every push from now on (recorded, unanswered) until the returned function is called. */
  pause(): () => void;
  /** Channel access tokens whose pushes are accepted and never answered: one clinic's channel gone silent. */
  silentTokens: Set<string>;
  /** The endpoints `npm run doctor` asks (line-doctor-edge.ts). */
  doctor: DoctorEdge;
  richMenus: RichMenuState;
  /** Reply messages to webhook events (`POST /v2/bot/message/reply`). */
  chat: ReplyEdge;
  /** The LINE MINI App channel: its token, service notification tokens and service messages (line-notifier.ts). */
  notifier: FakeNotifier;
  close(): Promise<void>;
}

export async function startFakeLineMessaging(): Promise<FakeLineMessaging> {
  const accepted = new Set<string>();
  const hung: ServerResponse[] = [];
  let paused: Promise<void> | null = null;
  const fake: Omit<FakeLineMessaging, 'url' | 'close'> = {
    quotaAnswer: null,
    silentTokens: new Set(),
    pause() {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      paused = gate;
      return () => {
        if (paused === gate) paused = null;
        release();
      };
    },
    requests: [],
    delivered: [],
    script: [],
    unexpected: [],
    quota: { type: 'limited', value: 200, totalUsage: 0 },
    doctor: doctorEdge(),
    richMenus: { menus: new Map(), defaultId: null, calls: [], script: {}, token: 'fake-channel-token' },
    chat: replyEdge(),
    notifier: fakeNotifier(),
  };

  const json = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString();
    if (!fake.doctor.hang && !fake.doctor.flood && fake.notifier.handle(req, res, raw, hung)) return;
    if (fake.doctor.handle(req, res, raw, hung)) return;
    if (fake.chat.handle(req, res, raw, hung)) return;
    if (req.method === 'POST' && req.url === '/v2/bot/message/push') {
      const body = JSON.parse(raw) as { to: string; messages: { type: string; text: string }[] };
      const retryKey = req.headers['x-line-retry-key'] as string | undefined;
      const token = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      const record: PushRecord = { to: body.to, text: body.messages[0]?.text ?? '', retryKey, answered: 200, closed: false, token };
      fake.requests.push(record);
      req.socket.once('close', () => (record.closed = true));
      if (fake.silentTokens.has(token)) {
        record.answered = 'hung';
        return void hung.push(res);
      }
      if (paused) await paused;
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
      if (step === 'huge' || step === 'endless') {
        record.answered = 'flooded';
        return flood(res, 200, step === 'huge' ? 10 * 1024 * 1024 : undefined);
      }
      if (step === 'hang') {
        record.answered = 'hung';
        hung.push(res);
        return;
      }
      return json(res, 200, { sentMessages: [{ id: String(fake.delivered.length) }] });
    }
    if (req.method === 'GET' && req.url?.startsWith('/v2/bot/message/quota') && fake.quotaAnswer !== null) {
      if (fake.quotaAnswer === 'hang') return void hung.push(res);
      return json(res, fake.quotaAnswer, { message: 'scripted' });
    }
    if (req.method === 'GET' && req.url === '/v2/bot/message/quota') {
      return json(res, 200, { type: fake.quota.type, value: fake.quota.value });
    }
    if (req.method === 'GET' && req.url === '/v2/bot/message/quota/consumption') {
      return json(res, 200, { totalUsage: fake.quota.totalUsage });
    }
    if (await handleRichMenu(fake.richMenus, req, res, Buffer.concat(chunks), hung)) return;
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

// ---- Rich menus (npm run line:richmenu) ----

export interface FakeRichMenu {
  richMenuId: string;
  /** The created menu as posted (size, selected, name, chatBarText, areas). */
  body: Record<string, unknown>;
  image: { contentType: string; bytes: Buffer } | null;
}

export type RichMenuCall = 'list' | 'getDefault' | 'create' | 'upload' | 'setDefault' | 'cancelDefault' | 'delete';

export interface RichMenuState {
  menus: Map<string, FakeRichMenu>;
  defaultId: string | null;
  /** Every rich-menu call as it arrived, e.g. 'create', 'upload richmenu-…'. */
  calls: string[];
  /**
   * Answer the next calls of a kind with a status; 'hang': do what LINE would, then never answer;
   * 'endless': do what LINE would, then answer 200 with a body that never ends.
   */
  script: Partial<Record<RichMenuCall, (number | 'hang' | 'endless')[]>>;
  /** The channel access token the rich-menu calls must carry (LINE answers 401 to any other). */
  token: string;
}

/** Adds a menu as the clinic's own console (or another tool) would have made it. */
export function addRichMenu(state: RichMenuState, body: Record<string, unknown>, image = true): string {
  const richMenuId = `richmenu-${randomBytes(16).toString('hex')}`;
  state.menus.set(richMenuId, { richMenuId, body, image: image ? { contentType: 'image/png', bytes: Buffer.alloc(1) } : null });
  return richMenuId;
}

async function handleRichMenu(state: RichMenuState, req: IncomingMessage, res: ServerResponse, raw: Buffer, hung: ServerResponse[]) {
  const json = (status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  const path = req.url ?? '';
  const route: [RichMenuCall, string | undefined] | undefined =
    req.method === 'GET' && path === '/v2/bot/richmenu/list' ? ['list', undefined]
    : req.method === 'GET' && path === '/v2/bot/user/all/richmenu' ? ['getDefault', undefined]
    : req.method === 'DELETE' && path === '/v2/bot/user/all/richmenu' ? ['cancelDefault', undefined]
    : req.method === 'POST' && path === '/v2/bot/richmenu' ? ['create', undefined]
    : req.method === 'POST' && /^\/v2\/bot\/richmenu\/[^/]+\/content$/.test(path) ? ['upload', path.split('/')[4]]
    : req.method === 'POST' && path.startsWith('/v2/bot/user/all/richmenu/') ? ['setDefault', path.split('/')[6]]
    : req.method === 'DELETE' && /^\/v2\/bot\/richmenu\/[^/]+$/.test(path) ? ['delete', path.split('/')[4]]
    : undefined;
  if (!route) return false;
  const [call, id] = route;
  state.calls.push(id ? `${call} ${id}` : call);
  const step = state.script[call]?.shift();
  if (typeof step === 'number') return json(step, { message: `scripted ${step}` }), true;
  if (req.headers.authorization !== `Bearer ${state.token}`) return json(401, { message: 'Authentication failed' }), true;
  const menu = id ? state.menus.get(decodeURIComponent(id)) : undefined;
  let answer: [number, unknown];
  if (call === 'list') {
    answer = [200, { richmenus: [...state.menus.values()].map((m) => ({ richMenuId: m.richMenuId, ...m.body })) }];
  } else if (call === 'getDefault') {
    answer = state.defaultId ? [200, { richMenuId: state.defaultId }] : [404, { message: 'no default rich menu' }];
  } else if (call === 'cancelDefault') {
    state.defaultId = null;
    answer = [200, {}];
  } else if (call === 'create') {
    answer = [200, { richMenuId: addRichMenu(state, JSON.parse(raw.toString()) as Record<string, unknown>, false) }];
  } else if (!menu) {
    answer = [404, { message: 'Not found' }];
  } else if (call === 'upload') {
    const contentType = String(req.headers['content-type']);
    if (menu.image) answer = [400, { message: 'An image has already been uploaded to the richmenu' }];
    else if (!/^image\/(png|jpeg)$/.test(contentType) || raw.length > 1024 * 1024) answer = [400, { message: 'bad image' }];
    else {
      menu.image = { contentType, bytes: raw };
      answer = [200, {}];
    }
  } else if (call === 'setDefault') {
    if (!menu.image) answer = [400, { message: 'must upload richmenu image before applying it to user' }];
    else {
      state.defaultId = menu.richMenuId;
      answer = [200, {}];
    }
  } else {
    state.menus.delete(menu.richMenuId);
    if (state.defaultId === menu.richMenuId) state.defaultId = null;
    answer = [200, {}];
  }
  if (step === 'hang') hung.push(res);
  else if (step === 'endless') flood(res, 200);
  else json(...answer);
  return true;
}
