/**
 * Runs the real programs as an operator would: `npx tsx src/server/cli/staff.ts …` and
 * `tsx src/server/main.ts`, each with its own environment and DATA_DIR.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = fileURLToPath(new URL('../../', import.meta.url));
/**
 * The server runs under the same tsx binary `npx tsx` resolves to, but without npm's wrapper: `npm exec`
 * does not pass SIGTERM on (it dies of it and leaves tsx and the server running), whereas tsx relays the
 * signal and exits with the server's own exit code, which is what the shutdown tests look at.
 */
const TSX = join(REPO, 'node_modules', '.bin', 'tsx');

/** The parent's environment without anything that would change what the programs under test do. */
export function cleanEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of Object.keys(env)) {
    if (/^(PORT|HOST|DATA_DIR|DATABASE_URL|STAFF_PASSWORD|TOKEN_SECRET|LINE_|VAPID_|LOG_LEVEL|RATE_LIMIT|PG_|STAFF_|PATIENT_|SCHEDULE_)/.test(key)) {
      delete env[key];
    }
  }
  // The real clock runs here: a window edge of the default calendar (9:30, 11:00, 17:00, 18:30 JST on
  // weekdays) would switch reception in the middle of a test about something else.
  return { ...env, SCHEDULE_SWITCHING: 'off', ...extra };
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export interface Finished {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface Running {
  child: ChildProcess;
  output(): string;
  /** Resolves when the process (and its npx wrapper) has exited. */
  exited: Promise<Finished>;
}

/**
 * Starts `npx tsx <script> ...args` (or tsx itself, with `direct`) in a process group of its own, so that a
 * failed test can end everything it started.
 */
export function run(script: string, args: string[], env: Record<string, string>, stdin?: string, direct = false): Running {
  const [command, prefix] = direct ? [TSX, []] : ['npx', ['--no-install', 'tsx']];
  const child = spawn(command, [...prefix, script, ...args], {
    cwd: REPO,
    env: cleanEnv(env),
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  if (stdin !== undefined) child.stdin!.end(stdin);
  const exited = new Promise<Finished>((resolve) => {
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
  return { child, exited, output: () => `--- stdout\n${stdout}\n--- stderr\n${stderr}` };
}

/** The staff command, to completion. */
export const staffCli = (args: string[], env: Record<string, string>, stdin?: string) =>
  run('src/server/cli/staff.ts', args, env, stdin).exited;

/** Signals the program as a container runtime would: its top process only (tsx relays it to node). */
export function signal(running: Running, name: NodeJS.Signals) {
  running.child.kill(name);
}

/** Ends whatever is left of a process group; for cleanup after a failed test. */
export function killGroup(running: Running | undefined) {
  if (!running || running.child.exitCode !== null || running.child.signalCode !== null) return;
  try {
    process.kill(-running.child.pid!, 'SIGKILL');
  } catch {
    // already gone
  }
}

export const runServer = (env: Record<string, string>) => run('src/server/main.ts', [], env, undefined, true);

export interface ServerProcess extends Running {
  url: string;
}

/** Starts the server process and waits (generously) until /healthz answers. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const running = runServer({ HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env });
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void running.exited.then(() => (gone = true));
  for (let i = 0; i < 600; i++) {
    if (gone) throw new Error(`server exited before it was ready\n${running.output()}`);
    try {
      const response = await fetch(`${url}/healthz`);
      if (response.status === 200) return { ...running, url };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  killGroup(running);
  throw new Error(`server not ready in time\n${running.output()}`);
}

/** Rejects if `promise` takes longer than a generous `ms` (a hang, not a speed check). */
export function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const limit = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
  });
  return Promise.race([promise, limit]).finally(() => clearTimeout(timer));
}
