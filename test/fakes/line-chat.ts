/**
 * LINE's side of the chat (issue 37): the reply endpoint of the fake Messaging API (line-messaging.ts routes
 * `POST /v2/bot/message/reply` here), and what LINE's servers do towards us — webhook deliveries signed with
 * the channel secret, posted over real HTTP to /line/webhook.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

export interface ReplyRecord {
  replyToken: string;
  texts: string[];
  authorization: string | undefined;
  answered: number | 'hung';
  /** When it arrived (ms since the epoch). */
  at: number;
  /** The request's connection closed (for a request never answered: by the sender, giving up). */
  closed: boolean;
}

export interface ReplyEdge {
  /** Every reply request as it arrived. */
  replies: ReplyRecord[];
  /** Answer the next replies with these statuses, or accept and never answer ('hang'). */
  script: (number | 'hang')[];
  /** Resolves with the n-th reply (1-based) once it has arrived. */
  reply(n: number): Promise<ReplyRecord>;
  handle(req: IncomingMessage, res: ServerResponse, raw: string, hung: ServerResponse[]): boolean;
}

export function replyEdge(): ReplyEdge {
  const waiting: { n: number; resolve: (r: ReplyRecord) => void }[] = [];
  const used = new Set<string>();
  const edge: ReplyEdge = {
    replies: [],
    script: [],
    reply(n) {
      const have = edge.replies[n - 1];
      return have ? Promise.resolve(have) : new Promise((resolve) => waiting.push({ n, resolve }));
    },
    handle(req, res, raw, hung) {
      if (req.method !== 'POST' || req.url !== '/v2/bot/message/reply') return false;
      const body = JSON.parse(raw) as { replyToken: string; messages: { type: string; text: string }[] };
      const record: ReplyRecord = {
        replyToken: body.replyToken,
        texts: body.messages.map((m) => m.text),
        authorization: req.headers.authorization,
        answered: 200,
        at: Date.now(),
        closed: false,
      };
      // Before an answer, 'close' means the caller closed the connection (kept-alive sockets are shared: not on them).
      res.once('close', () => (record.closed = true));
      edge.replies.push(record);
      for (const w of waiting.filter((w) => w.n === edge.replies.length)) w.resolve(record);
      const step = edge.script.shift();
      const json = (status: number, answer: unknown) =>
        res.writeHead((record.answered = status), { 'content-type': 'application/json' }).end(JSON.stringify(answer));
      if (step === 'hang') {
        record.answered = 'hung';
        hung.push(res);
      } else if (typeof step === 'number') json(step, { message: `scripted ${step}` });
      // LINE's answer to a reply token used before (or made up).
      else if (used.has(body.replyToken)) json(400, { message: 'Invalid reply token' });
      else {
        used.add(body.replyToken);
        json(200, { sentMessages: [{ id: String(edge.replies.length) }] });
      }
      return true;
    },
  };
  return edge;
}

// ---- Deliveries, as LINE's servers send them ----

export const newEventId = () => `01${randomBytes(12).toString('hex').toUpperCase().slice(0, 24)}`;
const replyToken = () => randomBytes(16).toString('hex');

export interface EventOptions {
  id?: string;
  timestamp?: number;
  replyToken?: string | null;
  source?: Record<string, unknown>;
  redelivery?: boolean;
}

function event(type: string, userId: string, extra: Record<string, unknown>, o: EventOptions) {
  return {
    type,
    mode: 'active',
    timestamp: o.timestamp ?? Date.now(),
    source: o.source ?? { type: 'user', userId },
    webhookEventId: o.id ?? newEventId(),
    deliveryContext: { isRedelivery: o.redelivery ?? false },
    ...(o.replyToken !== null && { replyToken: o.replyToken ?? replyToken() }),
    ...extra,
  };
}

export const textEvent = (userId: string, text: string, o: EventOptions = {}) =>
  event('message', userId, { message: { id: randomBytes(8).toString('hex'), type: 'text', quoteToken: replyToken(), text } }, o);
export const followEvent = (userId: string, o: EventOptions = {}) => event('follow', userId, { follow: { isUnblocked: false } }, o);
export const stickerEvent = (userId: string, o: EventOptions = {}) =>
  event('message', userId, { message: { id: '1', type: 'sticker', packageId: '446', stickerId: '1988' } }, o);

/** A delivery's body as LINE writes it. */
export const deliveryBody = (events: unknown[]) => JSON.stringify({ destination: `U${'f'.repeat(32)}`, events });

export const signBody = (secret: string, body: string | Buffer) => createHmac('sha256', secret).update(body).digest('base64');

/**
 * Posts a delivery to the server's webhook. Signed with `secret` unless `signature` is given (or null: none).
 */
export async function deliver(
  serverUrl: string,
  body: string,
  { secret, signature }: { secret?: string; signature?: string | null } = {},
): Promise<{ status: number; body: unknown }> {
  const sig = signature === undefined ? (secret ? signBody(secret, body) : undefined) : signature;
  const response = await fetch(`${serverUrl}/line/webhook`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', ...(sig !== undefined && sig !== null && { 'x-line-signature': sig }) },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : null };
}
