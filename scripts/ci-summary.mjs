// Sums the test runners' own JSON reports into the one line CI reads: "N passed, N failed, N skipped".
// A report that should exist but does not counts as one failure, so a crashed runner cannot pass silently.
import fs from 'node:fs';

const read = (file) => {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
};

let passed = 0;
let failed = 0;
let skipped = 0;

const vitest = read('reports/vitest.json');
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests;
  skipped += vitest.numPendingTests + (vitest.numTodoTests ?? 0);
} else {
  console.log('reports/vitest.json is missing');
  failed += 1;
}

const playwright = read('reports/playwright.json');
if (playwright) {
  passed += playwright.stats.expected + playwright.stats.flaky;
  failed += playwright.stats.unexpected;
  skipped += playwright.stats.skipped;
} else if (process.argv.includes('--expect-playwright')) {
  console.log('reports/playwright.json is missing');
  failed += 1;
}

const smoke = read('reports/smoke.json');
if (smoke) {
  passed += smoke.passed;
  failed += smoke.failed;
} else if (process.argv.includes('--expect-smoke')) {
  console.log('reports/smoke.json is missing');
  failed += 1;
}

console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
