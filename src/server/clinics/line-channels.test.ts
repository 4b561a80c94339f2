/**
 * A clinic's own LINE channels (decision 079): the rules of a settings file, the webhook's delivery check
 * and a clinic's `Config` without a store; then, on both stores, the sealing round trip and that a value
 * sealed for one clinic, or under another key, opens for no other.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import pg from 'pg';
import { describePostgres, describeStores, openTestStore, type TestStore } from '../../../test/support/stores.js';
import { loadConfig } from '../config.js';
import { createClinic } from '../storage/clinic-rows.js';
import type { Store } from '../storage/port.js';
import { checkClinicSettings, clinicConfig, ClinicSettingsError, clearClinicOverlay, deliveryForClinic, readClinicOverlay, writeClinicOverlay } from './line-channels.js';

const KEY = 'a-server-secret-of-enough-length-000';
const BOT = `U${'ab12'.repeat(8)}`;
const SECRETS = {
  LINE_LOGIN_CHANNEL_SECRET: 'login-secret-b-7f3a',
  LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'access-token-b-91c2',
  LINE_MESSAGING_CHANNEL_SECRET: 'channel-secret-b-44d0',
  LINE_MINIAPP_CHANNEL_SECRET: 'miniapp-secret-b-e5b8',
};
const FILE = {
  CLINIC_NAME: 'B内科',
  LINE_LOGIN_CHANNEL_ID: '2001234567',
  LINE_LIFF_ID: '2001234567-AbCdEfGh',
  LINE_OFFICIAL_ACCOUNT_URL: 'https://lin.ee/b-naika',
  LINE_BOT_PROMPT: 'normal',
  LINE_BOT_USER_ID: BOT,
  LINE_MINIAPP_CHANNEL_ID: '2007654321',
  LINE_SERVICE_TEMPLATE: 'queue_status_ja',
  LINE_SERVICE_PARAMS: 'num=number, wait=ahead',
  ...SECRETS,
};

const problems = (settings: Record<string, string>): string[] => {
  try {
    checkClinicSettings(settings);
  } catch (err) {
    if (err instanceof ClinicSettingsError) return err.problems;
    throw err;
  }
  return [];
};

describe('a clinic’s settings file, by the environment’s own rules', () => {
  it('keeps the values set, trimmed, and drops the empty ones', () => {
    expect(checkClinicSettings({ CLINIC_NAME: '  B内科 ', LINE_LIFF_ID: '', LINE_LOGIN_CHANNEL_SECRET: 's' })).toEqual({ CLINIC_NAME: 'B内科', LINE_LOGIN_CHANNEL_SECRET: 's' });
  });

  it('refuses every unknown name and bad value at once, naming each but never its value', () => {
    const said = problems({
      LINE_CHANNEL_SECRET: 'pasted-secret-0000',
      DATABASE_URL: 'postgres://x',
      LINE_OFFICIAL_ACCOUNT_URL: 'not-a-url-9999',
      LINE_BOT_PROMPT: 'loud',
      LINE_BOT_USER_ID: 'U1234',
      LINE_SERVICE_PARAMS: 'num=seat',
    });
    expect(said.map((p) => p.split(':')[0])).toEqual([
      'LINE_CHANNEL_SECRET',
      'DATABASE_URL',
      'LINE_OFFICIAL_ACCOUNT_URL',
      'LINE_BOT_PROMPT',
      'LINE_BOT_USER_ID',
      'LINE_SERVICE_PARAMS',
    ]);
    expect(said[0]).toMatch(/not a setting a clinic holds of its own \(these are: CLINIC_NAME, /);
    for (const value of ['pasted-secret-0000', 'postgres://x', 'not-a-url-9999', 'loud', 'U1234', 'seat']) expect(said.join('\n')).not.toContain(value);
  });

  it('refuses a service template without the clinic’s own MINI App channel and keys', () => {
    expect(problems({ LINE_SERVICE_TEMPLATE: 'queue_status_ja', LINE_MINIAPP_CHANNEL_ID: '1' })).toEqual([expect.stringMatching(/^LINE_SERVICE_TEMPLATE needs/)]);
    expect(problems(FILE)).toEqual([]);
  });
});

describe('which webhook deliveries are the clinic’s', () => {
  it('takes any delivery when no bot user id is set, and only its own bot’s when one is', () => {
    expect(deliveryForClinic(BOT, undefined)).toBe(true);
    expect(deliveryForClinic(undefined, undefined)).toBe(true);
    expect(deliveryForClinic(BOT, BOT)).toBe(true);
    expect(deliveryForClinic(`U${'cd34'.repeat(8)}`, BOT)).toBe(false);
    expect(deliveryForClinic(undefined, BOT)).toBe(false);
    expect(deliveryForClinic(BOT.toUpperCase(), BOT)).toBe(false);
    expect(deliveryForClinic([BOT], BOT)).toBe(false);
  });
});

describe('a clinic’s Config', () => {
  const base = loadConfig({ CLINIC_NAME: 'Aクリニック', LINE_LOGIN_CHANNEL_ID: 'a-id', LINE_LOGIN_CHANNEL_SECRET: 'a-secret', LINE_MESSAGING_CHANNEL_ACCESS_TOKEN: 'a-token', LINE_BOT_PROMPT: 'none', LINE_SERVICE_PARAMS: 'n=number' });

  it('gives another clinic none of the environment’s channels, only its own', () => {
    const b = clinicConfig(base, { LINE_LOGIN_CHANNEL_ID: 'b-id', LINE_LOGIN_CHANNEL_SECRET: 'b-secret' }, false);
    expect(b).toMatchObject({ LINE_LOGIN_CHANNEL_ID: 'b-id', LINE_LOGIN_CHANNEL_SECRET: 'b-secret', CLINIC_NAME: 'クリニック', LINE_BOT_PROMPT: 'aggressive', LINE_SERVICE_PARAMS: [] });
    expect(b.LINE_MESSAGING_CHANNEL_ACCESS_TOKEN).toBeUndefined();
    expect(b.PORT).toBe(base.PORT);
  });

  it('lets the clinic default keep the environment’s for what it did not set', () => {
    expect(clinicConfig(base, { LINE_BOT_USER_ID: BOT }, true)).toEqual({ ...base, LINE_BOT_USER_ID: BOT });
  });
});

describeStores('a clinic’s own LINE channels in its store', (kind) => {
  let t: TestStore;
  let b: Store;
  beforeEach(async () => {
    t = await openTestStore(kind);
    b = await createClinic(t.store, 'clinic-b', null, '2026-12-02T00:00:00.000Z');
  });
  afterEach(() => t.cleanup());

  const stored = async (clinic: string) =>
    (await sql<Record<string, string | null>>`select * from line_channels where clinic_id = ${clinic}`.execute(t.store.deployment)).rows[0];

  it('reads back exactly what the clinic set, secrets opened, and holds none of them in clear', async () => {
    await writeClinicOverlay(b, KEY, { ...FILE, LINE_LIFF_ID_MY: '' });
    const overlay = await readClinicOverlay(b, KEY);
    expect(overlay).toEqual({
      config: { ...FILE, LINE_SERVICE_PARAMS: [['num', 'number'], ['wait', 'ahead']] },
      unusable: [],
    });
    const row = JSON.stringify(await stored('clinic-b'));
    for (const secret of Object.values(SECRETS)) expect(row).not.toContain(secret);
    expect(row).toContain('B内科');
    // The clinic default set nothing: the environment's settings are its own.
    expect(await readClinicOverlay(t.store, KEY)).toEqual({ config: {}, unusable: [] });
  });

  it('replaces the whole set on a new file, writes nothing on a bad one, and clears', async () => {
    await writeClinicOverlay(b, KEY, FILE);
    await writeClinicOverlay(b, KEY, { CLINIC_NAME: 'B内科 新館', LINE_MESSAGING_CHANNEL_SECRET: 'new-secret' });
    expect((await readClinicOverlay(b, KEY)).config).toEqual({ CLINIC_NAME: 'B内科 新館', LINE_MESSAGING_CHANNEL_SECRET: 'new-secret' });
    await expect(writeClinicOverlay(b, KEY, { CLINIC_NAME: 'C', LINE_BOT_PROMPT: 'loud' })).rejects.toThrow(/LINE_BOT_PROMPT/);
    expect((await readClinicOverlay(b, KEY)).config.CLINIC_NAME).toBe('B内科 新館');
    expect(await clearClinicOverlay(b)).toBe(true);
    expect(await clearClinicOverlay(b)).toBe(false);
    expect(await readClinicOverlay(b, KEY)).toEqual({ config: {}, unusable: [] });
  });

  it('opens no value sealed for another clinic, and none under another key', async () => {
    await writeClinicOverlay(t.store, KEY, { LINE_MESSAGING_CHANNEL_SECRET: 'secret-of-a' });
    await writeClinicOverlay(b, KEY, { LINE_MESSAGING_CHANNEL_SECRET: 'secret-of-b', LINE_LOGIN_CHANNEL_SECRET: 'login-of-b' });
    const sealedForA = (await stored('default'))!.messaging_channel_secret;
    // A's sealed value copied into B's row, and B's own login secret moved to B's messaging column.
    await sql`update line_channels set messaging_channel_secret = ${sealedForA} where clinic_id = 'clinic-b'`.execute(t.store.deployment);
    expect(await readClinicOverlay(b, KEY)).toEqual({
      config: { LINE_LOGIN_CHANNEL_SECRET: 'login-of-b' },
      unusable: [{ name: 'LINE_MESSAGING_CHANNEL_SECRET', reason: 'unopened' }],
    });
    const login = (await stored('clinic-b'))!.login_channel_secret;
    await sql`update line_channels set messaging_channel_secret = ${login} where clinic_id = 'clinic-b'`.execute(t.store.deployment);
    expect((await readClinicOverlay(b, KEY)).unusable).toEqual([{ name: 'LINE_MESSAGING_CHANNEL_SECRET', reason: 'unopened' }]);
    expect((await readClinicOverlay(t.store, KEY)).config).toEqual({ LINE_MESSAGING_CHANNEL_SECRET: 'secret-of-a' });
  });

  it('leaves out, by name, every secret another key sealed, and the template that needs one', async () => {
    await writeClinicOverlay(b, KEY, FILE);
    const other = await readClinicOverlay(b, 'another-server-secret-of-length-0000');
    expect(other.unusable).toEqual([
      { name: 'LINE_LOGIN_CHANNEL_SECRET', reason: 'unopened' },
      { name: 'LINE_MESSAGING_CHANNEL_ACCESS_TOKEN', reason: 'unopened' },
      { name: 'LINE_MESSAGING_CHANNEL_SECRET', reason: 'unopened' },
      { name: 'LINE_MINIAPP_CHANNEL_SECRET', reason: 'unopened' },
      { name: 'LINE_SERVICE_TEMPLATE', reason: 'invalid' },
    ]);
    expect(Object.keys(other.config).sort()).toEqual(
      ['CLINIC_NAME', 'LINE_LOGIN_CHANNEL_ID', 'LINE_LIFF_ID', 'LINE_OFFICIAL_ACCOUNT_URL', 'LINE_BOT_PROMPT', 'LINE_BOT_USER_ID', 'LINE_MINIAPP_CHANNEL_ID', 'LINE_SERVICE_PARAMS'].sort(),
    );
  });
});

describePostgres('a clinic’s LINE row behind row-level security', () => {
  it('shows a connection of one clinic none of another clinic’s row', async () => {
    const t = await openTestStore('postgres');
    const b = await createClinic(t.store, 'clinic-b', null, '2026-12-02T00:00:00.000Z');
    await writeClinicOverlay(t.store, KEY, { CLINIC_NAME: 'A' });
    await writeClinicOverlay(b, KEY, { CLINIC_NAME: 'B' });
    // The server's kind of role: not a superuser (superusers skip row security).
    const name = `app_${Math.random().toString(16).slice(2, 10)}`;
    await sql.raw(`create role ${name} login`).execute(t.store.deployment);
    await sql.raw(`grant select on line_channels to ${name}`).execute(t.store.deployment);
    const url = new URL(t.url!);
    url.username = name;
    const role = new pg.Client({ connectionString: url.toString() });
    await role.connect();
    try {
      const names = async () => (await role.query<{ clinic_name: string }>('select clinic_name from line_channels')).rows.map((r) => r.clinic_name);
      expect(await names()).toEqual([]);
      await role.query(`select set_config('app.clinic', 'clinic-b', false)`);
      expect(await names()).toEqual(['B']);
    } finally {
      await role.end();
      await t.cleanup();
    }
  });
});
