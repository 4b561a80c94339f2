/**
 * The repository explains itself: every document a file names is a file of the repository. A comment that
 * sends the reader to a specification kept somewhere else, or a markdown link to a file that was moved,
 * leaves the next maintainer with nothing to open. Read over `git ls-files`, so it checks what is committed
 * (and staged), not scratch files lying in the worktree.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO } from './process-support.js';

// The product began from five documents that were never part of the repository; their names are built
// here from parts so that this file does not name them itself.
const OUTSIDE = ['SPEC', 'DESIGN', 'PLATFORM', 'LABELS-ja', 'STYLE'].map((name) => `${name}.md`);
// A section sign followed by a number only ever meant a section of one of those documents.
const SECTION_SIGN = /§\s?\d/;

const tracked = execFileSync('git', ['ls-files', '-z'], { cwd: REPO, encoding: 'utf8' })
  .split('\0')
  .filter((path) => path !== '' && existsSync(join(REPO, path)));

function textOf(path: string): string | null {
  const bytes = readFileSync(join(REPO, path));
  return bytes.includes(0) ? null : bytes.toString('utf8');
}

/** Relative link targets of a markdown text, code blocks and inline code left out. */
function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```$/gm, '').replace(/`[^`\n]*`/g, '');
  const targets = [
    ...[...prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]),
    ...[...prose.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => m[1]),
  ];
  return targets
    .filter((target) => !/^([a-z][a-z0-9+.-]*:|#|\/\/)/i.test(target))
    .map((target) => decodeURI(target.replace(/[?#].*$/, '')))
    .filter((target) => target !== '');
}

const MARKDOWN = tracked.filter((path) => path.endsWith('.md') && (path === 'README.md' || path.startsWith('docs/')));

describe('every document the repository names is in it', () => {
  it('no tracked file names a document kept outside the repository', () => {
    const naming = tracked.flatMap((path) => {
      const text = textOf(path);
      const found = text === null ? [] : OUTSIDE.filter((name) => text.includes(name));
      return found.length > 0 ? [`${path}: ${found.join(', ')}`] : [];
    });
    expect(naming).toEqual([]);
  });

  it('no tracked file points at a numbered section (a section sign and a number) of such a document', () => {
    const pointing = tracked.filter((path) => SECTION_SIGN.test(textOf(path) ?? ''));
    expect(pointing).toEqual([]);
  });

  it('every relative link in README.md and docs/ reaches a file or folder of the repository', () => {
    expect(MARKDOWN).toContain('docs/architecture.md');
    expect(MARKDOWN).toContain('docs/decisions/README.md');
    const broken = MARKDOWN.flatMap((path) =>
      relativeLinks(textOf(path) ?? '')
        .filter((target) => !existsSync(normalize(join(REPO, dirname(path), target))))
        .map((target) => `${path} → ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('reads the links a page really has, and only those', () => {
    const page = [
      'See [the API](api.md#errors), [a record](decisions/001-serialised-writes.md "title") and',
      '[the site](https://example.com), [above](#top), <mailto:x@example.com>, `[code](not-a-link.md)`.',
      '```md',
      '[fenced](also-not-a-link.md)',
      '```',
      '[ref]: ../bench/records/benchmark-history.md',
    ].join('\n');
    expect(relativeLinks(page)).toEqual(['api.md', 'decisions/001-serialised-writes.md', '../bench/records/benchmark-history.md']);
  });
});
