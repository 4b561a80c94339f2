/**
 * The "who" column of docs/api.md's function table says what each function's definition declares
 * (functionAccess). A rule is written in its own words ("anyone", "staff", "patient", "PWA patient"); a
 * rule chosen by a payload field as below. After the rule a cell may add a note: ", …" or " (…)".
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { FUNCTION_NAMES } from '../../src/shared/schemas/functions.js';
import { functionAccess } from '../../src/server/function-table.js';
import type { Rule } from '../../src/server/http/function-def.js';

type Access = Rule | { field: string; cases: Record<string, Rule> };

/** How docs/api.md writes an access: values whose rule is "a patient of that channel" are grouped. */
function who(access: Access): string {
  if (typeof access === 'string') return access;
  const values = Object.keys(access.cases);
  const own = values.filter((value) => access.cases[value] === `${value} patient`);
  const parts = own.length > 0 ? [`patient of the channel in \`${access.field}\` (${own.join('/')})`] : [];
  for (const value of values) if (!own.includes(value)) parts.push(`${access.cases[value]} (${value})`);
  return parts.join(' or ');
}

/** The rows of the table headed `| function | who | …`: each name (`start/endX` is two) with its who cell. */
function docsWho(markdown: string): Map<string, string> {
  const lines = markdown.split('\n');
  const header = lines.findIndex((line) => /^\| function \| who \|/.test(line));
  expect(header, 'the function table of docs/api.md').toBeGreaterThanOrEqual(0);
  const rows = new Map<string, string>();
  for (const line of lines.slice(header + 2)) {
    if (!line.startsWith('|')) break;
    const [names, cell] = line.split(' | ').map((part) => part.replace(/^\| /, ''));
    for (const name of names.split(', ')) {
      const pair = /^(\w+)\/(\w+?)([A-Z]\w*)$/.exec(name);
      for (const expanded of pair ? [pair[1] + pair[3], pair[2] + pair[3]] : [name]) {
        expect(rows.has(expanded), `${expanded} listed twice`).toBe(false);
        rows.set(expanded, cell);
      }
    }
  }
  return rows;
}

const documented = docsWho(readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8'));

it('docs/api.md lists every function once, and no other', () => {
  expect([...documented.keys()].sort()).toEqual([...FUNCTION_NAMES].sort());
});

it.each(FUNCTION_NAMES.map((fn) => [fn]))("docs/api.md's who of %s is its declared access", (fn) => {
  const cell = documented.get(fn) ?? '';
  const declared = who(functionAccess[fn] as Access);
  expect(cell === declared || cell.startsWith(`${declared}, `) || cell.startsWith(`${declared} (`), `"${cell}" is not "${declared}"`).toBe(true);
});

it('the words of a payload-chosen access', () => {
  expect(who({ field: 'reservedType', cases: { LINE: 'LINE patient', PWA: 'PWA patient', ADMIN: 'staff' } })).toBe(
    'patient of the channel in `reservedType` (LINE/PWA) or staff (ADMIN)',
  );
  expect(who({ field: 'kind', cases: { a: 'PWA patient', b: 'anyone' } })).toBe('PWA patient (a) or anyone (b)');
});
