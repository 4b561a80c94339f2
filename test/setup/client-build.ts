// Browser tests run against the real built client. It is built once per run into a directory of its own
// (parallel runs and `npm start` never overwrite each other's build), handed to tests as `clientDir`.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    clientDir: string;
  }
}

export default function setup(project: TestProject) {
  const outDir = mkdtempSync(join(tmpdir(), 'cq-client-'));
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
  });
  project.provide('clientDir', outDir);
  return () => rmSync(outDir, { recursive: true, force: true });
}
