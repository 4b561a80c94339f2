import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { clientKey } from '../../src/server/abuse/limits.js';
import type { Store } from '../../src/server/storage/port.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { callFn, mustCall, pwaPatient, staffCookie } from '../support/client.js';
import { describePostgres, openTestStore, type TestStore } from '../support/stores.js';

const servers: TestServer[] = [];
const stores: TestStore[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(stores.splice(0).map((s) => s.cleanup()));
});

async function server(env: Record<string, string>, store?: Store) {
  const s = await startTestServer({ env: { TRUST_PROXY: 'true', ...env }, store });
  servers.push(s);
  return s;
}

/** A call as if from `ip` (the server trusts X-Forwarded-For in these tests). */
async function from(ip: string, url: string, name: string, data: unknown, token?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(`${url}/api/fn/${name}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  return { status: response.status, body: (await response.json()) as Record<string, { status?: string; customToken?: string }> };
}

async function openReception(s: TestServer) {
  const cookie = await staffCookie(s.url, s.store);
  await mustCall(s.url, 'startInhouseReception', {}, { cookie });
  await mustCall(s.url, 'startOnlineReception', {}, { cookie });
  return cookie;
}

describe('ticket limit per client address', () => {
  it('lets a few patients behind one address book, then refuses with a clear message; other addresses go on', async () => {
    const s = await server({ RATE_LIMIT_TICKETS_PER_HOUR: '3' });
    const cookie = await staffCookie(s.url, s.store);
    await mustCall(s.url, 'startInhouseReception', {}, { cookie });
    const patients = await Promise.all(Array.from({ length: 5 }, () => pwaPatient(s.url)));
    // Tapping before online reception opens must not use up the allowance.
    for (const p of patients) {
      expect((await from('203.0.113.5', s.url, 'allocateNextSlot', { reservedType: 'PWA' }, p.token)).status).toBe(400);
    }
    await mustCall(s.url, 'startOnlineReception', {}, { cookie });
    const answers = [];
    for (const p of patients.slice(0, 4)) answers.push(await from('203.0.113.5', s.url, 'allocateNextSlot', { reservedType: 'PWA' }, p.token));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 429]);
    expect(answers[3].body.error).toEqual({ status: 'RESOURCE_EXHAUSTED', message: expect.stringContaining('上限') });
    expect((await from('198.51.100.7', s.url, 'allocateNextSlot', { reservedType: 'PWA' }, patients[4].token)).status).toBe(200);
  });

  it('does not limit trusted addresses (the clinic’s own network) or RATE_LIMIT=off', async () => {
    const envs: Record<string, string>[] = [{ RATE_LIMIT_TRUSTED: '192.0.2.0/24' }, { RATE_LIMIT: 'off' }];
    for (const env of envs) {
      const s = await server({ RATE_LIMIT_TICKETS_PER_HOUR: '1', ...env });
      await openReception(s);
      for (let i = 0; i < 3; i++) {
        const p = await pwaPatient(s.url);
        expect((await from('192.0.2.44', s.url, 'allocateNextSlot', { reservedType: 'PWA' }, p.token)).status).toBe(200);
      }
    }
  });

  it('never limits staff walk-in tickets', async () => {
    const s = await server({ RATE_LIMIT_TICKETS_PER_HOUR: '1' });
    const cookie = await openReception(s);
    for (let i = 0; i < 3; i++) await mustCall(s.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
  });
});

describe('new anonymous identities per client address', () => {
  it('refuses minting past the limit but keeps serving installs it already knows', async () => {
    const s = await server({ RATE_LIMIT_IDENTITIES_PER_HOUR: '2' });
    const ids = [randomUUID(), randomUUID(), randomUUID()];
    const mint = (id: string, ip = '203.0.113.9') => from(ip, s.url, 'exchangePwaInstallation', { installId: id });
    expect((await mint(ids[0])).status).toBe(200);
    expect((await mint(ids[1])).status).toBe(200);
    const refused = await mint(ids[2]);
    expect(refused.status).toBe(429);
    expect(refused.body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect((await mint(ids[0])).status).toBe(200); // the same install again: a fresh token, not a new identity
    expect((await mint(ids[2], '2001:db8:1:2::99')).status).toBe(200);
    const rows = await s.store.db.selectFrom('pwa_users').selectAll().execute();
    expect(rows.map((r) => r.uid).sort()).toEqual(ids.map((id) => `PWA_${id}`).sort());
  });
});

describe('staff sign-in throttling', () => {
  it('locks one user name at one address after repeated failures, even with the right password', async () => {
    const s = await server({ LOGIN_FAILURES_PER_15_MIN: '3', RATE_LIMIT: 'off' });
    await staffCookie(s.url, s.store); // creates an account we do not attack
    const { addStaffAccount } = await import('../../src/server/auth/staff-accounts.js');
    await addStaffAccount(s.store, 'desk', 'the right password');
    const login = (password: string, username = 'desk') =>
      fetch(`${s.url}/api/staff/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.77' },
        body: JSON.stringify({ username, password }),
      });
    for (let i = 0; i < 3; i++) expect((await login('wrong')).status).toBe(401);
    const locked = await login('the right password');
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ error: { status: 'RESOURCE_EXHAUSTED', message: expect.stringContaining('15分') } });
    expect((await login('wrong', 'someone-else')).status).toBe(401);
  });
});

describePostgres('limits shared by server processes on one database', () => {
  it('counts tickets taken through either server against one allowance', async () => {
    const t = await openTestStore('postgres');
    stores.push(t);
    // Several processes share one token secret, as README says they must.
    const env = { RATE_LIMIT_TICKETS_PER_HOUR: '2', TOKEN_SECRET: 'shared-secret-of-at-least-32-characters' };
    const a = await server(env, t.store);
    const b = await server(env, await t.reopen());
    await openReception(a);
    const [p1, p2, p3] = [await pwaPatient(a.url), await pwaPatient(a.url), await pwaPatient(a.url)];
    expect((await from('203.0.113.20', a.url, 'allocateNextSlot', { reservedType: 'PWA' }, p1.token)).status).toBe(200);
    expect((await from('203.0.113.20', b.url, 'allocateNextSlot', { reservedType: 'PWA' }, p2.token)).status).toBe(200);
    expect((await from('203.0.113.20', a.url, 'allocateNextSlot', { reservedType: 'PWA' }, p3.token)).status).toBe(429);
    expect((await callFn(b.url, 'getMyReservation', {}, { token: p3.token })).body).toEqual({ result: { reservation: null, family: [] } });
  });
});

describe('clientKey', () => {
  it('groups IPv6 by its /56 (a home line’s delegation, many /64s) and leaves IPv4 whole', () => {
    expect(clientKey('2001:db8:1:2::99')).toBe('2001:db8:1:0::/56');
    expect(clientKey('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:0::/56');
    // Two /64s of one /56 are one client; the next /56 is another.
    expect(clientKey('2001:db8:1:ff::1')).toBe(clientKey('2001:db8:1:1::1'));
    expect(clientKey('2001:db8:1:1ff::1')).toBe('2001:db8:1:100::/56');
    expect(clientKey('2001:db8::1')).toBe('2001:db8:0:0::/56');
    // '::' in the middle stands for as many zero groups as are missing, not always the lower half.
    expect(clientKey('2001:db8::3ff:0:0:0:1')).toBe('2001:db8:0:300::/56');
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5');
  });
});
