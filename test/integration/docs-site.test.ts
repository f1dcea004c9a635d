/**
 * The documentation site (`npm run docs`) as a reader on a phone gets it: built afresh, served by a
 * plain static server, each page opened in Chromium at 390 px under the strict policy it carries.
 * No page is wider than the screen, axe finds nothing, the policy sees no violation, every request
 * is answered, and each element's live example runs against the simulator.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { RunningSimulator } from '../../demo/server/core/simulator.js';
import { PUBLIC_TAGS } from '../../scripts/public-tags.mjs';
import { ROOT, launchChromium, run, serveFolder, startSim, type StaticServer } from './lib/harness.js';

const work = mkdtempSync(join(tmpdir(), 'sportello-docs-'));
const out = join(work, 'site');
const axeSource = readFileSync(join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8');
let site: StaticServer;
let sim: RunningSimulator;
let browser: Browser;

before(async () => {
  site = await serveFolder(out);
  sim = await startSim([site.url]);
  await run(process.execPath, ['--import', 'tsx', 'docs/build.ts'], {
    env: { SPORTELLO_DOCS_OUT: out, SPORTELLO_DOCS_SIM_URL: sim.url },
  });
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  await sim?.close();
  await site?.close();
  rmSync(work, { recursive: true, force: true });
});

/** Opens a page at 390 px; what went wrong on it (policy, script errors, failed requests) is collected. */
async function open(
  path: string,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<{ page: Page; problems: string[] }> {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 }, colorScheme });
  // tsx keeps the names of the functions handed to the page through a `__name` helper the page lacks.
  await page.addInitScript('globalThis.__name ??= (f) => f;');
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' || /Content Security Policy|Trusted Type/i.test(m.text())) problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()}: ${r.url()}`);
  });
  await page.goto(`${site.url}/${path}`);
  return { page, problems };
}

async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run(): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> };
      }
    ).axe;
    const { violations } = await axe.run();
    return violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.map((n) => n.target))}`);
  });
}

/** The live example is up once the element rendered what the simulator gave it (more than a status line). */
async function liveRendered(page: Page, tag: string): Promise<void> {
  await page.waitForFunction(
    (t) => {
      // The text a reader sees, through the element's shadow roots and those of its parts.
      const text = (node: Node): string =>
        node instanceof Element && node.shadowRoot
          ? text(node.shadowRoot)
          : node.nodeType === Node.TEXT_NODE
            ? (node.textContent ?? '')
            : [...node.childNodes].map(text).join('');
      const el = document.querySelector(`#live ${t}`);
      return !!el && text(el).trim().length > 40;
    },
    tag,
    { timeout: 60_000 },
  );
}

/** How far the page reaches past the screen's right edge (0 when it fits). */
const overflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test('the first page: every element listed, the README guides, no overflow at 390 px, axe clean', async () => {
  const { page, problems } = await open('index.html');
  for (const tag of PUBLIC_TAGS) assert.equal(await page.locator(`main a[href="./${tag}.html"]`).count(), 1, tag);
  for (const guide of ['On any page', 'Frameworks', 'WordPress', 'Content Security Policy'])
    assert.ok(await page.getByRole('heading', { name: guide, level: 2 }).count(), `the guide "${guide}"`);
  assert.equal(await overflow(page), 0);
  assert.deepEqual(await axeViolations(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

for (const tag of PUBLIC_TAGS) {
  test(`<${tag}>: its reference and framework snippets, its live example under the strict policy, no overflow, axe clean`, async () => {
    const { page, problems } = await open(`${tag}.html`);
    for (const section of ['Attributes', 'Properties', 'Events', 'CSS parts', 'CSS custom properties'])
      assert.ok(await page.getByRole('heading', { name: section, level: 2 }).count(), `${tag}: ${section}`);
    for (const framework of ['Plain HTML', 'React (sportello/react)', 'Vue 3', 'Angular'])
      assert.ok(await page.getByRole('heading', { name: framework, level: 3 }).count(), `${tag}: ${framework}`);
    if (await page.locator('#live').count()) {
      await liveRendered(page, tag);
      assert.equal(await page.locator('#live [part="error"]').count(), 0, `${tag}: the example shows an error`);
    }
    assert.equal(await overflow(page), 0, `${tag} is wider than the screen`);
    assert.deepEqual(await axeViolations(page), []);
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('in the dark (prefers-color-scheme): each element page and its live example dark, axe clean', async () => {
  for (const tag of PUBLIC_TAGS) {
    const { page, problems } = await open(`${tag}.html`, 'dark');
    if (await page.locator('#live').count()) {
      await liveRendered(page, tag);
      // The kit's dark text (palette.ts) on the element: it follows the page's color-scheme.
      const text = await page.locator(`#live ${tag}`).evaluate((el) => getComputedStyle(el).color);
      assert.equal(text, 'rgb(231, 234, 240)', tag);
    }
    assert.deepEqual(await axeViolations(page), [], tag);
    assert.deepEqual(problems, [], tag);
    await page.close();
  }
});

test('on a phone the pages fold under "Pages": the page itself is the first screen, the list opens from the keyboard', async () => {
  for (const path of ['index.html', 'sportello-live-chat.html']) {
    const { page, problems } = await open(path);
    const heading = await page.locator('main h1').evaluate((h) => h.getBoundingClientRect().top);
    assert.ok(
      heading < 844 / 4,
      `${path}: the page's heading starts ${heading}px down, past the first screen's top quarter`,
    );
    const links = page.locator('nav.site-nav a');
    assert.equal(await links.count(), PUBLIC_TAGS.length + 1, path);
    assert.equal(await links.first().isVisible(), false, `${path}: the list is folded`);
    // The toggle is the first stop after the skip link and the brand; Enter opens it, no script.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), 'Pages', path);
    await page.keyboard.press('Enter');
    for (const link of await links.all()) assert.ok(await link.isVisible(), `${path}: ${await link.textContent()}`);
    assert.equal(await overflow(page), 0, path);
    assert.deepEqual(await axeViolations(page), [], `${path}, the list open`);
    assert.deepEqual(problems, [], path);
    await page.close();
  }
});

test('on a wide screen every page is listed at once, with no toggle', async () => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${site.url}/sportello-live-chat.html`);
  for (const link of await page.locator('nav.site-nav a').all())
    assert.ok(await link.isVisible(), `${await link.textContent()}`);
  assert.equal(await page.locator('nav.site-nav summary').isVisible(), false);
  assert.equal(await page.locator('nav.site-nav [aria-current="page"]').textContent(), '<sportello-live-chat>');
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
});
