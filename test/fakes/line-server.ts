/**
 * A local fake of LINE's HTTP edge (LINE Login v2.1): authorize page (browser tests), token,
 * ID-token verification and profile. Tests register codes, make LINE fail on purpose, and read what our
 * server sent. Any path LINE does not serve answers 599 and lands in `unexpected`, which every test asserts empty.
 */
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { flood } from './flood.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The parsed form, for form posts. */
  form: Record<string, string>;
  /** The parsed query string (the authorize page is a GET with everything in the query). */
  query?: Record<string, string>;
}

/** The authorize page's answer: a code with the state (as LINE), a wrong or no state, or an OAuth error. */
export type AuthorizeAnswer = 'code' | 'wrongState' | 'noState' | { error: string; description?: string };

export interface IssueCodeOptions {
  userId: string;
  displayName: string;
  redirectUri: string;
  nonce?: string;
  /** BASE64URL(SHA256(verifier)); when set, the token call must carry the matching code_verifier. */
  codeChallenge?: string;
}

interface Grant extends IssueCodeOptions {
  used: boolean;
}

interface Failure {
  remaining: number;
  /** 'endless': 200 with a body that never ends. */
  status: number | 'endless';
  path?: string;
}

export interface FakeLine {
  readonly url: string;
  readonly channelId: string;
  readonly channelSecret: string;
  readonly requests: RecordedRequest[];
  readonly unexpected: RecordedRequest[];
  /** Registers an authorization code as LINE's authorize page would hand it out; returns the code. */
  issueCode(options: IssueCodeOptions): string;
  /** The next `count` requests (to `path` only, when given) answer `status` ('endless': 200 with a body that never ends). */
  failNext(count: number, status: number | 'endless', path?: string): void;
  /** When true, /v2/profile leaves userId out. */
  profileWithoutUserId: boolean;
  /** Users who have not added the clinic's official account as a friend (friendship/v1/status). */
  notFriends: Set<string>;
  /** Seconds an ID token lives; a negative value hands out already expired tokens. */
  idTokenLifetimeSeconds: number;
  /** Who "logs in" at the authorize page. */
  authorizeAs: { userId: string; displayName: string };
  authorizeAnswer: AuthorizeAnswer;
  /** An ID token as the LIFF SDK's getIDToken() would return it, accepted by this fake's verify endpoint. */
  issueIdToken(user: { userId: string; displayName: string; nonce?: string }): Promise<string>;
  close(): Promise<void>;
}

export const LINE_PATHS = {
  token: '/oauth2/v2.1/token', verify: '/oauth2/v2.1/verify', profile: '/v2/profile', authorize: '/oauth2/v2.1/authorize',
  friendship: '/friendship/v1/status',
} as const;

export const randomLineUserId = () => `U${randomBytes(16).toString('hex')}`;

/** A PKCE pair as a browser makes it: a 43–128 character verifier and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

const ISSUER = 'https://access.line.me';

export async function startFakeLine(
  options: { channelId?: string; channelSecret?: string } = {},
): Promise<FakeLine> {
  const channelId = options.channelId ?? '1650000000';
  const channelSecret = options.channelSecret ?? randomBytes(16).toString('hex');
  const key = new TextEncoder().encode(channelSecret);
  const grants = new Map<string, Grant>();
  const accessTokens = new Map<string, Grant>();
  const failures: Failure[] = [];
  const requests: RecordedRequest[] = [];
  const unexpected: RecordedRequest[] = [];

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const oauthError = (res: ServerResponse, status: number, error: string, description: string) =>
    json(res, status, { error, error_description: description });

  async function signIdToken(user: { userId: string; displayName: string; nonce?: string }): Promise<string> {
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> = { name: user.displayName, amr: ['pwd'] };
    if (user.nonce !== undefined) claims.nonce = user.nonce;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setSubject(user.userId)
      .setAudience(channelId)
      .setIssuedAt(now)
      .setExpirationTime(now + fake.idTokenLifetimeSeconds)
      .sign(key);
  }

  /**
   * The authorize page as a browser meets it: LINE shows its own error page (never a redirect) for an
   * unknown client or a missing redirect_uri; otherwise it comes back to redirect_uri with code and state.
   */
  function authorize(req: RecordedRequest, res: ServerResponse) {
    const q = req.query ?? {};
    if (q.client_id !== channelId || !/^https?:\/\//.test(q.redirect_uri ?? '')) {
      res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
      return res.end('fake LINE authorize: invalid client_id or redirect_uri');
    }
    const back = new URL(q.redirect_uri);
    const answer = fake.authorizeAnswer;
    const refusal: { error: string; description?: string } | null =
      typeof answer === 'object' ? answer
      : q.response_type !== 'code' ? { error: 'unsupported_response_type' }
      : !(q.scope ?? '').split(' ').includes('openid') ? { error: 'invalid_scope' }
      : null;
    if (refusal) {
      back.searchParams.set('error', refusal.error);
      if (refusal.description) back.searchParams.set('error_description', refusal.description);
      if (q.state) back.searchParams.set('state', q.state);
    } else {
      const codeChallenge = q.code_challenge_method === 'S256' ? q.code_challenge : undefined;
      const code = fake.issueCode({ ...fake.authorizeAs, redirectUri: q.redirect_uri, nonce: q.nonce, codeChallenge });
      back.searchParams.set('code', code);
      if (answer === 'code' && q.state) back.searchParams.set('state', q.state);
      if (answer === 'wrongState') back.searchParams.set('state', `not-${q.state ?? ''}`);
      if (q.bot_prompt) back.searchParams.set('friendship_status_changed', 'false');
    }
    res.writeHead(302, { location: back.toString() });
    res.end();
  }

  function takeFailure(path: string): Failure['status'] | null {
    const failure = failures.find((f) => f.remaining > 0 && (!f.path || f.path === path));
    if (!failure) return null;
    failure.remaining--;
    return failure.status;
  }

  async function token(req: RecordedRequest, res: ServerResponse) {
    const f = req.form;
    if (f.grant_type !== 'authorization_code') return oauthError(res, 400, 'unsupported_grant_type', 'unsupported grant type');
    if (f.client_id !== channelId || f.client_secret !== channelSecret) {
      return oauthError(res, 401, 'invalid_client', 'invalid client');
    }
    const grant = grants.get(f.code ?? '');
    if (!grant || grant.used) return oauthError(res, 400, 'invalid_grant', 'invalid authorization code');
    if (f.redirect_uri !== grant.redirectUri) return oauthError(res, 400, 'invalid_grant', 'redirect_uri does not match');
    if (grant.codeChallenge) {
      const verifier = f.code_verifier ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (challenge !== grant.codeChallenge) return oauthError(res, 400, 'invalid_grant', 'code_verifier does not match');
    }
    grant.used = true;
    const accessToken = randomBytes(24).toString('base64url');
    accessTokens.set(accessToken, grant);
    const idToken = await signIdToken(grant);
    json(res, 200, {
      access_token: accessToken,
      expires_in: 2592000,
      id_token: idToken,
      refresh_token: randomBytes(16).toString('base64url'),
      scope: 'openid profile',
      token_type: 'Bearer',
    });
  }

  async function verify(req: RecordedRequest, res: ServerResponse) {
    const { id_token: idToken, client_id: clientId, nonce } = req.form;
    if (!idToken || !clientId) return oauthError(res, 400, 'invalid_request', 'Invalid IdToken.');
    let payload: Record<string, unknown>;
    try {
      ({ payload } = await jwtVerify(idToken, key, { algorithms: ['HS256'] }));
    } catch (err) {
      const expired = err instanceof joseErrors.JWTExpired;
      return oauthError(res, 400, 'invalid_request', expired ? 'IdToken expired.' : 'Invalid IdToken.');
    }
    if (payload.aud !== clientId) return oauthError(res, 400, 'invalid_request', 'Invalid IdToken Audience.');
    if (payload.iss !== ISSUER) return oauthError(res, 400, 'invalid_request', 'Invalid IdToken Issuer.');
    if (nonce !== undefined && payload.nonce !== nonce) {
      return oauthError(res, 400, 'invalid_request', 'Invalid IdToken Nonce.');
    }
    json(res, 200, { ...payload, picture: 'https://profile.line-scdn.net/fake' });
  }

  /** /v2/profile and /friendship/v1/status: both answer for the user behind a login's access token. */
  function profile(req: RecordedRequest, res: ServerResponse) {
    const header = String(req.headers.authorization ?? '');
    const grant = accessTokens.get(header.replace(/^Bearer /, ''));
    if (!header.startsWith('Bearer ') || !grant) {
      return json(res, 401, { message: 'Authentication failed. Confirm that the access token in the authorization header is valid.' });
    }
    if (req.path === LINE_PATHS.friendship) return json(res, 200, { friendFlag: !fake.notFriends.has(grant.userId) });
    const body: Record<string, unknown> = {
      userId: grant.userId,
      displayName: grant.displayName,
      pictureUrl: 'https://profile.line-scdn.net/fake',
    };
    if (fake.profileWithoutUserId) delete body.userId;
    json(res, 200, body);
  }

  async function handle(incoming: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const [path, queryString = ''] = (incoming.url ?? '').split('?');
    const isForm = String(incoming.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');
    const req: RecordedRequest = {
      method: incoming.method ?? '',
      path,
      headers: incoming.headers,
      body,
      form: isForm ? Object.fromEntries(new URLSearchParams(body)) : {},
      query: Object.fromEntries(new URLSearchParams(queryString)),
    };
    const route = `${req.method} ${path}`;
    const { token: t, verify: v, profile: p, authorize: a, friendship: f } = LINE_PATHS;
    const known = [`POST ${t}`, `POST ${v}`, `GET ${p}`, `GET ${a}`, `GET ${f}`];
    if (!known.includes(route)) {
      unexpected.push(req);
      return json(res, 599, { message: `fake LINE: unexpected ${route}` });
    }
    requests.push(req);
    const failure = takeFailure(path);
    if (failure === 'endless') return flood(res, 200);
    if (failure !== null) return json(res, failure, { message: 'fake LINE failure' });
    if (path === LINE_PATHS.authorize) return authorize(req, res);
    if (req.method === 'POST' && !isForm) return oauthError(res, 400, 'invalid_request', 'form body expected');
    if (path === LINE_PATHS.token) return token(req, res);
    if (path === LINE_PATHS.verify) return verify(req, res);
    return profile(req, res);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      unexpected.push({ method: req.method ?? '', path: `${req.url} (crash: ${String(err)})`, headers: {}, body: '', form: {} });
      if (!res.headersSent) json(res, 599, { message: 'fake LINE crashed' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  const fake: FakeLine = {
    url: `http://127.0.0.1:${port}`,
    channelId,
    channelSecret,
    requests,
    unexpected,
    profileWithoutUserId: false,
    notFriends: new Set(),
    idTokenLifetimeSeconds: 600,
    authorizeAs: { userId: randomLineUserId(), displayName: '山田 花子' },
    authorizeAnswer: 'code',
    issueIdToken: (user) => signIdToken(user),
    issueCode(grant) {
      const code = randomBytes(12).toString('base64url');
      grants.set(code, { ...grant, used: false });
      return code;
    },
    failNext(count, status, path) {
      failures.push({ remaining: count, status, path });
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
  return fake;
}

/** Server environment that points our LINE Login at the fake (API calls of the server only). */
export const lineEnv = (fake: FakeLine): Record<string, string> => ({
  LINE_LOGIN_CHANNEL_ID: fake.channelId,
  LINE_LOGIN_CHANNEL_SECRET: fake.channelSecret,
  LINE_API_BASE_URL: fake.url,
});

/** As lineEnv, plus the authorize page the browser is sent to (web-flow browser tests). */
export const lineWebEnv = (fake: FakeLine): Record<string, string> => ({
  ...lineEnv(fake),
  LINE_ACCESS_BASE_URL: fake.url,
});
