/**
 * Every LINE sign-in (a code exchange or a LIFF ID-token check) spends the clinic's LINE channel, so one
 * address may make only so many an hour: reserved before LINE is asked, so a parallel flood cannot pass.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { staffLabels } from '../../src/shared/labels/staff.js';
import { label } from '../../src/shared/labels/text.js';
import { LINE_PATHS, lineEnv, randomLineUserId, startFakeLine, type FakeLine } from '../fakes/line-server.js';
import { startTestServer, type TestServer } from '../support/server.js';

const redirectUri = 'https://clinic.example/line/callback?to=book';
const LIMIT = 3;
let fake: FakeLine;
let s: TestServer;

beforeAll(async () => {
  fake = await startFakeLine();
  s = await startTestServer({ env: { ...lineEnv(fake), TRUST_PROXY: 'true', RATE_LIMIT_LINE_SIGNINS_PER_HOUR: String(LIMIT), RATE_LIMIT_TRUSTED: '192.0.2.0/24' } });
});
afterEach(() => {
  expect(fake.unexpected).toEqual([]);
});
afterAll(async () => {
  await s?.close();
  await fake?.close();
});

async function from(ip: string, name: string, data: unknown) {
  const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
  const response = await fetch(`${s.url}/api/fn/${name}`, { method: 'POST', headers, body: JSON.stringify({ data }) });
  return { status: response.status, body: (await response.json()) as { error?: { status: string; message: string } } };
}

const exchangeCode = (ip: string) =>
  from(ip, 'exchangeLineCode', { code: fake.issueCode({ userId: randomLineUserId(), displayName: 'a', redirectUri }), state: 'st', redirectUri });
const exchangeIdToken = async (ip: string) =>
  from(ip, 'exchangeLineIdToken', { idToken: await fake.issueIdToken({ userId: randomLineUserId(), displayName: 'b' }) });
const refused = { status: 429, body: { error: { status: 'RESOURCE_EXHAUSTED', message: label(staffLabels, 'ja', 'error.rateLimitedIdentities') } } };
const lineCalls = (start: number) => fake.requests.slice(start).filter((r) => r.path === LINE_PATHS.token || r.path === LINE_PATHS.verify);

describe('LINE sign-ins per client address', () => {
  it('20 code exchanges at once from one address: at most the limit reach LINE, the rest are refused', async () => {
    const start = fake.requests.length;
    const answers = await Promise.all(Array.from({ length: 20 }, () => exchangeCode('203.0.113.30')));
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status !== 200)).toEqual(Array(20 - LIMIT).fill(refused));
    expect(lineCalls(start).filter((r) => r.path === LINE_PATHS.token)).toHaveLength(LIMIT);
  });

  it('ID-token checks share the allowance, and refused ones never reach LINE; other and trusted addresses go on', async () => {
    const start = fake.requests.length;
    const answers = await Promise.all(Array.from({ length: 10 }, () => exchangeIdToken('2001:db8:7:1::5')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(LIMIT);
    expect(lineCalls(start)).toHaveLength(LIMIT);
    // The same /56: the allowance is spent for code exchanges too.
    expect(await exchangeCode('2001:db8:7:2::5')).toEqual(refused);
    expect(lineCalls(start)).toHaveLength(LIMIT);
    expect((await exchangeCode('198.51.100.30')).status).toBe(200);
    for (let i = 0; i < LIMIT + 2; i++) expect((await exchangeIdToken('192.0.2.30')).status).toBe(200);
  });
});
