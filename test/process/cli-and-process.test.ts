/** The real programs: the staff command, the server process, its checks at start, shutdown and restart. */
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { callFn, mustCall, pwaPatient, staffLogin } from '../support/client.js';
import { killGroup, runServer, type ServerProcess, signal, staffCli, startServerProcess, within } from './process-support.js';

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'cq-process-'));
  dirs.push(dir);
  return dir;
};
let current: ServerProcess | undefined;
afterEach(() => killGroup(current));
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const SLOW = 180_000;

const login = (url: string, username: string, password: string) => staffLogin(url, username, password);

/** Opens the public stream on a connection of its own; resolves after the first snapshot. */
function openStream(url: string) {
  return new Promise<{ ended: Promise<string> }>((resolve, reject) => {
    const req = httpRequest(`${url}/api/live/queue`, { agent: false }, (res) => {
      let text = '';
      const ended = new Promise<string>((done) => {
        res.on('end', () => done(text));
        res.on('close', () => done(text));
        res.on('error', () => done(text));
      });
      res.on('data', (chunk: Buffer) => {
        const before = text;
        text += chunk.toString();
        if (!before.includes('event: queue') && text.includes('event: queue')) resolve({ ended });
      });
    });
    req.on('error', reject);
    req.end();
  });
}

async function stopWith(server: ServerProcess, name: NodeJS.Signals) {
  signal(server, name);
  return within(server.exited, 30_000, `exit after ${name}`);
}

describe('npm run staff -- add <username>', () => {
  it('creates accounts from STAFF_PASSWORD or standard input that can then sign in', { timeout: SLOW }, async () => {
    const dataDir = tempDir();
    const fromEnv = await staffCli(['add', 'bob'], { DATA_DIR: dataDir, STAFF_PASSWORD: 'bob-password-1' });
    expect(fromEnv.code, fromEnv.stderr).toBe(0);
    expect(fromEnv.stdout).toContain('staff account "bob" created');
    const fromStdin = await staffCli(['add', 'carol'], { DATA_DIR: dataDir }, 'carol-password-1\n');
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect(fromStdin.stdout).toContain('"carol"');

    current = await startServerProcess({ DATA_DIR: dataDir });
    expect((await login(current.url, 'bob', 'bob-password-1')).status).toBe(200);
    expect((await login(current.url, 'carol', 'carol-password-1')).status).toBe(200);
    expect((await login(current.url, 'carol', 'bob-password-1')).status).toBe(401);
    expect((await stopWith(current, 'SIGTERM')).code).toBe(0);
  });

  it('refuses a duplicate, a short password and a bad username with a message and a non-zero exit', { timeout: SLOW }, async () => {
    const env = { DATA_DIR: tempDir(), STAFF_PASSWORD: 'dave-password-1' };
    expect((await staffCli(['add', 'dave'], env)).code).toBe(0);
    const duplicate = await staffCli(['add', 'dave'], env);
    expect(duplicate.code).not.toBe(0);
    expect(duplicate.stderr).toContain('staff account "dave" already exists');
    const short = await staffCli(['add', 'erin'], { ...env, STAFF_PASSWORD: 'short' });
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain('at least 8');
    const empty = await staffCli(['add', 'erin'], { DATA_DIR: env.DATA_DIR }, '');
    expect(empty.code).not.toBe(0);
    const badName = await staffCli(['add', 'no spaces!'], env);
    expect(badName.code).not.toBe(0);
    expect(badName.stderr).toContain('username');
  });

  it('bad usage exits 2 with the usage line', { timeout: SLOW }, async () => {
    for (const args of [[], ['add'], ['remove'], ['delete', 'bob'], ['list'], ['add', 'bob', 'extra']]) {
      const result = await staffCli(args, { DATA_DIR: tempDir(), STAFF_PASSWORD: 'whatever-password' });
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toContain('usage: npm run staff -- add <username>');
    }
  });

  it('a bad configuration names the variable', { timeout: SLOW }, async () => {
    const result = await staffCli(['add', 'bob'], { DATA_DIR: tempDir(), STAFF_PASSWORD: 'bob-password-1', DATABASE_URL: 'mysql://x' });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('invalid configuration');
    expect(result.stderr).toContain('DATABASE_URL');
    // A clear message, not a stack trace.
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });
});

describe('the server process', () => {
  it('answers /healthz with the store it uses', { timeout: SLOW }, async () => {
    current = await startServerProcess({ DATA_DIR: tempDir() });
    const response = await fetch(`${current.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', store: 'sqlite' });
    expect((await stopWith(current, 'SIGTERM')).code).toBe(0);
  });

  const badEnvs: [string, Record<string, string>][] = [
    ['PORT', { PORT: 'abc' }],
    ['PORT', { PORT: '70000' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://x' }],
    ['VAPID_SUBJECT', { VAPID_SUBJECT: 'http://localhost' }],
    ['TOKEN_SECRET', { TOKEN_SECRET: 'too-short' }],
  ];
  it.each(badEnvs)('refuses to start with a bad %s, saying which', { timeout: SLOW }, async (name, env) => {
    const running = runServer({ HOST: '127.0.0.1', DATA_DIR: tempDir(), ...env });
    const result = await within(running.exited, 60_000, 'exit on bad configuration');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('invalid configuration');
    expect(result.stderr).toContain(name);
    // A clear message, not a stack trace.
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('SIGTERM ends an open stream and exits 0', { timeout: SLOW }, async () => {
    current = await startServerProcess({ DATA_DIR: tempDir() });
    const stream = await openStream(current.url);
    const exit = await stopWith(current, 'SIGTERM');
    expect(await within(stream.ended, 30_000, 'stream end')).toContain('event: queue');
    expect(exit.code, current.output()).toBe(0);
  });

  it('SIGTERM does not wait for a connection that never sent a request (a browser preconnect)', { timeout: SLOW }, async () => {
    current = await startServerProcess({ DATA_DIR: tempDir() });
    const { port } = new URL(current.url);
    const idle = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve, reject) => idle.once('connect', resolve).once('error', reject));
    idle.on('error', () => {});
    const stream = await openStream(current.url);
    // The process gives up on a hung close after 10 s with exit code 1; a clean close exits 0.
    const exit = await stopWith(current, 'SIGTERM');
    await within(stream.ended, 30_000, 'stream end');
    idle.destroy();
    expect(exit.code, current.output()).toBe(0);
  });

  it('keeps its data across a restart', { timeout: SLOW }, async () => {
    const dataDir = tempDir();
    expect((await staffCli(['add', 'frank'], { DATA_DIR: dataDir, STAFF_PASSWORD: 'frank-password-1' })).code).toBe(0);
    current = await startServerProcess({ DATA_DIR: dataDir });
    const { cookie } = await login(current.url, 'frank', 'frank-password-1');
    await mustCall(current.url, 'startInhouseReception', {}, { cookie });
    await mustCall(current.url, 'startOnlineReception', {}, { cookie });
    await mustCall(current.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    const patient = await pwaPatient(current.url);
    const taken = await mustCall<{ reservationNumber: number }>(current.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token });
    expect(taken.reservationNumber).toBe(2);
    expect((await stopWith(current, 'SIGTERM')).code).toBe(0);

    current = await startServerProcess({ DATA_DIR: dataDir });
    // The patient's token still works (its key lives in DATA_DIR), and so does the staff session.
    const mine = await mustCall<{ reservation: { reservationNumber: number } | null }>(current.url, 'getMyReservation', {}, { token: patient.token });
    expect(mine.reservation?.reservationNumber).toBe(2);
    const next = await mustCall<{ reservationNumber: number }>(current.url, 'allocateNextSlot', { reservedType: 'ADMIN' }, { cookie });
    expect(next.reservationNumber).toBe(3);
    expect((await callFn(current.url, 'allocateNextSlot', { reservedType: 'PWA' }, { token: patient.token })).status).toBe(409);
    expect((await stopWith(current, 'SIGINT')).code).toBe(0);
  });
});
