#!/usr/bin/env node
// The whole suite: node tests (simulator, pure logic) then browser tests (web-test-runner in
// Chromium). Ends with one plain line `N passed, N failed, N skipped` for the whole run and
// exits non-zero if anything failed or nothing ran.
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const args = new Set(process.argv.slice(2));
const runNode = !args.has('--browser-only');
const runBrowser = !args.has('--node-only');

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
// They are fast and a failure here usually explains a failure further on.
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

if (runNode) {
  const files = findTests('test/node');
  if (files.length) {
    const { code, output } = await run(process.execPath, [
      '--import',
      'tsx',
      '--test',
      '--test-reporter=tap',
      '--test-concurrency=1',
      ...files,
    ]);
    const num = (label) => Number(output.match(new RegExp(`^# ${label} (\\d+)$`, 'm'))?.[1] ?? 0);
    const node = { passed: num('pass'), failed: num('fail') + num('cancelled'), skipped: num('skipped') + num('todo') };
    console.log(`\nNode tests: ${node.passed} passed, ${node.failed} failed, ${node.skipped} skipped`);
    totals.passed += node.passed;
    totals.failed += node.failed;
    totals.skipped += node.skipped;
    if (code !== 0 && node.failed === 0) failedRunner = true;
  }
}

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

if (failedRunner) totals.failed += totals.failed === 0 ? 1 : 0;
console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 || totals.passed === 0 ? 1 : 0);
