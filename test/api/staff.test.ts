/** Staff sign-in over HTTP: the cookie's attributes, refusals, sign-out, expiry. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addStaffAccount, openStaffSession } from '../../src/server/auth/staff-accounts.js';
import { callFn } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectRefusal, rawPost } from './api-support.js';

let server: TestServer;
const password = 'correct horse battery';
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  server = await startTestServer();
  await addStaffAccount(server.store, 'alice', password);
});
afterAll(async () => server?.close());

async function login(username: string, pw: string) {
  const response = await fetch(`${server.url}/api/staff/login`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ username, password: pw }),
  });
  return { status: response.status, body: (await response.json()) as unknown, setCookie: response.headers.getSetCookie() };
}

const cookieOf = (setCookie: string[]) => setCookie.find((c) => c.startsWith('qs_staff='))!.split(';')[0];

async function me(cookie?: string) {
  const response = await fetch(`${server.url}/api/staff/me`, { headers: cookie ? { cookie } : {} });
  return { status: response.status, body: (await response.json()) as unknown };
}

describe('login', () => {
  it('sets an HttpOnly, SameSite=Strict session cookie for the whole site', async () => {
    const answer = await login('alice', password);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ result: { username: 'alice' } });
    const setCookie = answer.setCookie.filter((c) => c.startsWith('qs_staff='));
    expect(setCookie).toHaveLength(1);
    const attributes = setCookie[0].split(';').map((p) => p.trim());
    expect(attributes[0]).toMatch(/^qs_staff=[A-Za-z0-9_-]{40,}$/);
    expect(attributes).toContain('HttpOnly');
    expect(attributes).toContain('SameSite=Strict');
    expect(attributes).toContain('Path=/');
    expect(attributes.some((a) => /^Max-Age=\d+$/.test(a))).toBe(true);
    // Plain http (localhost, the tests): a Secure cookie would never come back, and `__Host-` needs Secure.
    expect(attributes).not.toContain('Secure');
    expect(answer.setCookie.filter((c) => c.startsWith('__Host-'))).toEqual([]);
  });

  it('each login opens its own session', async () => {
    const first = cookieOf((await login('alice', password)).setCookie);
    const second = cookieOf((await login('alice', password)).setCookie);
    expect(first).not.toBe(second);
    expect((await me(first)).status).toBe(200);
    expect((await me(second)).status).toBe(200);
  });

  it('a wrong password and an unknown user get the same 401 UNAUTHENTICATED, and no cookie', async () => {
    const wrong = await login('alice', 'not the password');
    const unknown = await login('mallory', password);
    expectRefusal(wrong, 'UNAUTHENTICATED');
    expectRefusal(unknown, 'UNAUTHENTICATED');
    expect(wrong.body).toEqual(unknown.body);
    expect(wrong.setCookie).toEqual([]);
    expect(unknown.setCookie).toEqual([]);
  });

  it('malformed logins are 400 INVALID_ARGUMENT', async () => {
    const url = `${server.url}/api/staff/login`;
    const bodies: [string, Record<string, string>][] = [
      ['{"username":"alice"}', json],
      ['{"username":"alice","password":"x","admin":true}', json],
      ['{"username":"","password":"x"}', json],
      ['{"username":1,"password":2}', json],
      [`{"username":"alice","password":"${'x'.repeat(300)}"}`, json],
      ['not json', json],
      ['username=alice&password=x', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['{"username":"alice","password":"x"}', { 'content-type': 'text/plain' }],
    ];
    for (const [body, headers] of bodies) expectRefusal(await rawPost(url, body, headers), 'INVALID_ARGUMENT');
  });
});

describe('the session', () => {
  it('GET /api/staff/me names the signed-in staff, and refuses anyone else', async () => {
    const cookie = cookieOf((await login('alice', password)).setCookie);
    expect(await me(cookie)).toEqual({ status: 200, body: { result: { username: 'alice' } } });
    expectRefusal(await me(), 'UNAUTHENTICATED');
    expectRefusal(await me('qs_staff=made-up'), 'UNAUTHENTICATED');
  });

  it('logout clears the cookie and ends the session on the server', async () => {
    const cookie = cookieOf((await login('alice', password)).setCookie);
    const other = cookieOf((await login('alice', password)).setCookie);
    const response = await fetch(`${server.url}/api/staff/logout`, { method: 'POST', headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ result: { ok: true } });
    const cleared = response.headers.getSetCookie().find((c) => c.startsWith('qs_staff='));
    expect(cleared).toBeDefined();
    expect(cleared).toMatch(/^qs_staff=;/);
    expect(cleared).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    // The old cookie, replayed, is refused everywhere.
    expectRefusal(await me(cookie), 'UNAUTHENTICATED');
    expectRefusal(await callFn(server.url, 'startInhouseReception', {}, { cookie }), 'UNAUTHENTICATED');
    const stream = await fetch(`${server.url}/api/live/admin`, { headers: { cookie } });
    expectRefusal({ status: stream.status, body: await stream.json() }, 'UNAUTHENTICATED');
    // Only that session ended.
    expect((await me(other)).status).toBe(200);
  });

  it('logout without a session is harmless', async () => {
    const response = await fetch(`${server.url}/api/staff/logout`, { method: 'POST' });
    expect(response.status).toBe(200);
  });

  it('an expired session is refused', async () => {
    const staff = await addStaffAccount(server.store, 'bob', password);
    const token = await openStaffSession(server.store, staff, 1, { now: new Date(Date.now() - 2 * 3600_000) });
    const cookie = `qs_staff=${token}`;
    expectRefusal(await me(cookie), 'UNAUTHENTICATED');
    expectRefusal(await callFn(server.url, 'startInhouseReception', {}, { cookie }), 'UNAUTHENTICATED');
    const stream = await fetch(`${server.url}/api/live/admin`, { headers: { cookie } });
    expectRefusal({ status: stream.status, body: await stream.json() }, 'UNAUTHENTICATED');
    // A fresh session of the same account works.
    const fresh = await openStaffSession(server.store, staff, 1);
    expect(await me(`qs_staff=${fresh}`)).toEqual({ status: 200, body: { result: { username: 'bob' } } });
  });

  it('a server configured with a short STAFF_SESSION_HOURS gives the cookie that lifetime', async () => {
    const short = await startTestServer({ env: { STAFF_SESSION_HOURS: '0.5' } });
    try {
      await addStaffAccount(short.store, 'carol', password);
      const response = await fetch(`${short.url}/api/staff/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: 'carol', password }),
      });
      expect(response.status).toBe(200);
      expect(response.headers.getSetCookie().join(';')).toContain('Max-Age=1800');
    } finally {
      await short.close();
    }
  });
});

describe('over https (TRUST_PROXY and X-Forwarded-Proto: https)', () => {
  let proxied: TestServer;
  const https = { 'x-forwarded-proto': 'https' };
  beforeAll(async () => {
    proxied = await startTestServer({ env: { TRUST_PROXY: 'true' } });
    await addStaffAccount(proxied.store, 'alice', password);
  });
  afterAll(async () => proxied?.close());

  async function secureLogin(headers: Record<string, string> = https) {
    const response = await fetch(`${proxied.url}/api/staff/login`, {
      method: 'POST',
      headers: { ...json, ...headers },
      body: JSON.stringify({ username: 'alice', password }),
    });
    expect(response.status).toBe(200);
    return response.headers.getSetCookie();
  }
  const meOver = async (cookie: string, headers: Record<string, string> = https) =>
    (await fetch(`${proxied.url}/api/staff/me`, { headers: { cookie, ...headers } })).status;

  it('sets __Host-qs_staff and the device cookie __Host-qs_staff_device: Secure, Path=/, HttpOnly, SameSite=Strict, no Domain', async () => {
    const setCookie = await secureLogin();
    // The session, and the device cookie a right password leaves (decision 056).
    expect(setCookie).toHaveLength(2);
    const [session, device] = setCookie.map((c) => c.split(';').map((p) => p.trim()));
    expect(session[0]).toMatch(/^__Host-qs_staff=[A-Za-z0-9_-]{40,}$/);
    expect(device[0]).toMatch(/^__Host-qs_staff_device=[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    for (const attributes of [session, device]) {
      for (const attribute of ['Path=/', 'HttpOnly', 'Secure', 'SameSite=Strict']) expect(attributes).toContain(attribute);
      expect(attributes.some((a) => /^Domain=/i.test(a))).toBe(false);
    }
  });

  it('accepts the __Host- cookie, and refuses the plain one on an https request', async () => {
    const token = (await secureLogin())[0].split(';')[0].slice('__Host-qs_staff='.length);
    expect(await meOver(`__Host-qs_staff=${token}`)).toBe(200);
    expect(await meOver(`qs_staff=${token}`)).toBe(401);
    const action = await fetch(`${proxied.url}/api/fn/startInhouseReception`, {
      method: 'POST',
      headers: { ...json, cookie: `qs_staff=${token}`, ...https },
      body: '{"data":{}}',
    });
    expectRefusal({ status: action.status, body: await action.json() }, 'UNAUTHENTICATED');
    const stream = await fetch(`${proxied.url}/api/live/admin`, { headers: { cookie: `qs_staff=${token}`, ...https } });
    expect(stream.status).toBe(401);
    await stream.body?.cancel();
    // A plain cookie planted beside the real one does not replace it.
    expect(await meOver(`qs_staff=made-up; __Host-qs_staff=${token}`)).toBe(200);
    // Plain http is unchanged: the plain cookie works there.
    expect(await meOver(`qs_staff=${token}`, {})).toBe(200);
  });

  it('logout over https ends the session and clears the __Host- cookie', async () => {
    const cookie = (await secureLogin())[0].split(';')[0];
    const response = await fetch(`${proxied.url}/api/staff/logout`, { method: 'POST', headers: { cookie, ...https } });
    expect(response.status).toBe(200);
    const cleared = response.headers.getSetCookie();
    expect(cleared).toHaveLength(1);
    expect(cleared[0]).toMatch(/^__Host-qs_staff=;/);
    expect(cleared[0]).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    for (const attribute of ['Path=/', 'Secure']) expect(cleared[0].split(';').map((p) => p.trim())).toContain(attribute);
    expect(await meOver(cookie)).toBe(401);
  });

  it('without TRUST_PROXY a client cannot claim https: the plain cookie, not Secure', async () => {
    const response = await fetch(`${server.url}/api/staff/login`, {
      method: 'POST',
      headers: { ...json, ...https },
      body: JSON.stringify({ username: 'alice', password }),
    });
    const setCookie = response.headers.getSetCookie();
    expect(setCookie).toHaveLength(2);
    expect(setCookie[0]).toMatch(/^qs_staff=/);
    expect(setCookie[1]).toMatch(/^qs_staff_device=/);
    for (const cookie of setCookie) expect(cookie).not.toContain('Secure');
  });
});
