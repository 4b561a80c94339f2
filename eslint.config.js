import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const routeSets = ['line', 'pwa', 'web', 'admin'];

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
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/client/**'], message: 'the server does not import client code' }] },
      ],
    },
  },
  {
    files: ['src/server/functions/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'the server does not import client code' },
            { group: ['./*'], message: 'function route sets do not import each other' },
          ],
        },
      ],
    },
  },
  // The domain decides and writes; sending is the notify worker's, answering HTTP the route layer's.
  {
    files: ['src/server/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/client/**'], message: 'the server does not import client code' },
            { group: ['**/notify/**', '**/http/**'], message: 'domain/ imports neither notify/ nor http/ (a notice is an outbox row)' },
          ],
        },
      ],
    },
  },
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
