/**
 * Raw SQL is not rewritten by the clinic scoping (decision 077): outside migrations, no `sql` template in
 * the server may read or write a clinic table by name, or a clinic's store would see every clinic's rows
 * (on SQLite always; on PostgreSQL its row security would still refuse them, the second line, not the first).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { CLINIC_TABLES } from '../../src/server/storage/clinic-scope.js';

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) && !/migration/.test(name) ? [path] : [];
  });
}

it('finds no raw SQL over a clinic table in the server outside migrations', () => {
  const tables = [...CLINIC_TABLES].join('|');
  const statement = new RegExp(`\\b(from|into|update|join|table)\\s+"?(${tables})\\b`, 'i');
  const offenders: string[] = [];
  for (const file of sources('src/server')) {
    const text = readFileSync(file, 'utf8');
    for (const template of text.matchAll(/sql(?:<[^>]*>)?`([^`]*)`/g)) {
      if (statement.test(template[1]!)) offenders.push(`${file}: ${template[1]!.slice(0, 80)}`);
    }
    if (/sql\.table\(/.test(text)) offenders.push(`${file}: sql.table(…)`);
  }
  expect(offenders).toEqual([]);
});
