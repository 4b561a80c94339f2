import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

const routeSets = ['line', 'pwa', 'web', 'admin'];

/** The import rule of a server folder: no client code, and the folder's own boundary if it has one. */
function serverImports(files, ...patterns) {
  const patternsAll = [{ group: ['**/client/**'], message: 'the server does not import client code' }, ...patterns];
  return { files: [files], rules: { 'no-restricted-imports': ['error', { patterns: patternsAll }] } };
}

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  // No import cycle: a module's imports form a tree, so each folder can be read, tested and moved on its own.
  // Only our own code is walked (ignoreExternal): node_modules has cycles of its own and costs lint time.
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // Without these the rule reads only .js files and sees no cycle through TypeScript.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // shared/ holds schemas, codes and pure rules: it imports neither side.
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/client/**'], message: 'src/shared imports neither side' }] },
      ],
    },
  },
  // A later block's no-restricted-imports replaces an earlier one's for the same files, so every server
  // block repeats "no client code" through this one helper, then adds its own boundary.
  serverImports('src/server/**'),
  serverImports('src/server/functions/**', { group: ['./*'], message: 'function route sets do not import each other' }),
  // The domain decides and writes; sending is the notify worker's, answering HTTP the route layer's.
  serverImports('src/server/domain/**', {
    group: ['**/notify/**', '**/http/**'],
    message: 'domain/ imports neither notify/ nor http/ (a notice is an outbox row)',
  }),
  // push/ is one of notify/'s senders: notify/ reads push/, so push/ reading notify/ would run upward (and
  // invite a cycle). What both need (the send result) lives in outside/.
  serverImports('src/server/push/**', { group: ['**/notify/**'], message: 'push/ does not import notify/ (shared pieces live in outside/)' }),
  // abuse/ is the HTTP side's policy and domain/ reads its counters: abuse/ reading domain/ would run upward.
  // What both need (the ticket quota's shape) lives in abuse/.
  serverImports('src/server/abuse/**', { group: ['**/domain/**'], message: 'abuse/ does not import domain/ (domain/ reads abuse/)' }),
  // Route sets of the client do not import each other.
  ...routeSets.map((set) => ({
    files: [`src/client/${set}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'the client does not import server code' },
            ...routeSets
              .filter((other) => other !== set)
              .map((other) => ({ group: [`**/${other}/**`], message: 'route sets do not import each other' })),
          ],
        },
      ],
    },
  })),
);
