// web-test-runner prints its totals inside a progress bar; CI reads a plain last line instead.
import { writeFileSync } from 'node:fs';

function count(suite, totals) {
  for (const test of suite?.tests ?? []) {
    if (test.skipped) totals.skipped += 1;
    else if (test.passed) totals.passed += 1;
    else totals.failed += 1;
  }
  for (const child of suite?.suites ?? []) count(child, totals);
}

export function summaryReporter() {
  return {
    onTestRunFinished({ sessions }) {
      const totals = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        count(session.testResults, totals);
        // A file that fails to load has no test results but must fail the run.
        if (!session.passed && !session.testResults?.tests?.length && !session.testResults?.suites?.length)
          totals.failed += 1;
      }
      const line = `${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`;
      if (process.env.WTR_SUMMARY_FILE) writeFileSync(process.env.WTR_SUMMARY_FILE, JSON.stringify(totals));
      process.stdout.write(`\nBrowser tests: ${line}\n`);
    },
  };
}
