/**
 * TRUST_PROXY: forwarded headers count only when they come from a proxy the clinic named, so a client that
 * reaches the server directly cannot choose its own address (abuse limits key on it) or its own host (the
 * Origin check compares with it).
 */
import { randomUUID } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { mustCall, staffLogin } from '../support/client.js';
import { startTestServer, type TestServer } from '../support/server.js';
import { expectRefusal, rawPost } from './api-support.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function server(trustProxy: string, env: Record<string, string> = {}) {
  const s = await startTestServer({ env: { TRUST_PROXY: trustProxy, ...env } });
  servers.push(s);
  return s;
}

/** Signs in with the given headers; the audit trail's login entry records the address the server saw. */
async function addressSeen(s: TestServer, headers: Record<string, string>): Promise<string | null> {
  const username = `desk-${randomUUID().slice(0, 8)}`;
  await addStaffAccount(s.store, username, 'correct horse battery');
  const { status, cookie } = await staffLogin(s.url, username, 'correct horse battery', headers);
  expect(status).toBe(200);
  const { entries } = await mustCall<{ entries: { action: string; username: string; target: string | null }[] }>(
    s.url, 'getAuditLog', {}, { cookie: cookie! },
  );
  return entries.find((e) => e.action === 'login' && e.username === username)?.target ?? null;
}

describe('TRUST_PROXY as a list of proxies', () => {
  it('takes the client address from X-Forwarded-For only when the peer is a listed proxy', async () => {
    const trusted = await server('127.0.0.1');
    expect(await addressSeen(trusted, { 'x-forwarded-for': '203.0.113.7' })).toBe('203.0.113.7');
    // A client prepending its own entry is not believed: the address is the one our proxy appended.
    expect(await addressSeen(trusted, { 'x-forwarded-for': '198.51.100.1, 203.0.113.8' })).toBe('203.0.113.8');

    const elsewhere = await server('10.0.0.0/8, 192.0.2.1');
    expect(await addressSeen(elsewhere, { 'x-forwarded-for': '203.0.113.7' })).toBe('127.0.0.1');
    const none = await server('false');
    expect(await addressSeen(none, { 'x-forwarded-for': '203.0.113.7' })).toBe('127.0.0.1');
  });

  it('keeps `true` working (every peer trusted)', async () => {
    const s = await server('true');
    expect(await addressSeen(s, { 'x-forwarded-for': '203.0.113.9' })).toBe('203.0.113.9');
  });
});

describe('the Origin check reads the public host as the server framework does', () => {
  // With Web Push set up the function answers its key, so a request the check lets through gets exactly 200.
  const originServer = (trustProxy: string) => server(trustProxy, { VAPID_SUBJECT: 'mailto:clinic@example.com' });
  const call = (s: TestServer, headers: Record<string, string>) =>
    rawPost(`${s.url}/api/fn/getWebPushPublicKey`, JSON.stringify({ data: {} }), { 'content-type': 'application/json', ...headers });
  const expectAnswered = (answer: { status: number; text: string; body: unknown }) => {
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toEqual({ result: { publicKey: expect.stringMatching(/^[A-Za-z0-9_-]{87}$/) } });
  };

  it('accepts the forwarded public host from a listed proxy', async () => {
    const s = await originServer('127.0.0.1');
    expectAnswered(await call(s, { origin: 'https://clinic.example', 'x-forwarded-host': 'clinic.example' }));
  });

  it('uses the entry the proxy appended, not one the client sent ahead of it', async () => {
    const s = await originServer('127.0.0.1');
    const answer = await call(s, { origin: 'https://attacker.example', 'x-forwarded-host': 'attacker.example, clinic.example' });
    expectRefusal(answer, 'PERMISSION_DENIED');
  });

  it('ignores X-Forwarded-Host from a peer that is not a listed proxy', async () => {
    const s = await originServer('192.0.2.1');
    const answer = await call(s, { origin: 'https://attacker.example', 'x-forwarded-host': 'attacker.example' });
    expectRefusal(answer, 'PERMISSION_DENIED');
    expectAnswered(await call(s, { origin: s.url }));
  });
});
