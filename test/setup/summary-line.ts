/**
 * Ends every run with one plain line, `N passed, N failed` (`, N skipped` when any were), which CI tooling
 * reads: the default reporter's summary is coloured and spread over several lines. Counted from vitest's
 * own results. A file that fails before any of its tests fails (it does not load, or a hook throws) counts
 * as one failure, and so does an error outside any test: "0 failed" means nothing failed.
 */
import type { SerializedError } from 'vitest';
import type { Reporter, TestModule, Vitest } from 'vitest/node';

export function summaryLine(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>): string {
  let passed = 0;
  let failed = unhandledErrors.length;
  let skipped = 0;
  for (const module of modules) {
    let failedHere = 0;
    for (const test of module.children.allTests()) {
      const { state } = test.result();
      if (state === 'passed') passed++;
      else if (state === 'failed') failedHere++;
      else if (state === 'skipped') skipped++;
    }
    failed += failedHere > 0 ? failedHere : module.state() === 'failed' ? 1 : 0;
  }
  return `${passed} passed, ${failed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
}

export class SummaryLineReporter implements Reporter {
  private vitest?: Vitest;

  onInit(vitest: Vitest) {
    this.vitest = vitest;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>) {
    // After the default reporter's summary, which is printed in the same call.
    this.vitest?.logger.log(summaryLine(modules, unhandledErrors));
  }
}
