// `npm start`: build whatever is missing (first run on a fresh clone), then run the server.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const run = (args) => {
  const result = spawnSync('npm', ['run', ...args], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
if (!existsSync('node_modules')) {
  const install = spawnSync('npm', ['ci'], { stdio: 'inherit' });
  if (install.status !== 0) process.exit(install.status ?? 1);
}
if (!existsSync('dist/server/main.js')) run(['build:server']);
if (!existsSync('dist/client/index.html')) run(['build:client']);
await import('../dist/server/main.js');
