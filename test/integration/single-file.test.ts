/**
 * `cdn/sportello.bundle.js` is the only file of ours a host needs: built afresh, copied alone into
 * an empty folder next to a host page and the host's own script, served by a plain static server
 * with the README's strict CSP (Trusted Types enforced, `worker-src 'self' blob:`), all four elements
 * work against the simulator: the PDF and stream workers start from code inside the file.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { RunningSimulator } from '../../demo/server/core/simulator.js';
import { ROOT, launchChromium, run, serveFolder, startSim, strictCsp, type StaticServer } from './lib/harness.js';
import {
  exerciseAiChat,
  exerciseDeskForm,
  exerciseLiveChat,
  exerciseSignViewer,
  recordEvents,
  sseWorkerStatus,
} from './lib/elements.js';

/** A host's page as a CMS would write it: the tags with their attributes, the kit, the host's own script. */
function hostPage(simUrl: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <link rel="icon" href="data:," />
    <title>One file on a host</title>
    <script type="module" src="./sportello.bundle.js"></script>
    <script type="module" src="./host.js"></script>
  </head>
  <body>
    <main>
      <h1>One file on a host</h1>
      <sportello-live-chat widget-key="demo" mode="inline" report-navigation="false" endpoint="${simUrl}/chat"></sportello-live-chat>
      <sportello-ai-chat agent-id="1" api-key="spk_demo" endpoint="${simUrl}/ai/api/v2"></sportello-ai-chat>
      <sportello-sign-viewer id-file="1002" sign-token="demo-sign-token" sign-user="demo" endpoint="${simUrl}/sign/api/v2"></sportello-sign-viewer>
      <sportello-desk-form user-id="501" no-draft endpoint="${simUrl}/desk" catalog-src="${simUrl}/desk/__catalog.json"></sportello-desk-form>
    </main>
  </body>
</html>
`;
}

const work = mkdtempSync(join(tmpdir(), 'sportello-single-'));
const built = join(work, 'build');
const host = join(work, 'host');
let site: StaticServer;
let sim: RunningSimulator;
let browser: Browser;
let page: Page;
const problems: string[] = [];

before(async () => {
  await run(process.execPath, [
    'node_modules/vite/bin/vite.js',
    'build',
    '--mode',
    'bundle',
    '--outDir',
    built,
    '--logLevel',
    'warn',
  ]);
  assert.deepEqual(readdirSync(built), ['sportello.bundle.js'], 'the single-file build writes one file');
  rmSync(host, { recursive: true, force: true });
  const fixture = join(ROOT, 'test/integration/fixtures/single-file');
  mkdirSync(host);
  copyFileSync(join(built, 'sportello.bundle.js'), join(host, 'sportello.bundle.js'));
  for (const name of readdirSync(fixture)) copyFileSync(join(fixture, name), join(host, name));

  // The simulator's URL goes into the page (its attributes and CSP), the site's into the simulator's allow-list.
  let simUrl = '';
  site = await serveFolder(host, (path): Record<string, string> =>
    path.endsWith('.html') || path.endsWith('/') ? { 'Content-Security-Policy': strictCsp(simUrl) } : {},
  );
  sim = await startSim([site.url]);
  simUrl = sim.url;
  writeFileSync(join(host, 'index.html'), hostPage(sim.url));
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1200, height: 2400 } });
  page.on('console', (m) => {
    if (/Content Security Policy|Trusted Type|TrustedScriptURL|Refused/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  await recordEvents(page);
  await page.goto(`${site.url}/index.html?sim=${encodeURIComponent(sim.url)}`);
});

after(async () => {
  await browser?.close();
  await sim?.close();
  await site?.close();
  rmSync(work, { recursive: true, force: true });
});

test('live chat starts a chat over STOMP from the single file', async () => {
  await exerciseLiveChat(page);
});

test('AI panel streams an answer through the stream worker started from inside the file', async () => {
  await exerciseAiChat(page);
  const worker = await sseWorkerStatus(page);
  assert.equal(worker.status, 'ready', `stream worker: ${JSON.stringify(worker)}`);
  assert.ok(worker.streams >= 1, 'the answer came through the worker');
});

test('signing viewer draws the PDF with the pdf.js worker started from inside the file', async () => {
  await exerciseSignViewer(page);
});

test('help-desk form creates a request', async () => {
  await exerciseDeskForm(page);
});

test('the host served only its page, its own script and the one file, and the CSP saw no violation', () => {
  const asked = [...new Set(site.requests.map((r) => r.path))].sort();
  assert.deepEqual(asked, ['/host.js', '/index.html', '/sportello.bundle.js']);
  assert.ok(
    site.requests.every((r) => r.status === 200),
    JSON.stringify(site.requests),
  );
  assert.deepEqual(problems, []);
});
