/**
 * The element reference: one page per element (`?tag=sportello-ai-chat`), built in the browser
 * from custom-elements.json, so it always says what the elements' JSDoc says. Descriptions are
 * shown as text (Lit escapes them), never as HTML.
 */
import { html, nothing, render } from 'lit';
import '../../entries/index.js';
import { PUBLIC_TAGS } from '../../scripts/public-tags.mjs';
import { codeSpans, elementReference, type ElementReference, type Manifest } from './model.js';
import { LIVE_EXAMPLES } from './live.js';

const params = new URLSearchParams(location.search);
const tag = params.get('tag') ?? PUBLIC_TAGS[0]!;
const keep = params.get('sim') ? `&sim=${encodeURIComponent(params.get('sim')!)}` : '';

render(
  html`${PUBLIC_TAGS.map((t) => html`<a href="./?tag=${t}${keep}" aria-current=${t === tag ? 'page' : nothing}>&lt;${t}&gt;</a>`)}
    <a href="../index.html">Demo</a>`,
  document.querySelector<HTMLElement>('#element-nav')!,
);

const main = document.querySelector<HTMLElement>('#reference')!;

/** A description with its `code` spans shown as code (every piece rendered as text). */
const described = (text: string) => codeSpans(text).map((s) => (s.code ? html`<code>${s.text}</code>` : s.text));

function page(ref: ElementReference) {
  const live = LIVE_EXAMPLES[ref.tag];
  return html`
    <h2><code>&lt;${ref.tag}&gt;</code></h2>
    <p><strong>${described(ref.summary)}</strong></p>
    <p>${described(ref.description)}</p>
    <p>Class <code>${ref.className}</code>, source <code>${ref.module}</code>.</p>
    ${
      live
        ? html`<section aria-labelledby="live-title">
          <h3 id="live-title">Live example</h3>
          <pre><code>${live.markup}</code></pre>
          <div class="live" id="live"></div>
        </section>`
        : nothing
    }
    ${ref.sections.map(
      (section) => html`<section aria-labelledby=${`${section.id}-title`} id=${section.id}>
        <h3 id=${`${section.id}-title`}>${section.title}</h3>
        ${
          section.rows.length
            ? html`<table>
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Type</th>
                  <th scope="col">Default</th>
                  <th scope="col">Description</th>
                </tr>
              </thead>
              <tbody>
                ${section.rows.map(
                  (row) => html`<tr>
                    <td><code>${row.name}</code></td>
                    <td>${row.type ? html`<code>${row.type}</code>` : ''}</td>
                    <td>${row.default ? html`<code>${row.default}</code>` : ''}</td>
                    <td>${described(row.description)}</td>
                  </tr>`,
                )}
              </tbody>
            </table>`
            : html`<p>None.</p>`
        }
      </section>`,
    )}
  `;
}

async function show(): Promise<void> {
  const response = await fetch(new URL('/custom-elements.json', location.href));
  if (!response.ok) {
    render(html`<p role="alert">custom-elements.json is missing: run <code>npm run analyze</code>.</p>`, main);
    return;
  }
  const ref = elementReference((await response.json()) as Manifest, tag);
  if (!ref) {
    render(html`<p role="alert">No element &lt;${tag}&gt; in custom-elements.json.</p>`, main);
    return;
  }
  document.title = `<${tag}> — Sportello element reference`;
  render(page(ref), main);
  const live = LIVE_EXAMPLES[tag];
  if (live) document.querySelector('#live')!.append(live.setup());
}

void show();
