/**
 * What `npm start` runs is the esbuild bundle, not the sources the other tests load through tsx. This
 * builds it and drives it: lazily loaded chunks (token signing, argon2), the native SQLite addon, the
 * staff command, a live stream, all from the bundle.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect, it, describe } from 'vitest';
import { mustCall, pwaPatient } from '../support/client.js';
import { openSse } from '../support/sse.js';
import { startServerProcess, stopAllServerProcesses, stopServerProcess } from '../support/process.js';

const run = promisify(execFile);
let root: string;

beforeAll(async () => {
  // Inside the project: the bundle resolves its native addons (SQLite, argon2) from node_modules.
  mkdirSync('test-results', { recursive: true });
  root = mkdtempSync(join('test-results', 'built-'));
  await run(process.execPath, ['scripts/build-server.mjs', join(root, 'server')]);
});
afterAll(async () => {
  await stopAllServerProcesses();
  rmSync(root, { recursive: true, force: true });
});

describe('the bundled server', () => {
  it('creates staff, signs in, runs a reception and streams it', async () => {
    const dataDir = join(root, 'data');
    const env = { DATA_DIR: dataDir, STAFF_PASSWORD: 'correct horse battery' };
    const staff = await run(process.execPath, [join(root, 'server/cli/staff.js'), 'add', 'desk'], { env: { ...process.env, ...env } });
    expect(staff.stdout).toContain('staff account "desk" created');

    const server = await startServerProcess({ DATA_DIR: dataDir }, join(root, 'server/main.js'));
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok', store: 'sqlite' });
    const login = await fetch(`${server.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'desk', password: 'correct horse battery' }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers.getSetCookie()[0].split(';')[0];
    await mustCall(server.url, 'startInhouseReception', {}, { cookie });
    await mustCall(server.url, 'startOnlineReception', {}, { cookie });

    const viewer = await openSse(`${server.url}/api/live/queue`);
    await viewer.next();
    const patient = await pwaPatient(server.url);
    const taken = await mustCall<{ reservationNumber: number }>(server.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    expect(taken.reservationNumber).toBe(1);
    const frame = await viewer.next((e) => JSON.parse(e.data).queue.length === 1);
    expect(JSON.parse(frame.data).queue).toEqual([{ reservationNumber: 1, ahead: 0 }]);
    viewer.close();
    expect(server.output()).not.toMatch(/error/i);
  });
});

describe('the code cache (decisions 029 and 046)', () => {
  const cacheDir = () => join(root, 'cache-data', 'code-cache');
  const mode = (path: string) => statSync(path).mode & 0o777;
  const caches = () => readdirSync(cacheDir()).filter((name) => !name.endsWith('.tmp'));
  /** One start and stop of the built server; the ready line says how it compiled. */
  async function startAndStop(dataDir: string): Promise<{ codeCache: string; ready: string }> {
    const server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: 'info' }, join(root, 'server/main.js'));
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    // Signing in loads argon2 through the bundle's import(): the dynamic import must work from the cache too.
    const login = await fetch(`${server.url}/api/staff/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'cache', password: 'correct horse battery' }),
    });
    expect(login.status, server.output()).toBe(200);
    await stopServerProcess(server);
    const line = server.output().split('\n').find((l) => l.includes('"codeCache"'));
    expect(line, server.output()).toBeDefined();
    const parsed = JSON.parse(line!) as { codeCache: string; msg: string };
    return { codeCache: parsed.codeCache, ready: parsed.msg };
  }

  it('is written after the first start, used by the next, and never used for another bundle', async () => {
    const dataDir = join(root, 'cache-data');
    const env = { DATA_DIR: dataDir, STAFF_PASSWORD: 'correct horse battery' };
    await run(process.execPath, [join(root, 'server/cli/staff.js'), 'add', 'cache'], { env: { ...process.env, ...env } });
    rmSync(cacheDir(), { recursive: true, force: true });

    expect((await startAndStop(dataDir)).codeCache).toBe('compiled');
    const [first] = caches();
    expect(caches()).toHaveLength(1);
    // In DATA_DIR, the server's user's alone; nothing beside the bundle (where it lived before).
    expect(mode(cacheDir()).toString(8)).toBe('700');
    expect(mode(join(cacheDir(), first)).toString(8)).toBe('600');
    expect(existsSync(join(root, 'server/.cache'))).toBe(false);
    expect(await startAndStop(dataDir)).toEqual({ codeCache: 'used', ready: 'clinic queue ready' });

    // A cache another user could have written is not run, and the next write makes it private again.
    chmodSync(join(cacheDir(), first), 0o666);
    expect((await startAndStop(dataDir)).codeCache).toBe('compiled');
    expect(mode(join(cacheDir(), first)).toString(8)).toBe('600');
    chmodSync(cacheDir(), 0o777);
    expect((await startAndStop(dataDir)).codeCache).toBe('compiled');
    expect(mode(cacheDir()).toString(8)).toBe('700');
    expect(await startAndStop(dataDir)).toEqual({ codeCache: 'used', ready: 'clinic queue ready' });

    // The same length, other content: V8 itself would take the old cache (it checks the source's length),
    // and the old compiled code would still log the old words.
    const bundle = join(root, 'server/serve.cjs');
    const source = readFileSync(bundle, 'utf8');
    expect(source).toContain('"clinic queue ready"');
    writeFileSync(bundle, source.replace('"clinic queue ready"', '"clinic queue READY"'));
    expect(await startAndStop(dataDir)).toEqual({ codeCache: 'compiled', ready: 'clinic queue READY' });
    expect(caches()).toHaveLength(1);
    expect(caches()[0]).not.toBe(first);

    // A cache V8 refuses (here: not V8's at all) costs one compile and is written again.
    writeFileSync(join(cacheDir(), caches()[0]), Buffer.alloc(4096, 7));
    expect((await startAndStop(dataDir)).codeCache).toBe('rejected');
    expect((await startAndStop(dataDir)).codeCache).toBe('used');
  });
});
