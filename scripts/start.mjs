// `npm start`: install and build whatever is missing or older than the sources (a fresh clone, or a
// `git pull` on the clinic's machine), then run the server.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import module from 'node:module';
import { ensureDependencies } from './ensure-deps.mjs';

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

/** Newest modification time under the given files and folders. */
function newest(paths) {
  let latest = 0;
  for (const path of paths) {
    if (!existsSync(path)) continue;
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const entry of readdirSync(path)) latest = Math.max(latest, newest([join(path, entry)]));
    } else {
      latest = Math.max(latest, stat.mtimeMs);
    }
  }
  return latest;
}

const mtime = (file) => (existsSync(file) ? statSync(file).mtimeMs : 0);

ensureDependencies();
const common = ['src/shared', 'package-lock.json'];
if (newest(['src/server', 'scripts/build-server.mjs', ...common]) > mtime('dist/server/main.js')) {
  run('npm', ['run', 'build:server']);
}
if (newest(['src/client', 'index.html', 'public', 'vite.config.ts', ...common]) > mtime('dist/client/index.html')) {
  run('npm', ['run', 'build:client']);
}
// Node's module compile cache where this Node has it (22.1+): later starts skip compiling the bundle.
module.enableCompileCache?.();
await import('../dist/server/main.js');
