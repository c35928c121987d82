/**
 * `npm test`: the type check and lint, then each vitest project in turn (unit, api, e2e), and a closing
 * line `N passed, N failed[, N skipped]` that CI reads. Exits non-zero when anything failed or
 * nothing ran.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestJson {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}

const PROJECTS = ['unit', 'api', 'e2e'] as const;
const total: Tally = { passed: 0, failed: 0, skipped: 0 };
const problems: string[] = [];
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cardchat-test-report-'));

function header(title: string): void {
  console.log(`\n==== ${title} ====`);
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)}s`;
}

/** The checks that run before the tests, each counted as one passed or failed. */
const CHECKS = ['typecheck', 'lint'] as const;

function check(name: (typeof CHECKS)[number]): void {
  header(name);
  const started = Date.now();
  const result = spawnSync('npm', ['run', '--silent', name], { stdio: 'inherit' });
  if (result.status === 0) {
    total.passed += 1;
    console.log(`${name} passed in ${seconds(started)}`);
  } else {
    total.failed += 1;
    problems.push(name);
    console.log(`${name} FAILED in ${seconds(started)}`);
  }
}

function readReport(file: string): VitestJson | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as VitestJson;
  } catch {
    return undefined;
  }
}

function vitest(project: (typeof PROJECTS)[number]): void {
  header(`vitest: ${project}`);
  const outputFile = path.join(reportDir, `${project}.json`);
  const result = spawnSync(
    process.execPath,
    [
      path.resolve('node_modules/vitest/vitest.mjs'),
      'run',
      '--project',
      project,
      // A project with no test files yet is not an error; the closing count shows it.
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${outputFile}`,
    ],
    { stdio: 'inherit' },
  );
  const report = readReport(outputFile);
  const failed = report?.numFailedTests ?? 0;
  total.passed += report?.numPassedTests ?? 0;
  total.failed += failed;
  total.skipped += (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  if (failed > 0) problems.push(`${project}: ${failed} failed`);
  // A file that fails to load, a failing setup or an unhandled error fails the run without failing
  // any single test; count it so the closing line never reads as green.
  if (result.status !== 0 && failed === 0) {
    total.failed += 1;
    problems.push(`${project}: vitest exited with ${result.status ?? result.signal} (setup, load or unhandled error)`);
  }
}

const started = Date.now();
for (const name of CHECKS) check(name);
for (const project of PROJECTS) vitest(project);
fs.rmSync(reportDir, { recursive: true, force: true });

header('summary');
console.log(`took ${seconds(started)}`);
for (const problem of problems) console.log(`  failed: ${problem}`);
// The checks alone are not a test run.
const testsRan = total.passed + total.failed - CHECKS.length;
if (testsRan <= 0) console.log('no vitest test ran');
const skipped = total.skipped > 0 ? `, ${total.skipped} skipped` : '';
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`);
process.exit(total.failed > 0 || testsRan <= 0 ? 1 : 0);
