/**
 * One throwaway PostgreSQL cluster for the whole test run; each test file creates its own databases in it
 * (test/support/stores.ts). Without PostgreSQL binaries the PostgreSQL half of the suites is skipped, loudly,
 * unless REQUIRE_POSTGRES is set (CI), in which case the run fails here.
 */
import type { TestProject } from 'vitest/node';
import { findPgBindir, startPgCluster } from '../support/pg-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Superuser URL of the run's cluster, or null when PostgreSQL is not installed. */
    pgAdminUrl: string | null;
    /** Where initdb and pg_ctl are, for tests that run a cluster of their own (test/support/pg-cluster.ts). */
    pgBindir: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bindir = findPgBindir();
  if (!bindir) {
    if (process.env.REQUIRE_POSTGRES) {
      throw new Error('REQUIRE_POSTGRES is set but no PostgreSQL binaries were found (pg_config, /usr/lib/postgresql, PATH)');
    }
    warnSkipped();
    project.provide('pgAdminUrl', null);
    project.provide('pgBindir', null);
    return async () => {};
  }

  const cluster = await startPgCluster(bindir);
  // Teardown does not run when the runner is killed outright; a stray postmaster would outlive us.
  const onExit = () => cluster.destroy();
  process.once('exit', onExit);
  project.provide('pgAdminUrl', cluster.url);
  project.provide('pgBindir', bindir);
  return async () => {
    process.off('exit', onExit);
    cluster.destroy();
  };
}

function warnSkipped(): void {
  const bar = '!'.repeat(78);
  console.warn(
    [
      '',
      bar,
      '!!  PostgreSQL binaries not found: every PostgreSQL test in this run is SKIPPED.',
      '!!  The production store is NOT being tested. Install PostgreSQL 15+ server binaries',
      '!!  (initdb, pg_ctl) or set REQUIRE_POSTGRES=1 to make this a failure.',
      bar,
      '',
    ].join('\n'),
  );
}
