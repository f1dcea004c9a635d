/**
 * axe over the whole page, as a site with its own landmarks has it: a `<header>` (banner) and a
 * `<main>` around the chat. Every rule and every impact counts (the element-level check of
 * chai-a11y-axe cannot see landmark clashes between the page and the widget).
 */
import type { AxeResults, RunOptions } from 'axe-core';
import { expect } from '@open-wc/testing';

type Axe = { run(context: Element | Document, options: RunOptions): Promise<AxeResults> };

/** axe-core is a UMD script: imported, it registers itself on the window (as chai-a11y-axe loads it). */
async function loadAxe(): Promise<Axe> {
  const w = window as unknown as { axe?: Axe };
  if (!w.axe) await import('axe-core/axe.min.js');
  return w.axe!;
}

/**
 * Makes the test page a site's page: a language, a title, its own `<header>` with the page's `<h1>`,
 * and a `<main>` to mount the chat in (returned). Once per page.
 */
export function siteLandmarks(): HTMLElement {
  document.documentElement.lang ||= 'en';
  if (!document.title) document.title = 'Test shop';
  let header = document.querySelector<HTMLElement>('body > header.site');
  if (!header) {
    header = document.createElement('header');
    header.className = 'site';
    const h1 = document.createElement('h1');
    h1.textContent = 'Test shop';
    header.append(h1);
    document.body.prepend(header);
  }
  // A test fixture's clean-up may take the <main> it was mounted in: one again, after the header.
  let main = document.querySelector<HTMLElement>('body > main.site');
  if (!main) {
    main = document.createElement('main');
    main.className = 'site';
    header.after(main);
  }
  return main;
}

export async function expectAxeClean(context: Element | Document = document, state = ''): Promise<void> {
  const axe = await loadAxe();
  const results = await axe.run(context, { resultTypes: ['violations'] });
  const found = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`,
  );
  expect(found, `axe violations ${state}`).to.deep.equal([]);
}
