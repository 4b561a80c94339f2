// `npm run staff -- add <username>`: build the server if missing, then run the staff command.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

if (!existsSync('dist/server/cli/staff.js')) {
  const result = spawnSync('npm', ['run', 'build:server'], { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
await import('../dist/server/cli/staff.js');
