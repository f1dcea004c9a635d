/**
 * `npm run docs`: the static documentation site, from custom-elements.json (analysed afresh from the
 * elements' JSDoc) and the README's sections, into `docs-site/` (`SPORTELLO_DOCS_OUT` to choose).
 * One page per public element — attributes, properties, methods, events with their detail types,
 * parts, slots, CSS custom properties, states, how each framework uses it, a live example against
 * the service simulator — and a first page with the README's guides. Plain files: any static server
 * serves them, no dev server. Every page carries the README's strict policy (Trusted Types enforced)
 * in a `<meta>`; the live examples reach the simulator at `SPORTELLO_DOCS_SIM_URL` (default
 * `http://127.0.0.1:8790`, `npm start`'s) when the site is served from an origin it allows.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { marked, type Tokens } from 'marked';
import { build } from 'vite';
import { analyzeManifest } from '../scripts/analyze-manifest.mjs';
import { PUBLIC_TAGS } from '../scripts/public-tags.mjs';
import { codeSpans, elementReference, type ElementReference, type Manifest } from './model.js';
import { LIVE_MARKUP } from './live-examples.js';
import { frameworkSnippets } from './snippets.js';
import { markup, page, raw, type Html } from './html.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = resolve(ROOT, process.env.SPORTELLO_DOCS_OUT ?? 'docs-site');
const SIM_URL = process.env.SPORTELLO_DOCS_SIM_URL ?? 'http://127.0.0.1:8790';

/** The README's sections an integrator reads first, in the README's order. */
const GUIDES = [
  'On any page',
  'Before the kit loads',
  'In a portal (npm)',
  'Frameworks',
  'WordPress',
  'Configuration',
  'Languages',
  'Content Security Policy',
];

/** The README's `## ` sections by title (code in titles as written: `Sportello(…)`). */
function readmeSections(): Map<string, string> {
  const sections = new Map<string, string>();
  const parts = readFileSync(join(ROOT, 'README.md'), 'utf8').split(/^## /m).slice(1);
  for (const part of parts) {
    const newline = part.indexOf('\n');
    sections.set(part.slice(0, newline).trim(), part.slice(newline + 1));
  }
  return sections;
}

/** A section's title as an anchor: `Before the kit loads: Sportello(…)` → `before-the-kit-loads-sportello`. */
const slug = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * Markdown of our own README as HTML. Links into the repository (`examples/`) mean nothing on the
 * site: they stay as their text. Tables and code blocks get a frame that scrolls on a phone.
 */
function markdown(text: string): string {
  const renderer = new marked.Renderer();
  const plainLink = renderer.link.bind(renderer);
  renderer.link = function (token: Tokens.Link) {
    return /^(https?:|#)/.test(token.href) ? plainLink(token) : this.parser.parseInline(token.tokens);
  };
  const table = renderer.table.bind(renderer);
  renderer.table = (token: Tokens.Table) => `<div class="scroll" tabindex="0">${table(token)}</div>`;
  const code = renderer.code.bind(renderer);
  renderer.code = (token: Tokens.Code) => code(token).replace('<pre>', '<pre tabindex="0">');
  return marked.parse(text, { renderer, async: false });
}

/** A description with its `code` spans as code (text escaped). */
const described = (text: string): Html =>
  codeSpans(text).map((s) => (s.code ? markup`<code>${s.text}</code>` : s.text));

/**
 * The site's pages. A disclosure, so that on a phone the list stays folded under "Pages" and the
 * reader's first screen is the page itself; on a wide screen docs.css shows the list without the
 * toggle. No script: `<details>` opens by itself, under the strict policy.
 */
const nav = (current: string): Html => markup`<nav class="site-nav" aria-label="Documentation">
  <details class="site-menu">
    <summary>Pages</summary>
    <ul>
      <li><a href="./index.html" aria-current=${current === 'index' ? 'page' : undefined}>Guide</a></li>
      ${PUBLIC_TAGS.map(
        (tag) =>
          markup`<li><a href="./${tag}.html" aria-current=${current === tag ? 'page' : undefined}>&lt;${tag}&gt;</a></li>`,
      )}
    </ul>
  </details>
</nav>`;

function sectionTable(section: ElementReference['sections'][number]): Html {
  if (!section.rows.length) return markup`<p>None.</p>`;
  const columns = ['Name', 'Type', 'Default', 'Description'];
  return markup`<table class="reference">
    <thead>
      <tr>
        ${columns.map((c) => markup`<th scope="col">${c}</th>`)}
      </tr>
    </thead>
    <tbody>
      ${section.rows.map(
        (row) => markup`<tr>
          <th scope="row" data-label="Name"><code>${row.name}</code></th>
          <td data-label="Type">${row.type ? markup`<code>${row.type}</code>` : ''}</td>
          <td data-label="Default">${row.default ? markup`<code>${row.default}</code>` : ''}</td>
          <td data-label="Description">${described(row.description)}</td>
        </tr>`,
      )}
    </tbody>
  </table>`;
}

function elementPage(ref: ElementReference): Html {
  const live = LIVE_MARKUP[ref.tag];
  const snippets = frameworkSnippets(ref);
  return markup`<h1><code>&lt;${ref.tag}&gt;</code></h1>
    <p class="summary">${described(ref.summary)}</p>
    <p>${described(ref.description)}</p>
    <p>Class <code>${ref.className}</code>, source <code>${ref.module}</code>.</p>
    ${
      live
        ? markup`<section aria-labelledby="live-title">
          <h2 id="live-title">Live example</h2>
          <p>
            Against the service simulator (<code>npm start</code>) with its seeded development keys; a real page points
            <code>endpoint</code> at its gateway.
          </p>
          <pre tabindex="0"><code>${live}</code></pre>
          <div class="live" id="live" data-tag=${ref.tag}></div>
        </section>`
        : ''
    }
    <section aria-labelledby="use-title">
      <h2 id="use-title">Use it</h2>
      ${snippets.map(
        (s) => markup`<h3>${s.framework}</h3>
          <pre tabindex="0"><code>${s.code}</code></pre>`,
      )}
    </section>
    ${ref.sections.map(
      (section) => markup`<section aria-labelledby=${`${section.id}-title`} id=${section.id}>
        <h2 id=${`${section.id}-title`}>${section.title}</h2>
        ${sectionTable(section)}
      </section>`,
    )}`;
}

function indexPage(manifest: Manifest): Html {
  const sections = readmeSections();
  const guides = GUIDES.map((start) => {
    const title = [...sections.keys()].find((t) => t.startsWith(start));
    if (!title) throw new Error(`README has no section "${start}"`);
    return { title, id: slug(title), body: markdown(sections.get(title)!) };
  });
  return markup`<h1>Sportello</h1>
    <p class="summary">
      Embeddable customer-service web components: live chat, AI assistant, signing viewer and composer, help-desk form and
      requests.
    </p>
    <section aria-labelledby="elements-title">
      <h2 id="elements-title">Elements</h2>
      <ul class="cards">
        ${PUBLIC_TAGS.map((tag) => {
          const ref = elementReference(manifest, tag);
          return markup`<li>
            <a href="./${tag}.html"><code>&lt;${tag}&gt;</code></a>
            <p>${described(ref?.summary ?? '')}</p>
          </li>`;
        })}
      </ul>
    </section>
    <nav aria-labelledby="guides-title">
      <h2 id="guides-title">Guides</h2>
      <ul>
        ${guides.map((g) => markup`<li><a href="#${g.id}">${described(g.title)}</a></li>`)}
      </ul>
    </nav>
    ${guides.map(
      (g) => markup`<section class="guide" aria-labelledby=${g.id}>
        <h2 id=${g.id}>${described(g.title)}</h2>
        ${raw(g.body.replace(/<h3>/g, '<h3 class="sub">'))}
      </section>`,
    )}`;
}

/** The live examples' script and the kit, bundled for the site (relative URLs: any folder works). */
async function bundleScript(): Promise<void> {
  await build({
    configFile: false,
    root: ROOT,
    base: './',
    logLevel: 'warn',
    publicDir: false,
    build: {
      outDir: join(OUT, 'assets'),
      emptyOutDir: true,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 10_000,
      rolldownOptions: {
        input: { live: join(ROOT, 'docs/live.ts') },
        output: {
          entryFileNames: '[name].js',
          chunkFileNames: '[name]-[hash].js',
          assetFileNames: '[name]-[hash][extname]',
        },
        checks: { bundlerTimings: false },
      },
    },
  });
}

const manifest = analyzeManifest() as Manifest;
rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
await bundleScript();
copyFileSync(join(ROOT, 'docs/docs.css'), join(OUT, 'docs.css'));
writeFileSync(
  join(OUT, 'index.html'),
  page({ title: 'Sportello', nav: nav('index'), main: indexPage(manifest), sim: SIM_URL }),
);
for (const tag of PUBLIC_TAGS) {
  const ref = elementReference(manifest, tag);
  if (!ref) throw new Error(`<${tag}> is not in custom-elements.json`);
  writeFileSync(
    join(OUT, `${tag}.html`),
    page({
      title: `<${tag}> — Sportello`,
      nav: nav(tag),
      main: elementPage(ref),
      sim: SIM_URL,
      script: !!LIVE_MARKUP[tag],
    }),
  );
}
console.log(`Documentation site: ${OUT}/index.html (${PUBLIC_TAGS.length} element pages)`);
