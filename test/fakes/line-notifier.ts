/**
 * The LINE MINI App channel at LINE's edge (served by the fake Messaging API, which shares LINE's base URL):
 * its channel access token by the client-credentials grant, service notification tokens, and service
 * message sends with renewal. Like LINE: a token is renewed by every accepted send and never accepted again,
 * holds 5 sends and expires; an unverified channel is refused (403), a template not added is refused (400).
 * LINE Login's answers about a LIFF access token are here too (same base URL): `GET /oauth2/v2.1/verify`
 * (the channel it was issued for, its lifetime) and `GET /v2/profile` (whose it is). Tests script failures
 * and hangs per call.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';

/**
 * One step for the next send: 500 (refused, nothing delivered), 'hang' (delivered, then never answered),
 * 'hangBefore' (never answered, nothing delivered).
 */
export type SendStep = 500 | 503 | 'hang' | 'hangBefore';

export interface NotifierToken {
  userId: string;
  remaining: number;
  expiresAt: number;
  /** False once used (renewed) or refused for good. */
  alive: boolean;
}

export interface ServiceSend {
  templateName: string;
  params: Record<string, string>;
  notificationToken: string;
  answered: number | 'hung';
  closed: boolean;
}

export interface FakeNotifier {
  channelId: string;
  channelSecret: string;
  /** A MINI App that passed LINE's review; false: sends answer 403. */
  verified: boolean;
  /** Templates added to the channel and approved. */
  templates: Set<string>;
  /** LIFF access tokens LINE would accept, each a user's. */
  liffTokens: Map<string, string>;
  /** The channel each LIFF access token was issued for, and when it expires (ms). */
  liffTokenFacts: Map<string, { channelId: string; expiresAt: number }>;
  /** The LIFF access token of every notification-token request, as it arrived. */
  issueRequests: string[];
  /** Every question about a LIFF access token, in order; `closed`: the asker closed the connection. */
  liffChecks: { what: 'verify' | 'profile'; token: string; closed: boolean }[];
  /** Answer the next verify / profile questions with a status, or accept them and never answer. */
  verifyScript: (number | 'hang')[];
  profileScript: (number | 'hang')[];
  tokens: Map<string, NotifierToken>;
  /** How many notification tokens each LIFF access token was given. */
  issuedPer: Map<string, number>;
  /** Channel access tokens issued by the client-credentials grant. */
  channelTokens: string[];
  /** Answer the next token requests with a status, or accept them and never answer. */
  channelTokenScript: (number | 'hang')[];
  issueScript: (number | 'hang')[];
  sendScript: SendStep[];
  sends: ServiceSend[];
  /** Service messages LINE would have shown (one per accepted send). */
  delivered: { userId: string; templateName: string; params: Record<string, string> }[];
  /**
   * A LIFF access token for a user, as liff.getAccessToken() would give inside the MINI App (`channelId`:
   * another channel's LIFF app; `expiresIn` seconds, 0 or less: already expired).
   */
  liffTokenFor(userId: string, options?: { channelId?: string; expiresIn?: number }): string;
  /** Makes a notification token expire now. */
  expire(notificationToken: string): void;
  handle(req: IncomingMessage, res: ServerResponse, body: string, hung: ServerResponse[]): boolean;
}

const json = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

export function fakeNotifier(): FakeNotifier {
  const newToken = (userId: string, remaining: number, expiresAt: number) => {
    const token = randomBytes(24).toString('base64url');
    fake.tokens.set(token, { userId, remaining, expiresAt, alive: true });
    return token;
  };
  const fake: FakeNotifier = {
    channelId: '2007000000',
    channelSecret: randomBytes(16).toString('hex'),
    verified: true,
    templates: new Set(['queue_status_ja']),
    liffTokens: new Map(),
    liffTokenFacts: new Map(),
    issueRequests: [],
    liffChecks: [],
    verifyScript: [],
    profileScript: [],
    tokens: new Map(),
    issuedPer: new Map(),
    channelTokens: [],
    channelTokenScript: [],
    issueScript: [],
    sendScript: [],
    sends: [],
    delivered: [],
    liffTokenFor(userId, options = {}) {
      const token = `liff-${randomBytes(12).toString('hex')}`;
      fake.liffTokens.set(token, userId);
      fake.liffTokenFacts.set(token, { channelId: options.channelId ?? fake.channelId, expiresAt: Date.now() + (options.expiresIn ?? 43_200) * 1000 });
      return token;
    },
    expire(notificationToken) {
      const t = fake.tokens.get(notificationToken);
      if (t) t.expiresAt = Date.now() - 1;
    },
    handle(req, res, body, hung) {
      const route = `${req.method} ${req.url}`;
      const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (route === 'POST /oauth2/v3/token') {
        const form = Object.fromEntries(new URLSearchParams(body));
        if (form.client_id !== fake.channelId) return false; // another channel's (LINE Login's, for the doctor)
        const step = fake.channelTokenScript.shift();
        if (step === 'hang') return hung.push(res), true;
        if (typeof step === 'number') return json(res, step, { error: 'scripted' }), true;
        if (form.grant_type !== 'client_credentials' || form.client_secret !== fake.channelSecret) return json(res, 400, { error: 'invalid_client' }), true;
        const token = randomBytes(24).toString('base64url');
        fake.channelTokens.push(token);
        return json(res, 200, { token_type: 'Bearer', access_token: token, expires_in: 900 }), true;
      }
      const [path, query = ''] = (req.url ?? '').split('?');
      if (req.method === 'GET' && path === '/oauth2/v2.1/verify') {
        // LINE Login's check of an access token: 200 {scope, client_id, expires_in}, or 400 as below.
        const accessToken = new URLSearchParams(query).get('access_token') ?? '';
        const check = { what: 'verify' as const, token: accessToken, closed: false };
        fake.liffChecks.push(check);
        req.socket.once('close', () => (check.closed = true));
        const step = fake.verifyScript.shift();
        if (step === 'hang') return hung.push(res), true;
        if (typeof step === 'number') return json(res, step, { error: 'scripted', error_description: 'scripted' }), true;
        const facts = fake.liffTokenFacts.get(accessToken);
        if (!facts) return json(res, 400, { error: 'invalid_request', error_description: 'invalid access token' }), true;
        const expiresIn = Math.floor((facts.expiresAt - Date.now()) / 1000);
        if (expiresIn <= 0) return json(res, 400, { error: 'invalid_request', error_description: 'access token expired' }), true;
        return json(res, 200, { scope: 'openid profile chat_message.write', client_id: facts.channelId, expires_in: expiresIn }), true;
      }
      if (req.method === 'GET' && path === '/v2/profile') {
        const check = { what: 'profile' as const, token: bearer, closed: false };
        fake.liffChecks.push(check);
        req.socket.once('close', () => (check.closed = true));
        const step = fake.profileScript.shift();
        if (step === 'hang') return hung.push(res), true;
        if (typeof step === 'number') return json(res, step, { message: 'scripted' }), true;
        const userId = fake.liffTokens.get(bearer);
        const facts = fake.liffTokenFacts.get(bearer);
        if (!userId || !facts || facts.expiresAt < Date.now()) return json(res, 401, { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' }), true;
        return json(res, 200, { userId, displayName: '山田 花子', pictureUrl: 'https://profile.line-scdn.net/fake' }), true;
      }
      const authorised = fake.channelTokens.includes(bearer);
      if (route === 'POST /message/v3/notifier/token') {
        fake.issueRequests.push((JSON.parse(body) as { liffAccessToken?: string }).liffAccessToken ?? '');
        const step = fake.issueScript.shift();
        if (step === 'hang') return hung.push(res), true;
        if (typeof step === 'number') return json(res, step, { message: 'scripted' }), true;
        if (!authorised) return json(res, 401, { message: 'Authentication failed' }), true;
        const { liffAccessToken } = JSON.parse(body) as { liffAccessToken?: string };
        const userId = liffAccessToken ? fake.liffTokens.get(liffAccessToken) : undefined;
        if (!liffAccessToken || !userId) return json(res, 400, { message: 'Invalid liffAccessToken' }), true;
        fake.issuedPer.set(liffAccessToken, (fake.issuedPer.get(liffAccessToken) ?? 0) + 1);
        const notificationToken = newToken(userId, 5, Date.now() + 31_536_000_000);
        return json(res, 200, { notificationToken, expiresIn: 31_536_000, remainingCount: 5, sessionId: randomBytes(8).toString('hex') }), true;
      }
      if (route === 'POST /message/v3/notifier/send?target=service') {
        const sent = JSON.parse(body) as { templateName: string; params: Record<string, string>; notificationToken: string };
        const record: ServiceSend = { ...sent, answered: 200, closed: false };
        fake.sends.push(record);
        req.socket.once('close', () => (record.closed = true));
        const step = fake.sendScript.shift();
        if (step === 'hangBefore') return (record.answered = 'hung'), hung.push(res), true;
        if (typeof step === 'number') return json(res, (record.answered = step), { message: 'scripted' }), true;
        const refuse = (status: number, message: string) => (json(res, (record.answered = status), { message }), true);
        if (!authorised) return refuse(401, 'Authentication failed');
        if (!fake.verified) return refuse(403, 'This channel is not allowed to send service messages');
        if (!fake.templates.has(sent.templateName)) return refuse(400, 'Template not found');
        const token = fake.tokens.get(sent.notificationToken);
        if (!token || !token.alive) return refuse(400, 'Invalid notificationToken');
        if (token.expiresAt < Date.now()) return refuse(400, 'The notificationToken has expired');
        if (token.remaining <= 0) return refuse(400, 'The remaining count of the notificationToken is 0');
        token.alive = false;
        fake.delivered.push({ userId: token.userId, templateName: sent.templateName, params: sent.params });
        const remaining = token.remaining - 1;
        const renewed = remaining > 0 ? newToken(token.userId, remaining, token.expiresAt) : undefined;
        if (step === 'hang') return (record.answered = 'hung'), hung.push(res), true;
        return json(res, 200, { notificationToken: renewed, remainingCount: remaining, sessionId: 'session' }), true;
      }
      return false;
    },
  };
  return fake;
}
