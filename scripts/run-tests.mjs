#!/usr/bin/env node
// The whole suite: node tests (simulator, pure logic), browser tests (web-test-runner in
// Chromium), then integration tests (test/integration: what we ship, built and used where our users
// are — the single file on a bare host, the framework examples, WordPress). Ends with one plain
// line `N passed, N failed, N skipped` for the whole run and exits non-zero if anything failed or
// nothing ran. `--node-only`, `--browser-only`, `--integration-only` run one kind.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const args = new Set(process.argv.slice(2));
const only = ['--node-only', '--browser-only', '--integration-only'].find((a) => args.has(a));
const runNode = !only || only === '--node-only';
const runBrowser = !only || only === '--browser-only';
const runIntegration = !only || only === '--integration-only';

function findTests(dir, out = []) {
  let entries = [];
  try {
    entries = readdirSync(dir);
  } catch {
    return out;
  }
  for (const name of entries) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) findTests(path, out);
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out.sort();
}

function run(command, commandArgs, env = {}) {
  return new Promise((resolve) => {
    let output = '';
    const child = spawn(command, commandArgs, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (d) => {
      output += d;
      process.stdout.write(d);
    });
    child.stderr.on('data', (d) => process.stderr.write(d));
    child.on('close', (code) => resolve({ code: code ?? 1, output }));
  });
}

const totals = { passed: 0, failed: 0, skipped: 0 };
let failedRunner = false;

// First the static checks, each counted as one test: the type check, the linter, the formatter.
// They are fast and a failure here usually explains a failure further on. (The documentation site is
// built by its integration test, test/integration/docs-site.test.ts, against that test's simulator.)
const runStatic = !args.has('--no-static') && runNode && runBrowser;
if (runStatic) {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  for (const script of ['typecheck', 'lint', 'format:check']) {
    const { code } = await run(npm, ['run', '--silent', script]);
    console.log(`Static check ${script}: ${code === 0 ? 'passed' : 'FAILED'}`);
    if (code === 0) totals.passed += 1;
    else totals.failed += 1;
  }
}

/** Runs node:test files one at a time (TAP) and adds their counts to the totals. */
async function nodeTests(label, files) {
  if (!files.length) return;
  const { code, output } = await run(process.execPath, [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=tap',
    '--test-concurrency=1',
    ...files,
  ]);
  const num = (name) => Number(output.match(new RegExp(`^# ${name} (\\d+)$`, 'm'))?.[1] ?? 0);
  const counts = { passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
  console.log(`\n${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (code !== 0 && counts.failed === 0) failedRunner = true;
}

if (runNode) await nodeTests('Node tests', findTests('test/node'));

if (runBrowser) {
  const summaryFile = join(tmpdir(), `wtr-summary-${process.pid}.json`);
  const { code } = await run(
    process.execPath,
    ['node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs'],
    { WTR_SUMMARY_FILE: summaryFile },
  );
  try {
    const browser = JSON.parse(readFileSync(summaryFile, 'utf8'));
    totals.passed += browser.passed;
    totals.failed += browser.failed;
    totals.skipped += browser.skipped;
    rmSync(summaryFile, { force: true });
    if (code !== 0 && browser.failed === 0) failedRunner = true;
  } catch {
    console.error('web-test-runner ended without a summary');
    failedRunner = true;
  }
}

// Last: they build what we ship (minutes for the framework examples and WordPress).
// `SPORTELLO_INTEGRATION` narrows them to files whose name contains one of its comma-separated words.
if (runIntegration) {
  const pick = (process.env.SPORTELLO_INTEGRATION ?? '').split(',').filter(Boolean);
  const files = findTests('test/integration').filter((f) => !pick.length || pick.some((word) => f.includes(word)));
  await nodeTests('Integration tests', files);
}

if (failedRunner) totals.failed += totals.failed === 0 ? 1 : 0;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
