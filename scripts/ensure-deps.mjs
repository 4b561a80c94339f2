// Shared by `npm start` and `npm test`: a fresh clone (or a `git pull` that changed package-lock.json)
// installs the locked dependencies before anything else runs, so either can be the first command.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

/**
 * Packages package-lock.json wants that node_modules lacks at that version. npm records what it installed
 * in node_modules/.package-lock.json. Contents, not modification times: a checkout or a copy rewrites a
 * file's time without changing what it locks. Optional packages (another platform's binaries) may be
 * absent by design.
 */
export function missingPackages(root = '.') {
  const installed = join(root, 'node_modules', '.package-lock.json');
  if (!existsSync(installed)) return ['node_modules'];
  const wanted = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8')).packages ?? {};
  const have = JSON.parse(readFileSync(installed, 'utf8')).packages ?? {};
  return Object.entries(wanted)
    .filter(([path, entry]) => path !== '' && !entry.optional && !entry.devOptional && !entry.link)
    .filter(([path, entry]) => have[path]?.version !== entry.version)
    .map(([path]) => path);
}

/** Runs `npm ci` when something is missing; exits with npm's code if that fails. */
export function ensureDependencies(root = '.') {
  const missing = missingPackages(root);
  if (missing.length === 0) return;
  console.error(`installing dependencies (${missing.length === 1 ? missing[0] : `${missing.length} packages`} missing or out of date)`);
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
