/**
 * `npm run doctor` on a deployment of several clinics (decisions 078, 079), over a real store and the fake
 * LINE: a deployment section, then one section per clinic with its state, its hosts, its staff and the LINE
 * checks run against the channels that clinic runs with (its sealed settings, not the environment's).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from 'vitest';
import { addStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { writeClinicOverlay } from '../../src/server/clinics/line-channels.js';
import { loadConfig } from '../../src/server/config.js';
import { exitCodeOf } from '../../src/server/ops/doctor/checks.js';
import { doctorSections, type Section } from '../../src/server/ops/doctor/clinic-checks.js';
import { gatherDeployment } from '../../src/server/ops/doctor/clinic-facts.js';
import { addClinic, setDisabled } from '../../src/server/ops/clinics.js';
import { openStore } from '../../src/server/storage/open-store.js';
import { type FakeLineMessaging, startFakeLineMessaging } from '../fakes/line-messaging.js';
import { run } from '../process/process-support.js';
import { createPgDatabase, describeStores, dropPgDatabase, type StoreKind } from '../support/stores.js';

const ORIGIN = 'https://queue.clinic.example.jp';
const GENERAL = '1650000000-General1';
const B_GENERAL = '1650000000-ClinicB1';
const B_HOST = 'b.example.jp';
const SECRET = 'doctor-clinics-test-token-secret-0123456789';
const NOW = '2026-12-01T00:00:00.000Z';

let fake: FakeLineMessaging;
beforeAll(async () => {
  fake = await startFakeLineMessaging();
});
afterAll(() => fake?.close());
afterEach(() => expect(fake.unexpected).toEqual([]));

const doctor = async (env: Record<string, string>, only?: string) => doctorSections(await gatherDeployment(loadConfig(env), only));
const section = (sections: Section[], title: string) => {
  const found = sections.find((s) => s.title === title);
  if (!found) throw new Error(`no section ${title}: ${sections.map((s) => s.title).join(', ')}`);
  return found.results;
};
const line = (results: Section['results'], name: string) => {
  const found = results.find((r) => r.name.startsWith(name));
  if (!found) throw new Error(`no check named ${name}: ${results.map((r) => r.name).join(', ')}`);
  return found;
};
const exitOf = (sections: Section[]) => exitCodeOf(sections.flatMap((s) => s.results));

describeStores('npm run doctor, clinic by clinic', (kind: StoreKind) => {
  let dir: string;
  let env: Record<string, string>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cq-doctor-clinics-'));
    const keys = webpush.generateVAPIDKeys();
    env = {
      DATA_DIR: dir,
      TOKEN_SECRET: SECRET,
      PUBLIC_ORIGIN: ORIGIN,
      LINE_API_BASE_URL: fake.url,
      LINE_LOGIN_CHANNEL_ID: fake.doctor.channelId,
      LINE_LOGIN_CHANNEL_SECRET: fake.doctor.channelSecret,
      LINE_LIFF_ID: GENERAL,
      LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: fake.doctor.botToken,
      LINE_MESSAGING_CHANNEL_SECRET: fake.doctor.channelSecret,
      VAPID_SUBJECT: 'mailto:it@clinic-yamada.jp',
      VAPID_PUBLIC_KEY: keys.publicKey,
      VAPID_PRIVATE_KEY: keys.privateKey,
      DOCTOR_TIMEOUT_SECONDS: '5',
    };
    if (kind === 'postgres') env.DATABASE_URL = await createPgDatabase();
    const store = await openStore(loadConfig(env));
    await addStaffAccount(store, 'reception1', 'correct horse battery');
    // clinic-b: reachable, its own Login channel and LIFF app, and a Messaging token LINE refuses.
    await addClinic(store, 'clinic-b', 'さくら内科', [B_HOST], NOW);
    await addStaffAccount(store.forClinic('clinic-b'), 'desk-b', 'correct horse battery');
    await writeClinicOverlay(store.forClinic('clinic-b'), SECRET, {
      LINE_LOGIN_CHANNEL_ID: fake.doctor.channelId,
      LINE_LOGIN_CHANNEL_SECRET: fake.doctor.channelSecret,
      LINE_LIFF_ID: B_GENERAL,
      LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'revoked-for-clinic-b',
    });
    // clinic-c: added without a host, no staff, no settings. clinic-d: disabled.
    await addClinic(store, 'clinic-c', null, [], NOW);
    await addClinic(store, 'clinic-d', null, ['d.example.jp'], NOW);
    await setDisabled(store, 'clinic-d', true, NOW);
    await store.close();
    fake.doctor.liffApps = [
      { liffId: GENERAL, view: { type: 'full', url: `${ORIGIN}/line` } },
      { liffId: B_GENERAL, view: { type: 'full', url: `https://${B_HOST}/line` } },
    ];
    Object.assign(fake.doctor, { hang: false, flood: false, clockOffsetSeconds: 0, webhook: { endpoint: `${ORIGIN}/line/webhook`, active: true } });
    fake.quota = { type: 'limited', value: 200, totalUsage: 12 };
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    if (env.DATABASE_URL) await dropPgDatabase(env.DATABASE_URL);
  });

  it('reports the deployment, then each clinic with its own channels: default first, a disabled clinic only by its state', async () => {
    const sections = await doctor(env);
    expect(sections.map((s) => s.title)).toEqual(['deployment', 'clinic default', 'clinic clinic-b', 'clinic clinic-c', 'clinic clinic-d']);
    expect(line(section(sections, 'deployment'), 'clinics')).toMatchObject({ status: 'ok', detail: '4 checked' });
    expect(line(section(sections, 'deployment'), 'server secret')).toMatchObject({ status: 'ok', detail: 'set in TOKEN_SECRET' });

    const byDefault = section(sections, 'clinic default');
    expect(byDefault.filter((r) => r.status !== 'ok')).toEqual([]);
    expect(line(byDefault, 'public origin').detail).toBe(ORIGIN);

    // clinic-b's checks ran with its sealed settings: its LIFF app at its host is fine, its token is refused.
    const b = section(sections, 'clinic clinic-b');
    expect(line(b, 'state').detail).toBe('open ("さくら内科")');
    expect(line(b, 'hosts')).toMatchObject({ status: 'ok', detail: B_HOST });
    expect(line(b, 'public origin')).toMatchObject({ status: 'ok', detail: `https://${B_HOST}` });
    expect(line(b, 'LINE Login channel').status).toBe('ok');
    expect(line(b, 'LIFF app (general, /line)')).toMatchObject({ status: 'ok', detail: expect.stringContaining(B_GENERAL) });
    expect(line(b, 'Messaging API token')).toMatchObject({ status: 'fail', detail: expect.stringContaining('refused') });
    expect(line(b, 'staff accounts')).toMatchObject({ status: 'ok', detail: '1 active' });

    // clinic-c inherits nothing of the environment's channels, and nobody can reach it.
    const c = section(sections, 'clinic clinic-c');
    expect(line(c, 'hosts')).toMatchObject({ status: 'fail', detail: expect.stringContaining('nobody can reach'), fix: expect.stringContaining('host-add clinic-c') });
    expect(line(c, 'LINE Login channel').status).toBe('fail');
    expect(line(c, 'staff accounts')).toMatchObject({ status: 'fail', fix: expect.stringContaining('--clinic clinic-c') });

    const d = section(sections, 'clinic clinic-d');
    expect(d.map((r) => r.name)).toEqual(['state', 'hosts']);
    expect(line(d, 'state').detail).toContain('disabled');
    expect(exitOf(sections)).toBe(1);
  });

  it('checks one clinic with --clinic, and fails on a clinic the store does not hold', async () => {
    const only = await doctor(env, 'default');
    expect(only.map((s) => s.title)).toEqual(['deployment', 'clinic default']);
    expect(exitOf(only)).toBe(0);
    const none = await doctor(env, 'nowhere');
    expect(none.map((s) => s.title)).toEqual(['deployment']);
    expect(line(section(none, 'deployment'), 'clinics')).toMatchObject({ status: 'fail', detail: 'no clinic nowhere (npm run clinic -- list)' });
    expect(exitOf(none)).toBe(1);
  });

  it("names a clinic's sealed settings that no longer open with the server secret, never their values", async () => {
    const sections = await doctor({ ...env, TOKEN_SECRET: 'another-server-secret-0123456789abcdef' }, 'clinic-b');
    const own = line(section(sections, 'clinic clinic-b'), 'own settings');
    expect(own.status).toBe('fail');
    expect(own.detail).toContain('LINE_LOGIN_CHANNEL_SECRET (does not open with this server secret)');
    expect(own.detail).toContain('LINE_MESSAGING_CHANNEL_ACCESS_TOKEN');
    expect(own.detail).not.toContain(fake.doctor.channelSecret);
  });

  it('runs as a command, grouped by clinic: exit 1 for the whole deployment, 0 for --clinic default', async () => {
    const all = await run('src/server/cli/doctor.ts', [], env, undefined, true).exited;
    expect(all.code, all.stdout + all.stderr).toBe(1);
    expect(all.stdout).toMatch(/^\[clinic clinic-c\]\nok {4}state +open \(no name\)\nfail {2}hosts +none listed: nobody can reach this clinic\. To do: /m);
    expect(all.stdout).toMatch(/fail \(in: clinic clinic-b; clinic clinic-c\)$/m);
    const one = await run('src/server/cli/doctor.ts', ['--clinic', 'default'], env, undefined, true).exited;
    expect(one.stdout).toContain('[clinic default]');
    expect(one.stdout).not.toContain('[clinic clinic-b]');
    expect(one.code, one.stdout).toBe(0);
  });
});
