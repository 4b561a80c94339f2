// `npm test [-- vitest arguments]`: installs what is missing (as `npm start` does), then runs vitest once
// with the arguments given, and exits with vitest's code.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureDependencies } from './ensure-deps.mjs';

ensureDependencies();
// vitest itself, not through npx: the arguments and the exit code pass through untouched.
const vitest = join('node_modules', 'vitest', 'vitest.mjs');
const result = spawnSync(process.execPath, [vitest, 'run', ...process.argv.slice(2)], { stdio: 'inherit' });
if (result.error) throw result.error;
if (result.signal) process.kill(process.pid, result.signal);
process.exit(result.status ?? 1);
