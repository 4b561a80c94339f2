/**
 * README's production guide is copied line by line onto a clinic's machine: its examples must match the
 * build. Read from README's fenced blocks and checked against the code: scripts, settings, the port, the
 * live streams' paths, the program systemd starts, the paths it names. Its nginx example is also run
 * through the real `nginx -t`: reported as skipped where nginx (or openssl) is not on PATH, and a failure
 * there under REQUIRE_NGINX, which CI sets after installing Debian's nginx (.ci/run).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, delimiter, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTING_NAMES } from '../../src/server/config.js';
import { REPO } from './process-support.js';

const read = (path: string) => readFileSync(join(REPO, path), 'utf8');
const README = read('README.md');
const SCRIPTS = (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts;

function section(title: string): string {
  const start = README.indexOf(`\n## ${title}\n`);
  expect(start, `README has a "${title}" section`).toBeGreaterThan(0);
  const end = README.indexOf('\n## ', start + 1);
  return README.slice(start, end < 0 ? undefined : end);
}

interface Block {
  lang: string;
  text: string;
}
const blocksOf = (markdown: string): Block[] =>
  [...markdown.matchAll(/^```(\S*)\n([\s\S]*?)^```$/gm)].map((m) => ({ lang: m[1], text: m[2] }));

const GUIDE = section('Production');
const BLOCKS = blocksOf(GUIDE);
function block(lang: string, firstLine?: RegExp): string {
  const found = BLOCKS.filter((b) => b.lang === lang && (!firstLine || firstLine.test(b.text.split('\n')[0])));
  expect(found, `one ${lang} block${firstLine ? ` starting ${firstLine}` : ''}`).toHaveLength(1);
  return found[0].text;
}

const ENV_BLOCK = block('sh', /^# \/.*\/\.env$/);
const CHECKOUT = /^# (\/.*)\/\.env$/.exec(ENV_BLOCK.split('\n')[0])![1];
const ENV = Object.fromEntries(
  ENV_BLOCK.split('\n')
    .filter((line) => /^[A-Z_]+=/.test(line))
    .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
);
const NGINX = block('nginx');
const CADDY = block('caddy');
const UNIT = block('ini');
const CRON = block('cron');
const INSTALL = block('sh', /^sudo useradd/);
const UPGRADE = block('sh', /^cd /);
const unitValue = (key: string) => new RegExp(`^${key}=(.*)$`, 'm').exec(UNIT)?.[1];
const UNIT_NAME = /^# \/etc\/systemd\/system\/([\w-]+)\.service$/m.exec(UNIT)?.[1];

/** nginx and openssl when both are on PATH, for checking the guide's nginx example with the real program. */
const NGINX_TOOLS = (() => {
  const nginx = onPath('nginx');
  const openssl = onPath('openssl');
  return nginx && openssl ? { nginx, openssl } : null;
})();

/** The live streams' paths, as the server registers them. */
const LIVE_PATHS = [...read('src/server/live/routes.ts').matchAll(/app\.get\('(\/api\/live\/[^']+)'/g)].map((m) => m[1]);

describe("README's commands", () => {
  it('name only real npm scripts', () => {
    const named = [...README.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]);
    expect(named).toContain('backup');
    for (const name of named) expect(Object.keys(SCRIPTS), `npm run ${name}`).toContain(name);
    for (const name of [...README.matchAll(/\bnpm (start|test)\b/g)].map((m) => m[1])) expect(SCRIPTS[name]).toBeDefined();
  });

  it('document every setting, and only real ones', () => {
    const rows = [...section('Configuration').matchAll(/^\| ((?:`[A-Z0-9_]+`(?:, )?)+) \|/gm)].flatMap((m) =>
      [...m[1].matchAll(/`([A-Z0-9_]+)`/g)].map((n) => n[1]),
    );
    expect([...rows].sort()).toEqual([...SETTING_NAMES].sort());
  });
});

describe('the production guide', () => {
  it("sets only real settings, with values the server accepts", () => {
    const assigned = BLOCKS.flatMap((b) => [...b.text.matchAll(/(?:^|\s|Environment=)([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));
    expect(assigned.length).toBeGreaterThan(0);
    for (const name of assigned) expect(SETTING_NAMES, name).toContain(name);
    expect(() => loadConfig(ENV)).not.toThrow();
  });

  it('has both proxies reach the port the server listens on, from an address it trusts', () => {
    const config = loadConfig(ENV);
    const upstreams = [
      ...[...NGINX.matchAll(/proxy_pass http:\/\/([^:/\s]+):(\d+)/g)].map((m) => [m[1], m[2]]),
      ...[...CADDY.matchAll(/reverse_proxy ([^:\s]+):(\d+)/g)].map((m) => [m[1], m[2]]),
    ];
    expect(upstreams.length).toBeGreaterThanOrEqual(3);
    for (const [host, port] of upstreams) {
      expect(Number(port)).toBe(config.PORT);
      expect(host).toBe(config.HOST);
      // The proxy connects over the loopback, so that is the peer whose X-Forwarded-* are believed.
      expect(config.TRUST_PROXY).toContain(host);
    }
    for (const header of ['Host', 'X-Forwarded-For', 'X-Forwarded-Proto']) {
      expect(NGINX).toMatch(new RegExp(`proxy_set_header ${header}\\s`));
    }
  });

  it('has nginx pass the live streams on unbuffered, and Caddy flush them at once', () => {
    expect(LIVE_PATHS.length).toBeGreaterThanOrEqual(2);
    const locations = [...NGINX.matchAll(/location (\S+) \{([^}]*)\}/g)].map((m) => ({ prefix: m[1], body: m[2] }));
    for (const path of LIVE_PATHS) {
      // nginx serves a request from the longest prefix location that matches it.
      const chosen = locations.filter((l) => path.startsWith(l.prefix)).sort((a, b) => b.prefix.length - a.prefix.length)[0];
      expect(chosen?.prefix, path).not.toBe('/');
      expect(chosen.body, path).toMatch(/^\s*proxy_buffering off;/m);
      expect(chosen.body, path).toMatch(/^\s*proxy_pass /m);
    }
    expect(CADDY).toMatch(/^\s*flush_interval -1$/m);
  });

  if (!NGINX_TOOLS && process.env.REQUIRE_NGINX) {
    it('has nginx and openssl on PATH (REQUIRE_NGINX is set)', () => {
      throw new Error('REQUIRE_NGINX is set but nginx or openssl is not on PATH (apt-get install nginx openssl)');
    });
  }

  it.skipIf(!NGINX_TOOLS)('has nginx accept its example', async () => {
    const { nginx, openssl } = NGINX_TOOLS!;
    const dir = mkdtempSync(join(tmpdir(), 'cq-nginx-'));
    try {
      execFileSync(openssl, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-subj', '/CN=localhost',
        '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' });
      const servers = NGINX.replace(/ssl_certificate\s+\S+;/, `ssl_certificate ${join(dir, 'cert.pem')};`).replace(
        /ssl_certificate_key\s+\S+;/,
        `ssl_certificate_key ${join(dir, 'key.pem')};`,
      );
      expect(servers).toContain(join(dir, 'cert.pem'));
      expect(servers).toContain(join(dir, 'key.pem'));
      // `nginx -t` binds every listen address, and only root may bind 80 and 443: the guide's ports become
      // free ones on the loopback, everything after the port (ssl, …) kept.
      expect([...servers.matchAll(/^\s*listen (\d+)\b/gm)].map((m) => m[1])).toEqual(['80', '443']);
      const ports = await Promise.all([freePort(), freePort()]);
      let next = 0;
      const unprivileged = servers.replace(/^(\s*listen )\d+\b/gm, (_, lead: string) => `${lead}127.0.0.1:${ports[next++]}`);
      // Everything nginx writes stays in the temp prefix, so it runs as whoever runs the tests: the build's
      // temp directories (/var/lib/nginx/…) and error log are root's, and `-t` would create or open them.
      const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `${kind}_temp_path ${dir}/${kind};`).join('\n');
      const conf = `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log;\nevents {}\nhttp {\naccess_log off;\n${temps}\n${unprivileged}\n}\n`;
      writeFileSync(join(dir, 'nginx.conf'), conf);
      const run = spawnSync(nginx, ['-t', '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
      expect(run.error).toBeUndefined();
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toContain(`configuration file ${join(dir, 'nginx.conf')} test is successful`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('has systemd start the real program in the checkout, as the user the guide creates', () => {
    expect(unitValue('WorkingDirectory')).toBe(CHECKOUT);
    const [program, ...args] = unitValue('ExecStart')!.split(/\s+/);
    expect(program.startsWith('/')).toBe(true);
    // The path on this machine, or at least a program of that name on PATH (the guide says to check).
    expect(existsSync(program) || onPath(basename(program)) !== null, program).toBe(true);
    if (basename(program) === 'npm') {
      expect(args).toEqual(['start']);
      expect(SCRIPTS.start).toBe('node scripts/start.mjs');
      // start.mjs builds and then runs the bundle in its own process.
      expect(read('scripts/start.mjs')).toContain("await import('../dist/server/main.js')");
    } else {
      expect(basename(program)).toBe('node');
      expect(args).toEqual(['dist/server/main.js']);
    }
    expect(read('scripts/build-server.mjs')).toMatch(/outdir = process\.argv\[2\] \?\? 'dist\/server'/);
    expect(existsSync(join(REPO, 'src/server/main.ts'))).toBe(true);
    const user = unitValue('User');
    expect(INSTALL).toMatch(new RegExp(`useradd .* ${user}$`, 'm'));
    expect(INSTALL).toContain(`git clone <repository URL> ${CHECKOUT}`);
  });

  it('backs up from cron into new dated files, in a directory the guide creates', () => {
    const jobs = CRON.split('\n').filter((line) => line.trim() && !line.startsWith('#'));
    const backup = jobs.find((line) => line.includes('npm run backup'));
    expect(backup).toBeDefined();
    for (const job of jobs) {
      const fields = job.split(/\s+/);
      expect(fields[5], job).toBe(unitValue('User'));
      // cron turns an unescaped % into a newline.
      expect(job.replaceAll('\\%', ''), job).not.toContain('%');
    }
    const match = /cd (\S+) && npm run backup -- (\S+)\/[^/\s]*\$\(date \+\\%F\)[^/\s]*\.jsonl$/.exec(backup!);
    expect(match, backup).not.toBeNull();
    expect(match![1]).toBe(CHECKOUT);
    // The backup command never overwrites a file, which is why each night's name carries its date.
    expect(read('src/server/cli/backup.ts')).toContain("open(file, 'wx'");
    expect(INSTALL).toMatch(new RegExp(`mkdir -p .*${match![2]}`));
    expect(INSTALL).toMatch(new RegExp(`chown ${unitValue('User')}:\\S+ .*${match![2]}`));
  });

  it('upgrades by backing up, pulling and restarting the unit it installed', () => {
    const lines = UPGRADE.split('\n');
    const at = (pattern: RegExp) => lines.findIndex((line) => pattern.test(line));
    expect(lines[0]).toBe(`cd ${CHECKOUT}`);
    expect(at(/npm run backup -- /)).toBeGreaterThan(0);
    expect(at(/git pull/)).toBeGreaterThan(at(/npm run backup -- /));
    expect(at(new RegExp(`systemctl restart ${UNIT_NAME}$`))).toBeGreaterThan(at(/git pull/));
    expect(GUIDE).toContain(`systemctl enable --now ${UNIT_NAME}`);
    expect(GUIDE).toContain(`journalctl -u ${UNIT_NAME} -f`);
    // What the guide says to wait for is what the server logs once it listens.
    expect(read('src/server/serve.ts')).toContain("'clinic queue ready'");
    expect(UPGRADE).toContain('clinic queue ready');
  });

  it('names only paths in the checkout that exist, are built, or are made by the product', () => {
    const named = new Set([...GUIDE.matchAll(new RegExp(`${CHECKOUT}(/[^\\s\`'"]*)?`, 'g'))].map((m) => m[1] ?? ''));
    for (const path of named) {
      if (path === '' || path === '/') continue; // the checkout itself
      if (path === '/.env') {
        // Written by the IT person as shown; read by the server and by the commands from their directory.
        expect(read('src/server/main.ts')).toContain('process.loadEnvFile()');
        // The commands read their settings through one helper, which reads .env as the server does.
        expect(read('src/server/cli/cli-config.ts')).toContain('process.loadEnvFile()');
        expect(read('src/server/cli/backup.ts')).toContain('loadCliConfig()');
        expect(read('src/server/cli/staff.ts')).toContain('loadCliConfig()');
      } else if (`${CHECKOUT}${path}` === ENV.DATA_DIR) {
        // Made at first start: the SQLite store and the generated keys create their directory.
        expect(read('src/server/storage/sqlite.ts')).toContain('mkdirSync(dirname(file), { recursive: true })');
      } else {
        expect(existsSync(join(REPO, path)), path).toBe(true);
      }
    }
    expect(named.has('/.env')).toBe(true);
    for (const path of [...GUIDE.matchAll(/`((?:dist|src|scripts|test)\/[\w./-]+)`/g)].map((m) => m[1])) {
      // The code cache's directory is made by the server itself beside its bundle (decision 029).
      if (path === 'dist/server/.cache') expect(read('src/server/boot/code-cache.ts')).toContain("join(dirname(file), '.cache')");
      else if (path.startsWith('dist/')) expect(read('scripts/start.mjs'), path).toContain(path);
      else expect(existsSync(join(REPO, path)), path).toBe(true);
    }
  });
});

/** A port nothing listens on just now (nginx -t tolerates one taken since: it binds only to check). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function onPath(name: string): string | null {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, name))) return join(dir, name);
  }
  return null;
}
