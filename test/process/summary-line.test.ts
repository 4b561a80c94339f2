/**
 * `npm test` ends with one plain `N passed, N failed[, N skipped]` line that CI tooling reads: vitest is
 * run on fixtures with known outcomes, with the reporters of the project's configuration, and the last line
 * of what it prints is read.
 */
import { execFile } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO } from './process-support.js';

const CONFIG = 'test/process/fixtures/summary/vitest.config.ts';

/** The nested run must not think it is a worker of this one. */
function plainEnv(): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'NODE_ENV'));
}

function vitest(...filters: string[]): Promise<{ code: number | null; lastLine: string; output: string }> {
  return new Promise((resolve) => {
    const args = ['node_modules/vitest/vitest.mjs', 'run', '--config', CONFIG, ...filters];
    execFile(process.execPath, args, { cwd: REPO, env: plainEnv() }, (error, stdout, stderr) => {
      const lines = stdout.split('\n').filter((line) => line.trim() !== '');
      resolve({ code: error ? (error.code as number) : 0, lastLine: lines.at(-1) ?? '', output: stdout + stderr });
    });
  });
}

describe('the summary line', () => {
  it('counts passed, failed and skipped tests', async () => {
    const run = await vitest('passing', 'mixed');
    expect(run.lastLine, run.output).toBe('1 passed, 1 failed, 1 skipped');
    expect(run.code).toBe(1);
  });

  it('leaves out skipped when none were', async () => {
    const run = await vitest('passing');
    expect(run.lastLine, run.output).toBe('1 passed, 0 failed');
    expect(run.code).toBe(0);
  });

  it('counts a file that fails before its tests run as a failure', async () => {
    const run = await vitest('broken');
    expect(run.lastLine, run.output).toBe('0 passed, 1 failed');
    expect(run.code).toBe(1);
  });
});
