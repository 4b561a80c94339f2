/**
 * `npm run doctor` against the fake LINE (Messaging API fake with the doctor's endpoints) and a real
 * store: all good, then one broken thing at a time, each a fail or warn line that says what to do. The
 * real command runs as a process too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addStaffAccount, changeStaffAccount } from '../../src/server/auth/staff-accounts.js';
import { loadConfig } from '../../src/server/config.js';
import { exitCodeOf, runChecks } from '../../src/server/ops/doctor/checks.js';
import type { CheckResult } from '../../src/server/ops/doctor/facts.js';
import { gatherFacts } from '../../src/server/ops/doctor/gather.js';
import { clientKey, inWindow, reserve } from '../../src/server/abuse/limits.js';
import { openStore } from '../../src/server/storage/open-store.js';
import { type FakeLineMessaging, startFakeLineMessaging } from '../fakes/line-messaging.js';
import { run } from '../process/process-support.js';
import { createPgDatabase, describeStores, dropPgDatabase, type StoreKind } from '../support/stores.js';

const ORIGIN = 'https://queue.clinic.example.jp';
const GENERAL = '1650000000-General1';
const MY = '1650000000-MyPage01';

let fake: FakeLineMessaging;
beforeAll(async () => {
  fake = await startFakeLineMessaging();
});
afterAll(() => fake?.close());
afterEach(() => expect(fake.unexpected).toEqual([]));

function goodEnv(dataDir: string): Record<string, string> {
  const keys = webpush.generateVAPIDKeys();
  return {
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: ORIGIN,
    LINE_API_BASE_URL: fake.url,
    LINE_LOGIN_CHANNEL_ID: fake.doctor.channelId,
    LINE_LOGIN_CHANNEL_SECRET: fake.doctor.channelSecret,
    LINE_LIFF_ID: GENERAL,
    LINE_LIFF_ID_MY: MY,
    LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: fake.doctor.botToken,
    LINE_MESSAGING_CHANNEL_SECRET: fake.doctor.channelSecret,
    VAPID_SUBJECT: 'mailto:it@clinic-yamada.jp',
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
    DOCTOR_TIMEOUT_SECONDS: '5',
  };
}

const doctor = async (env: Record<string, string>) => runChecks(await gatherFacts(loadConfig(env)));
const line = (results: CheckResult[], name: string) => {
  const found = results.find((r) => r.name.startsWith(name));
  if (!found) throw new Error(`no check named ${name}: ${results.map((r) => r.name).join(', ')}`);
  return found;
};

describeStores('npm run doctor', (kind: StoreKind) => {
  let dir: string;
  let env: Record<string, string>;

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cq-doctor-'));
    env = goodEnv(dir);
    if (kind === 'postgres') env.DATABASE_URL = await createPgDatabase();
    const store = await openStore(loadConfig(env));
    await addStaffAccount(store, 'reception1', 'correct horse battery');
    await store.close();
    fake.doctor.liffApps = [
      { liffId: GENERAL, view: { type: 'full', url: `${ORIGIN}/line` } },
      { liffId: MY, view: { type: 'full', url: `${ORIGIN}/line/my` } },
    ];
    Object.assign(fake.doctor, { hang: false, flood: false, clockOffsetSeconds: 0, webhook: { endpoint: `${ORIGIN}/line/webhook`, active: true } });
    fake.quota = { type: 'limited', value: 200, totalUsage: 12 };
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    if (env.DATABASE_URL) await dropPgDatabase(env.DATABASE_URL);
  });

  it('passes with everything in place: every line ok, exit code 0', async () => {
    const results = await doctor(env);
    expect(results.filter((r) => r.status !== 'ok')).toEqual([]);
    expect(exitCodeOf(results)).toBe(0);
    expect(line(results, 'LINE Login callback URL').detail).toContain(`${ORIGIN}/line/callback`);
    expect(line(results, 'LIFF app (/line/my)').detail).toContain(`${MY}, endpoint ${ORIGIN}/line/my`);
    expect(line(results, 'Messaging API quota').detail).toBe('188 of 200 messages left this month');
    expect(line(results, 'LINE chat webhook').detail).toBe(`${ORIGIN}/line/webhook, in use`);
    expect(line(results, 'store').detail).toMatch(/migrated \(\d+ migrations\), writable/);
  });

  it('fails with no staff account that may sign in, saying how to make or enable one', async () => {
    const store = await openStore(loadConfig(env));
    await changeStaffAccount(store, 'reception1', { action: 'disable' });
    await store.close();
    const staff = line(await doctor(env), 'staff accounts');
    expect(staff).toMatchObject({ status: 'fail', fix: expect.stringContaining('npm run staff -- enable') });
  });

  it('warns when every client counted in the last day came from one loopback address and TRUST_PROXY is unset', async () => {
    const store = await openStore(loadConfig(env));
    const near = clientKey('::ffff:127.0.0.1');
    for (let i = 0; i < 5; i++) await reserve(store.db, inWindow({ name: 'identity', max: 100, windowMs: 3600_000 }, near));
    await store.close();
    expect(line(await doctor(env), 'client addresses')).toMatchObject({ status: 'warn', fix: expect.stringContaining('TRUST_PROXY=127.0.0.1') });
    expect(line(await doctor({ ...env, TRUST_PROXY: 'loopback' }), 'client addresses').status).toBe('ok');
  });
});

// On SQLite only: the store plays no part in these.
describe('npm run doctor, one thing wrong at a time', () => {
  let dir: string;
  let env: Record<string, string>;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cq-doctor-'));
    env = goodEnv(dir);
    fake.doctor.liffApps = [{ liffId: GENERAL, view: { type: 'full', url: `${ORIGIN}/line` } }];
    Object.assign(fake.doctor, { hang: false, flood: false, clockOffsetSeconds: 0, webhook: { endpoint: `${ORIGIN}/line/webhook`, active: true } });
    fake.quota = { type: 'limited', value: 200, totalUsage: 0 };
    delete env.LINE_LIFF_ID_MY;
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('fails on no staff account, with the command that makes one', async () => {
    const results = await doctor(env);
    expect(line(results, 'staff accounts')).toMatchObject({ status: 'fail', fix: expect.stringContaining('npm run staff -- add') });
    expect(exitCodeOf(results)).toBe(1);
  });

  it('fails on a Messaging API token LINE refuses (401)', async () => {
    const results = await doctor({ ...env, LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'revoked-token' });
    expect(line(results, 'Messaging API token')).toMatchObject({
      status: 'fail',
      detail: 'LINE refused the token: 401',
      fix: expect.stringContaining('set LINE_MESSAGING_CHANNEL_ACCESS_TOKEN'),
    });
    expect(line(results, 'Messaging API quota').status).toBe('warn');
  });

  it('fails on a used-up monthly quota and warns when it runs low', async () => {
    fake.quota = { type: 'limited', value: 200, totalUsage: 200 };
    expect(line(await doctor(env), 'Messaging API quota')).toMatchObject({ status: 'fail', fix: expect.stringContaining('plan') });
    fake.quota = { type: 'limited', value: 200, totalUsage: 190 };
    expect(line(await doctor(env), 'Messaging API quota')).toMatchObject({ status: 'warn', detail: '10 of 200 messages left this month' });
  });

  it("fails on a chat webhook URL elsewhere, on one not in use and on LINE's refusal; warns without the channel secret", async () => {
    fake.doctor.webhook = { endpoint: 'https://old-host.example.jp/callback', active: true };
    expect(line(await doctor(env), 'LINE chat webhook')).toMatchObject({
      status: 'fail',
      detail: "the channel's webhook URL is https://old-host.example.jp/callback",
      fix: expect.stringContaining(`set the Webhook URL to ${ORIGIN}/line/webhook`),
    });
    fake.doctor.webhook = { endpoint: `${ORIGIN}/line/webhook`, active: false };
    expect(line(await doctor(env), 'LINE chat webhook')).toMatchObject({ status: 'fail', fix: expect.stringContaining('turn on "Use webhook"') });
    fake.doctor.webhook = 500;
    expect(line(await doctor(env), 'LINE chat webhook')).toMatchObject({ status: 'fail', detail: expect.stringContaining('answered 500') });
    fake.doctor.webhook = { endpoint: `${ORIGIN}/line/webhook`, active: true };
    const noSecret = { ...env };
    delete noSecret.LINE_MESSAGING_CHANNEL_SECRET;
    const results = await doctor(noSecret);
    expect(line(results, 'LINE chat webhook')).toMatchObject({ status: 'warn', fix: expect.stringContaining('set LINE_MESSAGING_CHANNEL_SECRET') });
    expect(results.filter((r) => r.status === 'fail').map((r) => r.name)).toEqual(['staff accounts']);
  });

  it('fails on a wrong channel secret and on a LIFF app whose endpoint is elsewhere', async () => {
    fake.doctor.liffApps = [{ liffId: GENERAL, view: { type: 'full', url: 'https://old-host.example.jp/line' } }];
    const results = await doctor(env);
    expect(line(results, 'LIFF app (general')).toMatchObject({ status: 'fail', fix: expect.stringContaining(`to ${ORIGIN}/line`) });
    const wrong = await doctor({ ...env, LINE_LOGIN_CHANNEL_SECRET: 'not-the-secret' });
    expect(line(wrong, 'LINE Login channel')).toMatchObject({ status: 'fail', detail: expect.stringContaining('invalid_client') });
  });

  it('ends with clear fail lines, not a hang, when LINE never answers', async () => {
    fake.doctor.hang = true;
    const results = await doctor({ ...env, DOCTOR_TIMEOUT_SECONDS: '0.5' });
    for (const name of ['LINE Login channel', 'Messaging API token']) {
      expect(line(results, name)).toMatchObject({ status: 'fail', detail: expect.stringContaining('did not answer within 0.5 s') });
    }
    expect(line(results, 'clock').status).toBe('warn');
    expect(exitCodeOf(results)).toBe(1);
  });

  it('ends with clear fail lines, not a full memory, when LINE answers with a body that never ends', async () => {
    fake.doctor.flood = true;
    const results = await doctor(env);
    for (const name of ['LINE Login channel', 'Messaging API token']) {
      expect(line(results, name)).toMatchObject({ status: 'fail', detail: expect.stringContaining('answered 200 with a body over 64 KiB') });
    }
    expect(exitCodeOf(results)).toBe(1);
  });

  it('fails on a public origin over plain http and on a missing VAPID subject', async () => {
    const noSubject = { ...env };
    delete noSubject.VAPID_SUBJECT;
    const results = await doctor({ ...noSubject, PUBLIC_ORIGIN: 'http://192.168.1.20:8080' });
    expect(line(results, 'public origin')).toMatchObject({ status: 'fail', fix: expect.stringContaining('https') });
    expect(line(results, 'Web Push contact')).toMatchObject({ status: 'fail', fix: expect.stringContaining('VAPID_SUBJECT') });
  });

  it("warns when this machine's clock is off from LINE's", async () => {
    fake.doctor.clockOffsetSeconds = -30;
    expect(line(await doctor(env), 'clock')).toMatchObject({ status: 'warn', detail: expect.stringMatching(/^(29|30|31) s ahead of LINE's$/) });
  });

  it('runs as a command: the report on stdout, exit code 0 when all is well and 1 when a check fails', async () => {
    const store = await openStore(loadConfig(env));
    await addStaffAccount(store, 'reception1', 'correct horse battery');
    await store.close();
    const good = await run('src/server/cli/doctor.ts', [], env, undefined, true).exited;
    expect(good.code, good.stdout + good.stderr).toBe(0);
    const lines = good.stdout.split('\n').filter((l) => /^(ok|warn|fail) /.test(l));
    expect(lines.length).toBeGreaterThanOrEqual(11);
    expect(lines.every((l) => l.startsWith('ok '))).toBe(true);
    const bad = await run('src/server/cli/doctor.ts', [], { ...env, LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'revoked' }, undefined, true).exited;
    expect(bad.code).toBe(1);
    expect(bad.stdout).toMatch(/^fail {2}Messaging API token +LINE refused the token: 401\. To do: /m);
  });
});
