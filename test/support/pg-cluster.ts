/**
 * Throwaway PostgreSQL clusters for tests: initdb into a temp dir, start on a free port, stop and start
 * again on the same data (database-fault tests), destroy. The run's shared cluster
 * (test/setup/postgres-global.ts) is one of these; a test that restarts PostgreSQL starts its own, so the
 * shared one is never restarted under other tests.
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

const OS_USER = 'postgres';

export interface PgCluster {
  /** Superuser URL of the cluster's `postgres` database. */
  url: string;
  port: number;
  /** Stops the server, keeping the data: `fast` is an orderly restart, `immediate` a crash. Async: the event loop keeps running. */
  stopServer(mode?: 'fast' | 'immediate'): Promise<void>;
  /** Starts the server again on the same data and port. */
  startServer(): Promise<void>;
  /** Stops the server (if running) and deletes everything; synchronous, so it can run in an exit handler. */
  destroy(): void;
}

export async function startPgCluster(bindir: string): Promise<PgCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'cq-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const asRoot = userInfo().uid === 0;
  const pgCtl = join(bindir, 'pg_ctl');
  // initdb refuses to run as root: the cluster belongs to the postgres user, and so does its directory.
  if (asRoot) {
    const { uid, gid } = lookupUser(OS_USER);
    chownSync(dir, uid, gid);
  }
  let running = false;
  let port = 0;
  const options = () =>
    [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
  const startArgs = () => ['-D', data, '-l', log, '-o', options(), '-w', '-t', '60', 'start'];
  const destroy = () => {
    if (running) {
      running = false;
      runAs(asRoot, pgCtl, ['-D', data, '-m', 'immediate', '-w', 'stop'], { allowFailure: true });
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    runAs(asRoot, join(bindir, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // A port can be taken between our probe and the server's bind; a second try with another port covers it.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      try {
        running = true;
        runAs(asRoot, pgCtl, startArgs());
        break;
      } catch (err) {
        running = false;
        if (attempt >= 3) throw err;
      }
    }
  } catch (err) {
    const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
    destroy();
    throw new Error(`could not start the test PostgreSQL cluster: ${String(err)}\n${serverLog}`);
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async stopServer(mode = 'fast') {
      await runAsAsync(asRoot, pgCtl, ['-D', data, '-m', mode, '-w', 'stop']);
      running = false;
    },
    async startServer() {
      running = true;
      await runAsAsync(asRoot, pgCtl, startArgs());
    },
    destroy,
  };
}

export function findPgBindir(): string | null {
  const hasInitdb = (dir: string) => existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'));
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    if (dir && hasInitdb(dir)) return dir;
  } catch {
    // no pg_config (client-only installs lack it too): look further
  }
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (hasInitdb(join(root, v, 'bin'))) return join(root, v, 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' });
  const initdb = which.status === 0 ? which.stdout.trim() : '';
  if (initdb) {
    const dir = initdb.slice(0, initdb.lastIndexOf('/'));
    if (hasInitdb(dir)) return dir;
  }
  return null;
}

/** The command line, run as the postgres user when we are root. */
function asUser(asRoot: boolean, file: string, args: string[]): [string, string[]][] {
  return asRoot
    ? [
        ['runuser', ['-u', OS_USER, '--', file, ...args]],
        ['su', [OS_USER, '-s', '/bin/sh', '-c', [file, ...args].map(shellQuote).join(' ')]],
      ]
    : [[file, args]];
}

function runAs(asRoot: boolean, file: string, args: string[], { allowFailure = false } = {}): void {
  let failure = '';
  for (const [command, commandArgs] of asUser(asRoot, file, args)) {
    // pg_ctl -l sends the server's output to its log file, so these pipes close when pg_ctl exits.
    const result = spawnSync(command, commandArgs, { encoding: 'utf8', cwd: '/', timeout: 120_000 });
    if (result.error && (result.error as NodeJS.ErrnoException).code === 'ENOENT') {
      failure = `${command} not found`;
      continue;
    }
    if (result.status === 0) return;
    failure = `${command} ${commandArgs.join(' ')} exited ${result.status}: ${result.stderr}${result.stdout}`;
    break;
  }
  if (!allowFailure) throw new Error(failure);
}

async function runAsAsync(asRoot: boolean, file: string, args: string[]): Promise<void> {
  let failure = '';
  for (const [command, commandArgs] of asUser(asRoot, file, args)) {
    const error = await new Promise<(Error & { code?: unknown; stderr?: string }) | null>((resolve) =>
      execFile(command, commandArgs, { cwd: '/', timeout: 120_000 }, (err, _stdout, stderr) =>
        resolve(err ? Object.assign(err, { stderr }) : null),
      ),
    );
    if (!error) return;
    if (error.code === 'ENOENT') {
      failure = `${command} not found`;
      continue;
    }
    throw new Error(`${command} ${commandArgs.join(' ')} failed: ${error.message} ${error.stderr ?? ''}`);
  }
  throw new Error(failure);
}

function lookupUser(name: string): { uid: number; gid: number } {
  const id = (flag: string) => spawnSync('id', [flag, name], { encoding: 'utf8' });
  const uid = id('-u');
  const gid = id('-g');
  if (uid.status !== 0 || gid.status !== 0) throw new Error(`running as root needs a "${name}" user to own the test cluster`);
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}
