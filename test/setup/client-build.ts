// Browser tests run against the real built client. Each run gets a directory of its own (parallel runs
// and `npm start` never overwrite each other's build), handed to tests as `clientDir`. The build itself
// happens on first use (test/support/client-build.ts), so runs without browser tests never pay for it.
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
  const root = mkdtempSync(join(tmpdir(), 'cq-client-'));
  project.provide('clientDir', join(root, 'out'));
  return () => rmSync(root, { recursive: true, force: true });
}
