// Sums the test runners' own JSON reports into the one line CI reads: "N passed, N failed, N skipped".
// A report that should exist but does not counts as one failure, so a crashed runner cannot pass silently.
//   --expect NAME   reports/NAME.json must exist (vitest, vitest-node24, playwright, smoke, container…)
import fs from 'node:fs';

const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

/** Each report's own shape, as counts. */
function counts(name, report) {
  if (name.startsWith('vitest')) {
    return {
      passed: report.numPassedTests,
      failed: report.numFailedTests,
      skipped: report.numPendingTests + (report.numTodoTests ?? 0),
    };
  }
  if (name === 'playwright') {
    const { expected, flaky, unexpected, skipped } = report.stats;
    return { passed: expected + flaky, failed: unexpected, skipped };
  }
  // Our own scripts (smoke, container): {passed, failed}.
  return { passed: report.passed, failed: report.failed, skipped: report.skipped ?? 0 };
}

const expected = process.argv.flatMap((arg, i, all) => (all[i - 1] === '--expect' ? [arg] : []));
const found = fs.existsSync('reports')
  ? fs
      .readdirSync('reports')
      .filter((file) => file.endsWith('.json'))
      .map((file) => file.slice(0, -5))
  : [];

const total = { passed: 0, failed: 0, skipped: 0 };
for (const name of new Set([...expected, ...found])) {
  const report = read(`reports/${name}.json`);
  if (!report) {
    console.log(`reports/${name}.json is missing`);
    total.failed += 1;
    continue;
  }
  const { passed, failed, skipped } = counts(name, report);
  console.log(`  ${name}: ${passed} passed, ${failed} failed, ${skipped} skipped`);
  total.passed += passed;
  total.failed += failed;
  total.skipped += skipped;
}

console.log(`${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
