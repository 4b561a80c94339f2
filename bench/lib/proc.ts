/**
 * Server processes for the bench: the product (`node dist/server/main.js`), the floors, a bare Fastify.
 * Every one listens on 127.0.0.1 only, and every one is killed when the bench exits, however it exits.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { freePort, stopServerProcess } from '../../test/support/process.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface Proc {
  name: string;
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
}

const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((c) => c.kill('SIGKILL')));

/** One GET on a fresh connection: the status, or 0 when nothing listens yet. */
export function probe(url: string, timeoutMs = 2000): Promise<number> {
  return new Promise((resolve) => {
    const req = request(url, { agent: false, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(0));
    req.end();
  });
}

export interface StartOptions {
  name: string;
  /** Arguments to `node`. */
  args: string[];
  env?: Record<string, string>;
  /** Give up after this long (the bench must stop by itself). */
  readyTimeoutMs?: number;
  /** Poll interval for /healthz: short, since time to ready is itself measured with it. */
  pollMs?: number;
}

export interface Started extends Proc {
  /** Milliseconds from spawn to the first 200 from /healthz. */
  readyMs: number;
}

export async function startProc({ name, args, env = {}, readyTimeoutMs = 60_000, pollMs = 5 }: StartOptions): Promise<Started> {
  const port = await freePort();
  let output = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    // A minimal environment: no .env surprises from the developer's shell beyond what is set here.
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? ROOT, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}):\n${output}`);
    if ((await probe(`${url}/healthz`)) === 200) break;
    if (performance.now() - t0 > readyTimeoutMs) {
      child.kill('SIGKILL');
      throw new Error(`${name} not ready within ${readyTimeoutMs} ms:\n${output}`);
    }
    await sleep(pollMs);
  }
  return { name, url, port, child, readyMs: performance.now() - t0, output: () => output };
}

/** SIGTERM, then SIGKILL after 5 s: the same stop as the tests' server processes. */
export const stopProc = (proc: Proc): Promise<void> => stopServerProcess(proc);

/** Resident set size in MB (VmRSS of /proc/<pid>/status). */
export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  if (!match) throw new Error(`no VmRSS for ${pid}`);
  return Number(match[1]) / 1024;
}

/**
 * CPU time a process has used so far, user + system, in ms: the scheduler's own count of every thread
 * (/proc/<pid>/task/<tid>/sched, se.sum_exec_runtime, to the µs) where the kernel shows it. /proc/<pid>/stat
 * counts in ticks of 10 ms, 7 % of a warm burst's ~140 ms: too coarse to tell a 5 % difference.
 * `main` is the JavaScript thread's part; `v8` is V8's platform threads' part (parallel and concurrent
 * garbage collection, optimising compilers), work the main thread does not wait for, which moves by
 * several milliseconds a burst with where the collections happen to fall. The rest is libuv's pool and
 * Node's signal thread. Node 20 leaves every thread named "node": V8's are told by their order, as Node
 * starts them before anything else (the main thread, the platform's delayed-task thread and its
 * V8_POOL_THREADS workers, then the inspector's signal thread, then libuv's pool when first used).
 */
export function cpuSplit(pid: number): { total: number; main: number; v8: number } {
  // Without the per-thread counts the parts are unknown: NaN, printed as such.
  if (!SCHED_RUNTIME) return { total: cpuTicksMs(pid), main: NaN, v8: NaN };
  let total = 0;
  let main = 0;
  let v8 = 0;
  const tids = readdirSync(`/proc/${pid}/task`).map(Number).sort((a, b) => a - b);
  for (const [order, tid] of tids.entries()) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/task/${tid}/sched`, 'utf8');
    } catch {
      continue; // a thread that ended meanwhile (Node's own threads live as long as the process)
    }
    const runtime = Number(/se\.sum_exec_runtime\s*:\s*([\d.]+)/.exec(text)?.[1] ?? 0);
    total += runtime;
    if (tid === pid) main = runtime;
    else if (order <= V8_POOL_THREADS + 1) v8 += runtime;
  }
  return { total, main, v8 };
}

/** Node's default --v8-pool-size (the bench never sets it). */
const V8_POOL_THREADS = 4;

/** Whether this kernel shows the scheduler's runtime per thread (CONFIG_SCHED_DEBUG). */
const SCHED_RUNTIME = (() => {
  try {
    return /se\.sum_exec_runtime/.test(readFileSync('/proc/self/sched', 'utf8'));
  } catch {
    return false;
  }
})();

function cpuTicksMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at ") ": utime and stime are 14th and 15th.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Runs a command to completion (builds); throws with its output when it fails. */
export function run(command: string, args: string[], timeoutMs = 300_000, env: Record<string, string> = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    running.add(child);
    child.once('exit', () => running.delete(child));
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      if (code === 0) resolve(output);
      else reject(new Error(`${command} ${args.join(' ')} failed (${code}):\n${output}`));
    });
  });
}
