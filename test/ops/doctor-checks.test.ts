/** The doctor's checks as pure functions of gathered facts: no process, no network. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import type { DoctorFacts, Probe } from '../../src/server/ops/doctor/facts.js';
import { checkLiffApps } from '../../src/server/ops/doctor/line-checks.js';
import { checkClock, checkStore, checkVapidKeys } from '../../src/server/ops/doctor/local-checks.js';
import { checkClientAddresses } from '../../src/server/ops/doctor/proxy-checks.js';
import { checkWebhook } from '../../src/server/ops/doctor/webhook-checks.js';

const answer = (date: string | null, receivedAt: number): Probe => ({ kind: 'answer', status: 200, body: {}, date, receivedAt });

function facts(env: Record<string, string>, over: Partial<DoctorFacts> = {}): DoctorFacts {
  return {
    config: loadConfig({ PUBLIC_ORIGIN: 'https://q.clinic.jp', ...env }),
    login: { token: null, apps: null },
    messaging: { bot: null, quota: null, consumption: null, webhook: null },
    vapidFile: { found: false },
    store: { ok: false, error: 'not opened' },
    ...over,
  };
}

describe('doctor checks', () => {
  it('compares the clock with the Date of a LINE answer: ok, warn past 5 s, fail past 5 minutes', () => {
    const at = Date.parse('2026-04-01T09:00:00Z');
    const clock = (skewSeconds: number) =>
      checkClock(facts({}, { messaging: { bot: answer(new Date(at - skewSeconds * 1000).toUTCString(), at), quota: null, consumption: null, webhook: null } }));
    expect(clock(0)).toMatchObject({ status: 'ok', detail: "agrees with LINE's" });
    expect(clock(5).status).toBe('ok');
    expect(clock(6)).toMatchObject({ status: 'warn', detail: "6 s ahead of LINE's" });
    expect(clock(-400)).toMatchObject({ status: 'fail', detail: expect.stringContaining("400 s behind LINE's") });
    expect(checkClock(facts({})).status).toBe('warn');
  });

  it('warns about TRUST_PROXY=true, and about one near address for every client while TRUST_PROXY is unset', () => {
    const store = (addresses: string[], units: number): DoctorFacts['store'] => ({
      ok: true, dialect: 'sqlite', migrations: 1, writeError: null, activeStaff: 1, disabledStaff: 0, recentClients: { addresses, units }, clinics: 1, rowSecurity: null,
    });
    const check = (env: Record<string, string>, addresses: string[], units = 40) => checkClientAddresses(facts(env, { store: store(addresses, units) }));
    expect(check({ TRUST_PROXY: 'true' }, ['203.0.113.7', '198.51.100.2'])).toMatchObject({ status: 'warn', fix: expect.stringContaining('TRUST_PROXY=127.0.0.1') });
    expect(check({}, ['127.0.0.1'])).toMatchObject({ status: 'warn', detail: expect.stringContaining('came from 127.0.0.1'), fix: expect.stringContaining('TRUST_PROXY=127.0.0.1') });
    expect(check({}, ['10.0.0.2']).status).toBe('warn');
    expect(check({}, ['0:0:0:0::/56']).status).toBe('warn'); // ::1, as limits key it
    // A proxy named, clients seen apart, a public address (no proxy of ours), or too few to say: nothing to warn about.
    expect(check({ TRUST_PROXY: '127.0.0.1' }, ['127.0.0.1']).status).toBe('ok');
    expect(check({}, ['127.0.0.1', '203.0.113.7']).status).toBe('ok');
    expect(check({}, ['203.0.113.7']).status).toBe('ok');
    expect(check({}, ['127.0.0.1'], 4).status).toBe('ok');
    expect(check({}, []).status).toBe('ok');
  });

  it('checks the shape of configured and generated VAPID keys', () => {
    const bad = checkVapidKeys(facts({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: 'def' }));
    expect(bad).toMatchObject({ status: 'fail', fix: expect.stringContaining('generate-vapid-keys') });
    const file = checkVapidKeys(facts({ DATA_DIR: '/d' }, { vapidFile: { found: true, error: 'not valid JSON' } }));
    expect(file).toMatchObject({ status: 'fail', detail: '/d/vapid-keys.json: not valid JSON' });
    expect(checkVapidKeys(facts({ DATABASE_URL: 'postgres://x/y' })).status).toBe('warn');
  });

  it("names a malformed LIFF id, one of another channel, and leaves pages without their own app out", () => {
    const [general, ...rest] = checkLiffApps(facts({ LINE_LOGIN_CHANNEL_ID: '1650000000', LINE_LIFF_ID: '1999999999-AbCdEfGh', LINE_LIFF_ID_ALL: 'liff-all' }));
    expect(general).toMatchObject({ status: 'fail', detail: expect.stringContaining('belongs to channel 1999999999') });
    expect(rest).toHaveLength(1);
    expect(rest[0]).toMatchObject({ name: 'LIFF app (/line/all)', status: 'fail', detail: expect.stringContaining('is not a LIFF ID') });
  });

  it("judges the chat webhook: a missing secret warns first, then PUBLIC_ORIGIN, a token and LINE's answer are needed", () => {
    const webhook = (body: Record<string, unknown>): Probe => ({ kind: 'answer', status: 200, body, date: null, receivedAt: 0 });
    const messaging = (probe: Probe | null) => ({ messaging: { bot: null, quota: null, consumption: null, webhook: probe } });
    const good = webhook({ endpoint: 'https://q.clinic.jp/line/webhook/', active: true });
    expect(checkWebhook(facts({}, messaging(good)))).toMatchObject({ status: 'warn', detail: expect.stringContaining('LINE_MESSAGING_CHANNEL_SECRET is not set') });
    const secret = { LINE_MESSAGING_CHANNEL_SECRET: 's3cret' };
    expect(checkWebhook(facts(secret, messaging(good)))).toMatchObject({ status: 'ok', detail: 'https://q.clinic.jp/line/webhook, in use' });
    expect(checkWebhook(facts(secret, messaging(null))).status).toBe('warn');
    expect(checkWebhook(facts(secret, messaging({ kind: 'timeout', seconds: 3 })))).toMatchObject({ status: 'fail', detail: expect.stringContaining('did not answer within 3 s') });
    expect(checkWebhook(facts(secret, messaging(webhook({ endpoint: '', active: false }))))).toMatchObject({ status: 'fail', detail: "the channel's webhook URL is (none)" });
    expect(checkWebhook({ ...facts(secret, messaging(good)), config: loadConfig(secret) })).toMatchObject({ status: 'fail', detail: 'unknown: PUBLIC_ORIGIN is not set' });
  });

  it('takes PUBLIC_ORIGIN as scheme and host only', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://q.clinic.jp/' }).PUBLIC_ORIGIN).toBe('https://q.clinic.jp');
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://q.clinic.jp/queue' })).toThrow(/PUBLIC_ORIGIN must be a scheme and host only/);
  });

  it('warns when PostgreSQL holds several clinics but its row security does not bind the server (decision 077)', () => {
    const store = (clinics: number, rowSecurity: boolean | null): DoctorFacts['store'] => ({
      ok: true, dialect: 'postgres', migrations: 30, writeError: null, activeStaff: 1, disabledStaff: 0, recentClients: { addresses: [], units: 0 }, clinics, rowSecurity,
    });
    const check = (clinics: number, rowSecurity: boolean | null) => checkStore(facts({ DATABASE_URL: 'postgres://x@127.0.0.1/db' }, { store: store(clinics, rowSecurity) }));
    expect(check(1, false)).toMatchObject({ status: 'ok' });
    expect(check(3, true)).toMatchObject({ status: 'ok', detail: expect.stringContaining('3 clinics') });
    expect(check(3, false)).toMatchObject({ status: 'warn', detail: expect.stringContaining('superuser or BYPASSRLS'), fix: expect.stringContaining('ordinary role') });
  });
});
