/**
 * `npm run clinic -- line …` (decision 079) on both stores: a clinic's own LINE settings from a file of .env
 * lines, shown without a secret, refused whole on any problem, cleared; an export file that holds none of
 * the secrets (its bytes searched for each, clear and sealed), and what an import on another deployment gets.
 * Then the real command, as the operator runs it.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeStores, openTestStore, type TestStore } from '../support/stores.js';
import * as clinics from '../../src/server/ops/clinics.js';
import { clearClinicLine, setClinicLine, showClinicLine } from '../../src/server/ops/clinic-line.js';
import { readClinicOverlay } from '../../src/server/clinics/line-channels.js';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';

const NOW = '2026-12-02T00:00:00.000Z';
const KEY = 'a-server-secret-of-enough-length-000';
const SECRETS = ['login-secret-b-7f3a', 'access-token-b-91c2', 'channel-secret-b-44d0', 'miniapp-secret-b-e5b8'];
const FILE = `# clinic-b's LINE channels
CLINIC_NAME="B内科 クリニック"
LINE_LOGIN_CHANNEL_ID=2001234567
LINE_LOGIN_CHANNEL_SECRET=${SECRETS[0]}
export LINE_LIFF_ID=2001234567-AbCdEfGh
LINE_MESSAGING_CHANNEL_ACCESS_TOKEN='${SECRETS[1]}'
LINE_MESSAGING_CHANNEL_SECRET=${SECRETS[2]}
LINE_MINIAPP_CHANNEL_ID=2007654321
LINE_MINIAPP_CHANNEL_SECRET=${SECRETS[3]}
LINE_SERVICE_TEMPLATE=queue_status_ja
LINE_SERVICE_PARAMS=num=number,wait=ahead
LINE_BOT_USER_ID=U${'ab12'.repeat(8)}
`;

describeStores('a clinic’s own LINE settings, by the operator', (kind) => {
  let t: TestStore;
  let other: TestStore | undefined;
  beforeEach(async () => {
    t = await openTestStore(kind);
    await clinics.addClinic(t.store, 'clinic-b', null, ['b.example.jp'], NOW);
  });
  afterEach(async () => {
    await t.cleanup();
    await other?.cleanup();
    other = undefined;
  });

  it('sets them from a file, shows the secrets as set only, and clears them', async () => {
    expect(await setClinicLine(t.store, 'clinic-b', FILE, KEY)).toHaveLength(11);
    const shown = await showClinicLine(t.store, 'clinic-b', KEY);
    expect(shown).toContain('CLINIC_NAME=B内科 クリニック');
    expect(shown).toContain('LINE_SERVICE_PARAMS=num=number,wait=ahead');
    expect(shown).toContain('LINE_MESSAGING_CHANNEL_SECRET: set\n');
    expect(shown).toContain('LINE_LIFF_ID_MY: not set');
    for (const secret of SECRETS) expect(shown).not.toContain(secret);
    // Under another key the secrets are there but do not open: the operator is told to set them again.
    expect(await showClinicLine(t.store, 'clinic-b', 'another-server-secret-of-length-0000')).toContain(
      "LINE_LOGIN_CHANNEL_SECRET: set, but it does not open with this deployment's TOKEN_SECRET: set it again",
    );
    expect(await clearClinicLine(t.store, 'clinic-b')).toBe(true);
    expect(await showClinicLine(t.store, 'clinic-b', KEY)).toMatch(/^clinic clinic-b has no LINE settings of its own \(/);
    expect(await showClinicLine(t.store, 'default', KEY)).toContain('the environment’s settings apply');
    await expect(showClinicLine(t.store, 'clinic-x', KEY)).rejects.toThrow(/no clinic clinic-x/);
  });

  it('refuses a file with an unknown name, a bad value, a line without = or a name twice, and writes nothing', async () => {
    await setClinicLine(t.store, 'clinic-b', FILE, KEY);
    const before = await readClinicOverlay(t.store.forClinic('clinic-b'), KEY);
    const bad = [
      `${FILE}LINE_CHANNEL_SECRET=pasted-0000\n`,
      `${FILE}LINE_BOT_PROMPT=loud\n`,
      `${FILE}LINE_LIFF_ID_MY\n`,
      `${FILE}CLINIC_NAME=again\n`,
      'LINE_SERVICE_TEMPLATE=queue_status_ja\n',
    ];
    const said = [/LINE_CHANNEL_SECRET: not a setting/, /LINE_BOT_PROMPT: /, /line 13: not NAME=value/, /line 13: CLINIC_NAME a second time/, /LINE_SERVICE_TEMPLATE needs/];
    for (const [i, text] of bad.entries()) {
      const refused = setClinicLine(t.store, 'clinic-b', text, KEY);
      await expect(refused).rejects.toThrow(said[i]!);
      await expect(refused).rejects.toThrow(/^nothing was written/);
      await refused.catch((err: Error) => expect(err.message).not.toContain('pasted-0000'));
    }
    expect(await readClinicOverlay(t.store.forClinic('clinic-b'), KEY)).toEqual(before);
  });

  it('exports no secret, and an import elsewhere gets the rest, its secrets to be set again', async () => {
    await setClinicLine(t.store, 'clinic-b', FILE, KEY);
    const sealed = Object.values(
      (await sql<Record<string, string>>`select login_channel_secret, messaging_access_token, messaging_channel_secret, miniapp_channel_secret from line_channels where clinic_id = 'clinic-b'`.execute(t.store.deployment)).rows[0]!,
    );
    expect(sealed).toHaveLength(4);
    const dir = mkdtempSync(join(tmpdir(), 'cq-line-'));
    try {
      const file = join(dir, 'b.jsonl');
      const lines: string[] = [];
      await clinics.exportClinic(t.store, 'clinic-b', (line) => void lines.push(line));
      writeFileSync(file, `${lines.join('\n')}\n`);
      const bytes = readFileSync(file);
      for (const value of [...SECRETS, ...sealed]) expect(bytes.includes(value), value).toBe(false);
      expect(bytes.includes('2001234567-AbCdEfGh')).toBe(true);

      other = await openTestStore(kind);
      await clinics.importClinic(other.store, 'clinic-b', () => readFileSync(file, 'utf8').split('\n'), { replace: false, now: NOW });
      const imported = await readClinicOverlay(other.store.forClinic('clinic-b'), KEY);
      expect(imported.unusable).toEqual([{ name: 'LINE_SERVICE_TEMPLATE', reason: 'invalid' }]);
      expect(imported.config).toMatchObject({ CLINIC_NAME: 'B内科 クリニック', LINE_LOGIN_CHANNEL_ID: '2001234567', LINE_MINIAPP_CHANNEL_ID: '2007654321' });
      for (const name of ['LINE_LOGIN_CHANNEL_SECRET', 'LINE_MESSAGING_CHANNEL_ACCESS_TOKEN', 'LINE_MESSAGING_CHANNEL_SECRET', 'LINE_MINIAPP_CHANNEL_SECRET']) {
        expect(imported.config).not.toHaveProperty(name);
        expect(await showClinicLine(other.store, 'clinic-b', KEY)).toContain(`${name}: not set`);
      }
      // The operator sets the whole file again on the new deployment, with its own key.
      await setClinicLine(other.store, 'clinic-b', FILE, 'the-other-deployment-secret-000000');
      expect((await readClinicOverlay(other.store.forClinic('clinic-b'), 'the-other-deployment-secret-000000')).unusable).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('npm run clinic -- line, as the operator runs it', () => {
  const run = promisify(execFile);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cq-line-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  // The server's key from DATA_DIR, as the server generates it: the command uses the same.
  const cli = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/cli/clinic.ts', ...args], { env: { ...process.env, DATA_DIR: dir, TOKEN_SECRET: '', DATABASE_URL: '' } });

  it('sets, shows, exports without a secret, and clears', async () => {
    await cli('add', 'clinic-b');
    const settings = join(dir, 'b.env');
    writeFileSync(settings, FILE);
    expect((await cli('line', 'clinic-b', '--env', settings)).stdout).toMatch(/^clinic clinic-b: 11 LINE settings written \(CLINIC_NAME, /);
    const shown = (await cli('line', 'clinic-b')).stdout;
    expect(shown).toContain('LINE_LOGIN_CHANNEL_SECRET: set\n');
    for (const secret of SECRETS) expect(shown).not.toContain(secret);
    // Sealed with DATA_DIR's token-secret: the server, reading the same, opens them.
    const store = await openSqliteStore(join(dir, 'clinic-queue.sqlite'));
    const secret = readFileSync(join(dir, 'token-secret'), 'utf8').trim();
    expect((await readClinicOverlay(store.forClinic('clinic-b'), secret)).config.LINE_MESSAGING_CHANNEL_SECRET).toBe(SECRETS[2]);
    await store.close();

    writeFileSync(join(dir, 'bad.env'), `${FILE}LINE_CHANNEL_SECRET=${SECRETS[0]}\n`);
    const refused = await cli('line', 'clinic-b', '--env', join(dir, 'bad.env')).catch((err: { code: number; stderr: string; stdout: string }) => err);
    expect(refused).toMatchObject({ code: 1, stderr: expect.stringMatching(/^nothing was written:\n {2}LINE_CHANNEL_SECRET: not a setting/) });
    expect(`${(refused as { stderr: string }).stderr}${(refused as { stdout: string }).stdout}`).not.toContain(SECRETS[0]);

    const file = join(dir, 'b.jsonl');
    await cli('export', 'clinic-b', file);
    const bytes = readFileSync(file);
    for (const value of SECRETS) expect(bytes.includes(value), value).toBe(false);
    expect((await cli('import', 'clinic-c', file)).stdout).toMatch(/its LINE secrets are in no file: set them with npm run clinic -- line clinic-c --env <file>/);
    expect((await cli('line', 'clinic-b', '--clear')).stdout).toBe('clinic clinic-b: its own LINE settings forgotten\n');
    expect((await cli('line', 'clinic-b')).stdout).toMatch(/^clinic clinic-b has no LINE settings of its own/);
  });
});
