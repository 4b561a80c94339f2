/**
 * Real server processes for tests that need a process boundary: restarts, crashes, several processes
 * on one database. They run src/server/main.ts from source with `node --import tsx`: one process, no
 * wrapper in between, so signals reach the server itself. They run on the real clock, so the calendar's
 * automatic switching is off unless a test asks for it: a real window edge must not land inside a test.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  output(): string;
}

const processes: ServerProcess[] = [];
// If this worker dies before afterAll, its servers must not outlive it.
process.once('exit', () => processes.forEach((p) => p.child.kill('SIGKILL')));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** `entry`: a built server (e.g. the esbuild bundle) instead of the sources run through tsx. */
export async function startServerProcess(env: Record<string, string>, entry?: string): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const args = entry ? [entry] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', SCHEDULE_SWITCHING: 'off', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const server: ServerProcess = { url: `http://127.0.0.1:${port}`, child, output: () => output };
  processes.push(server);

  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`server process exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    }
    const healthy = await fetch(`${server.url}/healthz`).then((r) => r.status === 200, () => false);
    if (healthy) return server;
    if (Date.now() > deadline) throw new Error(`server process not healthy within 60 s:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function stopServerProcess({ child }: ServerProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

/** Kills without warning, as a power cut or an OOM kill would. */
export async function killServerProcess({ child }: ServerProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGKILL');
  await exited;
}

/** Stops every server process this test file started (afterAll). */
export async function stopAllServerProcesses(): Promise<void> {
  await Promise.all(processes.splice(0).map(stopServerProcess));
}
