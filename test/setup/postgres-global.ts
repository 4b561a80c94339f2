/**
 * One throwaway PostgreSQL cluster for the whole test run; each test file creates its own databases in it
 * (test/support/stores.ts). Without PostgreSQL binaries the PostgreSQL half of the suites is skipped, loudly,
 * unless REQUIRE_POSTGRES is set (CI), in which case the run fails here.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's cluster, or null when PostgreSQL is not installed. */
    pgAdminUrl: string | null;
  }
}

const OS_USER = 'postgres';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bindir = findBindir();
  if (!bindir) {
    if (process.env.REQUIRE_POSTGRES) {
      throw new Error('REQUIRE_POSTGRES is set but no PostgreSQL binaries were found (pg_config, /usr/lib/postgresql, PATH)');
    }
    warnSkipped();
    project.provide('pgAdminUrl', null);
    return async () => {};
  }

  const cluster = await startCluster(bindir);
  // Teardown does not run when the runner is killed outright; a stray postmaster would outlive us.
  const onExit = () => cluster.stop();
  process.once('exit', onExit);
  project.provide('pgAdminUrl', cluster.url);
  return async () => {
    process.off('exit', onExit);
    cluster.stop();
  };
}

interface Cluster {
  url: string;
  stop(): void;
}

async function startCluster(bindir: string): Promise<Cluster> {
  const dir = mkdtempSync(join(tmpdir(), 'cq-pg-'));
  const data = join(dir, 'data');
  const log = join(dir, 'server.log');
  const asRoot = userInfo().uid === 0;
  // initdb refuses to run as root: the cluster belongs to the postgres user, and so does its directory.
  if (asRoot) {
    const { uid, gid } = lookupUser(OS_USER);
    chownSync(dir, uid, gid);
  }
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      runAs(asRoot, join(bindir, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', 'stop'], { allowFailure: true });
    }
    rmSync(dir, { recursive: true, force: true });
  };

  try {
    runAs(asRoot, join(bindir, 'initdb'), ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
    // A port can be taken between our probe and the server's bind; a second try with another port covers it.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=300',
      ].join(' ');
      try {
        started = true;
        runAs(asRoot, join(bindir, 'pg_ctl'), ['-D', data, '-l', log, '-o', options, '-w', '-t', '60', 'start']);
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, stop };
      } catch (err) {
        started = false;
        if (attempt >= 3) throw err;
      }
    }
  } catch (err) {
    const serverLog = existsSync(log) ? readFileSync(log, 'utf8') : '';
    stop();
    throw new Error(`could not start the test PostgreSQL cluster: ${String(err)}\n${serverLog}`);
  }
}

function findBindir(): string | null {
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

function runAs(asRoot: boolean, file: string, args: string[], { allowFailure = false } = {}): void {
  const attempts: [string, string[]][] = asRoot
    ? [
        ['runuser', ['-u', OS_USER, '--', file, ...args]],
        ['su', [OS_USER, '-s', '/bin/sh', '-c', [file, ...args].map(shellQuote).join(' ')]],
      ]
    : [[file, args]];
  let failure = '';
  for (const [command, commandArgs] of attempts) {
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

function warnSkipped(): void {
  const bar = '!'.repeat(78);
  console.warn(
    [
      '',
      bar,
      '!!  PostgreSQL binaries not found: every PostgreSQL test in this run is SKIPPED.',
      '!!  The production store is NOT being tested. Install PostgreSQL 15+ server binaries',
      '!!  (initdb, pg_ctl) or set REQUIRE_POSTGRES=1 to make this a failure.',
      bar,
      '',
    ].join('\n'),
  );
}
