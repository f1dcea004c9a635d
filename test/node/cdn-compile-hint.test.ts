/**
 * The script-tag build (`vite build --mode cdn`) starts the two closed launchers' files with V8's
 * compile hint, `//# allFunctionsCalledOnLoad` (vite.config.ts: ~4 ms less main thread for the live
 * chat's closed launcher at 4x CPU throttle), and no other file: their functions mostly wait for the
 * visitor. The source maps count the hint's line, so stack traces still point at the right source.
 * Built into a temporary folder, so the checkout's cdn/ is left as it is.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const HINT = '//# allFunctionsCalledOnLoad';
const HINTED = ['live-chat.js', 'ai-launcher.js'];

test('only the closed launchers carry the compile hint, on their first line, with maps that count it', () => {
  const out = mkdtempSync(join(tmpdir(), 'sportello-cdn-'));
  try {
    execFileSync('npx', ['vite', 'build', '--mode', 'cdn', '--outDir', out, '--logLevel', 'error'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const files = [...readdirSync(out), ...readdirSync(join(out, 'chunks')).map((f) => `chunks/${f}`)].filter((f) =>
      f.endsWith('.js'),
    );
    assert.ok(files.length > HINTED.length, 'the build wrote its files');
    for (const file of files) {
      const code = readFileSync(join(out, file), 'utf8');
      if (HINTED.includes(file)) {
        assert.equal(code.split('\n', 1)[0], HINT, `${file} starts with the hint`);
        const map = JSON.parse(readFileSync(join(out, `${file}.map`), 'utf8')) as { mappings: string };
        assert.ok(map.mappings.startsWith(';'), `${file}.map leaves the hint's line unmapped`);
      } else {
        assert.ok(!code.includes(HINT), `${file} has no hint`);
        // The banner option applies to every file: the others must not start with a stray line break.
        assert.ok(!code.startsWith('\n'), `${file} starts with code`);
      }
    }
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
});
