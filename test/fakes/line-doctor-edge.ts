/**
 * The LINE endpoints `npm run doctor` asks (served by the fake Messaging API, which shares LINE's base
 * URL): a stateless Login-channel token, the channel's LIFF apps, the bot's info, the webhook endpoint
 * set in the Messaging API channel, and LINE's clock in the Date header. `hang` makes every endpoint of the fake accept the request and never answer; `flood`
 * makes each answer 200 with a body that never ends.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { flood } from './flood.js';

export interface DoctorEdge {
  channelId: string;
  channelSecret: string;
  /** The Messaging API token /v2/bot/info accepts. */
  botToken: string;
  liffApps: { liffId: string; view: { type: 'full'; url: string } }[];
  /** The channel's webhook settings (`GET /v2/bot/channel/webhook/endpoint`); a number: answer that status. */
  webhook: { endpoint: string; active: boolean } | number;
  /** Seconds LINE's clock (the Date header) is ahead of ours. */
  clockOffsetSeconds: number;
  hang: boolean;
  flood: boolean;
  /** `METHOD path` of every doctor request, in order. */
  requests: string[];
  /** Answers a doctor endpoint, or returns false for the fake's other routes. */
  handle(req: IncomingMessage, res: ServerResponse, body: string, hung: ServerResponse[]): boolean;
}

export function doctorEdge(): DoctorEdge {
  const liffTokens = new Set<string>();
  const json = (edge: DoctorEdge, res: ServerResponse, status: number, body: unknown) =>
    res
      .writeHead(status, {
        'content-type': 'application/json',
        date: new Date(Date.now() + edge.clockOffsetSeconds * 1000).toUTCString(),
      })
      .end(JSON.stringify(body));
  const edge: DoctorEdge = {
    channelId: '1650000000',
    channelSecret: randomBytes(16).toString('hex'),
    botToken: randomBytes(24).toString('base64url'),
    liffApps: [],
    webhook: { endpoint: '', active: false },
    clockOffsetSeconds: 0,
    hang: false,
    flood: false,
    requests: [],
    handle(req, res, body, hung) {
      if (edge.hang) {
        hung.push(res);
        return true;
      }
      if (edge.flood) {
        flood(res, 200);
        return true;
      }
      const route = `${req.method} ${req.url}`;
      const bearer = String(req.headers.authorization ?? '').replace(/^Bearer /, '');
      if (route === 'POST /oauth2/v3/token') {
        edge.requests.push(route);
        const form = Object.fromEntries(new URLSearchParams(body));
        if (form.grant_type !== 'client_credentials') json(edge, res, 400, { error: 'unsupported_grant_type' });
        else if (form.client_id !== edge.channelId || form.client_secret !== edge.channelSecret) json(edge, res, 400, { error: 'invalid_client' });
        else {
          const token = randomBytes(24).toString('base64url');
          liffTokens.add(token);
          json(edge, res, 200, { token_type: 'Bearer', access_token: token, expires_in: 900 });
        }
        return true;
      }
      if (route === 'GET /liff/v1/apps') {
        edge.requests.push(route);
        if (!liffTokens.has(bearer)) json(edge, res, 401, { message: 'Authentication failed' });
        else if (edge.liffApps.length === 0) json(edge, res, 404, { message: 'Not found' });
        else json(edge, res, 200, { apps: edge.liffApps });
        return true;
      }
      if (route === 'GET /v2/bot/info') {
        edge.requests.push(route);
        if (bearer !== edge.botToken) json(edge, res, 401, { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' });
        else json(edge, res, 200, { userId: `U${'0'.repeat(32)}`, basicId: '@123abcde', displayName: 'テストクリニック', chatMode: 'chat', markAsReadMode: 'auto' });
        return true;
      }
      if (route === 'GET /v2/bot/channel/webhook/endpoint') {
        edge.requests.push(route);
        if (bearer !== edge.botToken) json(edge, res, 401, { message: 'Authentication failed' });
        else if (typeof edge.webhook === 'number') json(edge, res, edge.webhook, { message: `scripted ${edge.webhook}` });
        else json(edge, res, 200, edge.webhook);
        return true;
      }
      return false;
    },
  };
  return edge;
}
