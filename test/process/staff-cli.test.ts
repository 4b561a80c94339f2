/**
 * `npm run staff -- disable|enable|passwd|remove NAME` as an IT person runs them: a second process beside
 * the running server, on its SQLite file.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mustCall, staffLogin } from '../support/client.js';
import { killGroup, type ServerProcess, signal, staffCli, startServerProcess, within } from './process-support.js';

const SLOW = 240_000;
const dirs: string[] = [];
let current: ServerProcess | undefined;
afterEach(() => killGroup(current));
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const login = (url: string, username: string, password: string) => staffLogin(url, username, password);

const me = async (url: string, cookie: string) => (await fetch(`${url}/api/staff/me`, { headers: { cookie } })).status;

/** Opens the admin stream on a connection of its own; resolves after the first snapshot. */
function openAdminStream(url: string, cookie: string) {
  return new Promise<{ ended: Promise<void> }>((resolve, reject) => {
    const req = httpRequest(`${url}/api/live/admin`, { agent: false, headers: { cookie } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`admin stream: ${res.statusCode}`));
      let text = '';
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      res.on('data', (chunk: Buffer) => {
        const first = !text.includes('event: admin');
        text += chunk.toString();
        if (first && text.includes('event: admin')) resolve({ ended });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('npm run staff -- disable|enable|passwd|remove <username>', () => {
  it('each ends the account’s sessions and is audited; a disabled account signs in as a wrong password does', { timeout: SLOW }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cq-staff-cli-'));
    dirs.push(dataDir);
    const env = { DATA_DIR: dataDir };
    expect((await staffCli(['add', 'alice'], { ...env, STAFF_PASSWORD: 'alice-password-1' })).code).toBe(0);
    expect((await staffCli(['add', 'bob'], { ...env, STAFF_PASSWORD: 'bob-password-1' })).code).toBe(0);
    current = await startServerProcess(env);
    const { url } = current;
    const bob = (await login(url, 'bob', 'bob-password-1')).cookie!;

    // disable: the open session ends at once, the open admin stream at the server's next re-check
    // (on SQLite another process's change reaches the server through the periodic re-check, at most 30 s).
    const alice = (await login(url, 'alice', 'alice-password-1')).cookie!;
    const stream = await openAdminStream(url, alice);
    const disabled = await staffCli(['disable', 'alice'], env);
    expect(disabled.code, disabled.stderr).toBe(0);
    expect(disabled.stdout).toContain('staff account "alice" disabled');
    expect(await me(url, alice)).toBe(401);
    await within(stream.ended, 90_000, 'admin stream end after disable');
    const refused = await login(url, 'alice', 'alice-password-1');
    const wrong = await login(url, 'bob', 'not-the-password');
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual(wrong.body);
    expect(refused.cookie).toBeUndefined();

    // enable: signs in again.
    expect((await staffCli(['enable', 'alice'], env)).code).toBe(0);
    const enabled = await login(url, 'alice', 'alice-password-1');
    expect(enabled.status).toBe(200);

    // passwd (from standard input): the new password works, the old one and the open session do not.
    const passwd = await staffCli(['passwd', 'alice'], env, 'alice-password-2\n');
    expect(passwd.code, passwd.stderr).toBe(0);
    expect(await me(url, enabled.cookie!)).toBe(401);
    expect((await login(url, 'alice', 'alice-password-1')).status).toBe(401);
    const renewed = await login(url, 'alice', 'alice-password-2');
    expect(renewed.status).toBe(200);
    const short = await staffCli(['passwd', 'alice'], { ...env, STAFF_PASSWORD: 'short' });
    expect(short.code).toBe(1);
    expect(short.stderr).toContain('at least 8');
    expect(await me(url, renewed.cookie!)).toBe(200);

    // remove: the account and its sessions are gone.
    expect((await staffCli(['remove', 'alice'], env)).code).toBe(0);
    expect(await me(url, renewed.cookie!)).toBe(401);
    expect((await login(url, 'alice', 'alice-password-2')).body).toEqual(wrong.body);

    // Unknown names: a clear message, exit 1.
    for (const command of ['disable', 'passwd']) {
      const unknown = await staffCli([command, 'nobody'], { ...env, STAFF_PASSWORD: 'long-enough-1' });
      expect(unknown.code, command).toBe(1);
      expect(unknown.stderr).toContain('no staff account "nobody"');
    }

    // The audit trail, newest first: the command line as actor, the account as target.
    const { entries } = await mustCall<{ entries: { username: string; action: string; target: string }[] }>(url, 'getAuditLog', {}, { cookie: bob });
    const changes = entries.filter((e) => e.action.startsWith('staff.')).map((e) => [e.username, e.action, e.target]);
    expect(changes).toEqual([
      ['cli', 'staff.remove', 'alice'],
      ['cli', 'staff.passwd', 'alice'],
      ['cli', 'staff.enable', 'alice'],
      ['cli', 'staff.disable', 'alice'],
    ]);
    signal(current, 'SIGTERM');
    expect((await within(current.exited, 30_000, 'exit')).code).toBe(0);
  });

  it('the usage line lists every command', { timeout: SLOW }, async () => {
    const result = await staffCli(['list'], { DATA_DIR: mkdtempSync(join(tmpdir(), 'cq-staff-cli-')) });
    expect(result.code).toBe(2);
    for (const command of ['add', 'passwd', 'disable', 'enable', 'remove']) {
      expect(result.stderr).toContain(`npm run staff -- ${command} <username>`);
    }
  });
});
