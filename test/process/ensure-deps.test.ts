/**
 * When `npm start` and `npm test` install: the locked packages against what npm recorded in
 * node_modules/.package-lock.json, on real files in a temporary project.
 */
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { missingPackages } from '../../scripts/ensure-deps.mjs';

let root: string;
afterEach(() => rmSync(root, { recursive: true, force: true }));

const LOCK = {
  packages: {
    '': { name: 'clinic-queue' },
    'node_modules/vitest': { version: '4.1.12', dev: true },
    'node_modules/fastify': { version: '5.12.8' },
    'node_modules/@esbuild/darwin-arm64': { version: '0.28.2', optional: true },
  },
};

function project(installed: Record<string, { version: string }> | null) {
  root = mkdtempSync(join(tmpdir(), 'cq-deps-'));
  writeFileSync(join(root, 'package-lock.json'), JSON.stringify(LOCK));
  if (installed) {
    mkdirSync(join(root, 'node_modules'));
    writeFileSync(join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ packages: installed }));
  }
}

it('installs on a fresh clone', () => {
  project(null);
  expect(missingPackages(root)).toEqual(['node_modules']);
});

it('installs what the lock asks for and node_modules lacks, or has at another version', () => {
  project({ 'node_modules/fastify': { version: '5.12.7' } });
  expect(missingPackages(root)).toEqual(['node_modules/vitest', 'node_modules/fastify']);
});

it("leaves a complete install alone, even without another platform's optional binaries", () => {
  project({ 'node_modules/vitest': { version: '4.1.12' }, 'node_modules/fastify': { version: '5.12.8' } });
  expect(missingPackages(root)).toEqual([]);
});

it('leaves it alone when a checkout made package-lock.json newer without changing it', () => {
  project({ 'node_modules/vitest': { version: '4.1.12' }, 'node_modules/fastify': { version: '5.12.8' } });
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(root, 'package-lock.json'), later, later);
  expect(missingPackages(root)).toEqual([]);
});
