/**
 * docs/architecture.md's capability table is the newcomer's map ("where is absence?" is one row): every path
 * it names must exist, every function of the wire must have its row, and every rule it names must have its
 * test beside it. A renamed file or a new function without a row fails here, not in a reader's hands.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../src/shared/schemas/functions.js';
import { REPO } from './process-support.js';

/** Where a column's bare paths are; a path starting with src/ or test/ is from the repository's root. */
const BASES = ['', 'src/server/domain', 'src/server/domain', 'src/server/functions', 'src/shared/labels', 'src/client', ''];

const doc = readFileSync(join(REPO, 'docs/architecture.md'), 'utf8');
const section = doc.slice(doc.indexOf('## Capabilities'), doc.indexOf('## Where a new capability goes'));
const rows = section
  .split('\n')
  .filter((line) => line.startsWith('| ') && !line.startsWith('| capability') && !line.startsWith('|---'))
  .map((line) => line.slice(2, -2).split(' | '));

const pathsOf = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!).filter((p) => /\.(ts|tsx)$/.test(p));
const resolve = (column: number, path: string) => (/^(src|test)\//.test(path) ? path : join(BASES[column]!, path));

describe('the capability table of docs/architecture.md', () => {
  it('has a row for every capability, each with seven columns', () => {
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row, row[0]).toHaveLength(7);
  });

  it('points only at files that exist', () => {
    const missing = rows.flatMap((row) => row.flatMap((cell, column) => pathsOf(cell).map((p) => resolve(column, p)))).filter((p) => !existsSync(join(REPO, p)));
    expect(missing).toEqual([]);
  });

  it('names every function of the wire in a handler cell, each in the file that defines it', () => {
    const named = new Map<string, string>();
    for (const row of rows) {
      const handler = /^`([^`]+)`: (.+)$/.exec(row[3]!);
      if (handler) for (const name of handler[2]!.split(', ')) named.set(name, join('src/server/functions', handler[1]!));
    }
    expect(FUNCTION_NAMES.filter((name) => !named.has(name))).toEqual([]);
    for (const [name, file] of named) {
      expect(readFileSync(join(REPO, file), 'utf8'), `${name} in ${file}`).toMatch(new RegExp(`export const ${name}\\b`));
    }
  });

  it('gives every rule.ts it names its rule.test.ts beside it', () => {
    const rules = rows.flatMap((row) => pathsOf(row[1]!).map((p) => resolve(1, p))).filter((p) => p.endsWith('/rule.ts'));
    expect(rules.length).toBeGreaterThan(15);
    expect(rules.filter((p) => !existsSync(join(REPO, dirname(p), 'rule.test.ts')))).toEqual([]);
  });

  it('gives every apply.ts it names its contract test on both stores beside it', () => {
    const applies = rows.flatMap((row) => pathsOf(row[2]!).map((p) => resolve(2, p))).filter((p) => p.endsWith('/apply.ts'));
    expect(applies.length).toBeGreaterThan(15);
    expect(applies.filter((p) => !existsSync(join(REPO, dirname(p), 'apply.contract.test.ts')))).toEqual([]);
  });
});
