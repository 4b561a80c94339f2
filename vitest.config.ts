import { defineConfig } from 'vitest/config';
import { SummaryLineReporter } from './test/setup/summary-line.js';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'test/**/*.test.ts'],
    // One throwaway PostgreSQL cluster for the whole run; each test file gets its own database in it.
    globalSetup: ['test/setup/postgres-global.ts', 'test/setup/client-build.ts', 'test/setup/push-tls.ts'],
    // A label looked up without one of its parameters throws in tests (src/shared/labels/text.ts).
    setupFiles: ['test/setup/strict-labels.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // The default output, then one plain `N passed, N failed` line (test/setup/summary-line.ts).
    reporters: ['default', new SummaryLineReporter()],
  },
});
