// `npm run staff|clinic|backup|restore|doctor|line:richmenu -- …`: build the server if it is missing or older than
// its sources, then run the command from dist/server/cli.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';

const [command, ...args] = process.argv.slice(2);
const file = { staff: 'staff', clinic: 'clinic', backup: 'backup', restore: 'backup', doctor: 'doctor', richmenu: 'richmenu' }[command];
if (!file) {
  console.error('usage: node scripts/cli.mjs staff|clinic|backup|restore|doctor|richmenu …');
  process.exit(2);
}
const newest = (path) =>
  statSync(path).isDirectory() ? Math.max(0, ...readdirSync(path).map((e) => newest(join(path, e)))) : statSync(path).mtimeMs;
const target = `dist/server/cli/${file}.js`;
if (!existsSync(target) || Math.max(newest('src/server'), newest('src/shared')) > statSync(target).mtimeMs) {
  const result = spawnSync('npm', ['run', 'build:server'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
process.argv = [process.argv[0], target, ...(command === 'restore' ? ['restore', ...args] : command === 'backup' ? ['backup', ...args] : args)];
await import(`../${target}`);
