/**
 * `npm run clinic -- group …` as the operator runs it (decision 081): the password from GROUP_PASSWORD or
 * standard input, never the command line; the list; a refusal's message and exit code; and a clinic may not
 * be given the group host.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteStore } from '../../src/server/storage/sqlite.js';
import { checkGroupLogin } from '../../src/server/groups/apply.js';

describe('npm run clinic -- group, as the operator runs it', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cq-group-cli-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (args: string[], env: Record<string, string> = {}, input?: string) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(
        process.execPath,
        ['--import', 'tsx', 'src/server/cli/clinic.ts', ...args],
        { env: { ...process.env, DATA_DIR: dir, TOKEN_SECRET: '', DATABASE_URL: '', GROUP_HOST: 'group.example.jp', ...env } },
        (err, stdout, stderr) => resolve({ code: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
      );
      child.stdin!.end(input ?? '');
    });

  it('adds, lists, grants, revokes, sets a password from standard input, disables and removes', async () => {
    expect((await cli(['add', 'clinic-b', '--host', 'b.example.jp'])).code).toBe(0);
    expect(await cli(['add', 'clinic-c', '--host', 'Group.Example.JP'])).toMatchObject({ code: 1, stderr: expect.stringContaining("GROUP_HOST (the group page): it cannot reach a clinic") });
    expect(await cli(['host-add', 'clinic-b', 'group.example.jp'])).toMatchObject({ code: 1 });
    const added = await cli(['group', 'add', 'houjin', '--clinics', 'default,clinic-b'], { GROUP_PASSWORD: 'group password long' });
    expect(added).toMatchObject({ code: 0, stdout: 'group account "houjin" added with default, clinic-b\n' });
    expect(await cli(['group', 'add', 'houjin'], { GROUP_PASSWORD: 'group password long' })).toMatchObject({ code: 1, stderr: 'group account "houjin" already exists\n' });
    expect((await cli(['group', 'list'])).stdout).toBe('houjin\tenabled\tclinic-b,default\n');
    expect((await cli(['group', 'revoke', 'houjin', 'default'])).stdout).toContain('no longer has the clinic default');
    expect((await cli(['group', 'grant', 'houjin', 'nowhere'])).stderr).toContain('no clinic nowhere');
    expect((await cli(['group', 'passwd', 'houjin'], {}, 'a new long password\n')).code).toBe(0);
    expect((await cli(['group', 'disable', 'houjin'])).code).toBe(0);
    expect((await cli(['group', 'list'])).stdout).toBe('houjin\tdisabled\tclinic-b\n');
    expect((await cli(['group', 'enable', 'houjin'])).code).toBe(0);
    const store = await openSqliteStore(join(dir, 'clinic-queue.sqlite'));
    try {
      expect(await checkGroupLogin(store, 'houjin', 'a new long password', {})).toMatchObject({ username: 'houjin' });
    } finally {
      await store.close();
    }
    expect((await cli(['group', 'remove', 'houjin'])).code).toBe(0);
    expect((await cli(['group', 'list'])).stdout).toBe('');
    expect((await cli(['group', 'frobnicate', 'houjin'])).code).toBe(2);
    // Each command is a process of its own (about 3 s here): sixteen of them outlast the default minute.
  }, 180_000);
});
