/**
 * Dark mode (components/shared/palette.ts). Which scheme an element shows: its own `theme`, else a
 * `<sportello-config theme>` above it, else the page's CSS `color-scheme` (so `light dark` follows
 * the visitor's system), else light. Then every state of every element (i18n/states.ts, plus the
 * desk's lists) shown dark reads at AA: axe's contrast rules find nothing.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import type { AxeResults, RunOptions } from 'axe-core';
import '../../entries/ai-chat.js';
import '../../entries/desk-requests.js';
import '../../components/shared/sportello-config.js';
import { configure } from '../../src/config.js';
import { pseudoCatalogue } from '../../src/i18n/pseudo.js';
import { loadAllCatalogues, builtInStrings, type Catalogue, type Namespace } from '../../src/i18n/catalogue.js';
import en from '../../src/i18n/locales/en.js';
import { PALETTE } from '../../components/shared/palette.js';
import { ELEMENT_STATES, LANG, resetSim, type ElementState } from './i18n/states.js';
import { AI, DESK, followRequest, provider } from './helpers/desk.js';
import { until } from './helpers/chat-frames.js';

/** `#rrggbb` as getComputedStyle writes it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
const LIGHT_TEXT = rgb(PALETTE.text[0]);
const DARK_TEXT = rgb(PALETTE.text[1]);
/** Every element's host has the kit's text colour (tokens.styles.ts): which one says the scheme. */
const textOf = (el: Element) => getComputedStyle(el).color;

type Axe = { run(context: Element, options: RunOptions): Promise<AxeResults> };
async function contrastViolations(root: Element): Promise<string[]> {
  const w = window as unknown as { axe?: Axe };
  if (!w.axe) await import('axe-core/axe.min.js');
  const results = await w.axe!.run(root, {
    runOnly: { type: 'rule', values: ['color-contrast', 'link-in-text-block'] },
    resultTypes: ['violations'],
  });
  return results.violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.any.map((c) => c.message).join('; ')}`),
  );
}

async function aiPanel(attrs: Record<string, string> = {}): Promise<HTMLElement> {
  const el = document.createElement('sportello-ai-chat');
  for (const [k, v] of Object.entries({ lang: 'en', endpoint: AI, 'agent-id': '1', 'api-key': 'spk_demo', ...attrs }))
    el.setAttribute(k, v);
  return fixture(el);
}

describe('dark mode: which scheme an element shows', () => {
  afterEach(async () => {
    document.documentElement.style.removeProperty('color-scheme');
    await emulateMedia({ colorScheme: 'light' });
  });

  it('a page that declares nothing: light, whatever the system prefers', async () => {
    await emulateMedia({ colorScheme: 'dark' });
    expect(textOf(await aiPanel())).to.equal(LIGHT_TEXT);
  });

  it('theme="dark" and theme="light" force it', async () => {
    expect(textOf(await aiPanel({ theme: 'dark' }))).to.equal(DARK_TEXT);
    document.documentElement.style.setProperty('color-scheme', 'dark');
    expect(textOf(await aiPanel({ theme: 'light' }))).to.equal(LIGHT_TEXT);
  });

  it('theme="auto" and a page in `color-scheme: light dark` follow prefers-color-scheme', async () => {
    const auto = await aiPanel({ theme: 'auto' });
    document.documentElement.style.setProperty('color-scheme', 'light dark');
    const following = await aiPanel();
    await emulateMedia({ colorScheme: 'dark' });
    expect([textOf(auto), textOf(following)]).to.deep.equal([DARK_TEXT, DARK_TEXT]);
    await emulateMedia({ colorScheme: 'light' });
    expect([textOf(auto), textOf(following)]).to.deep.equal([LIGHT_TEXT, LIGHT_TEXT]);
  });

  it('<sportello-config theme="dark"> reaches the elements inside; their own theme still wins', async () => {
    const config = await fixture(html`
      <sportello-config theme="dark">
        <sportello-ai-chat lang="en" endpoint=${AI} agent-id="1" api-key="spk_demo"></sportello-ai-chat>
        <sportello-ai-chat lang="en" endpoint=${AI} agent-id="1" api-key="spk_demo" theme="light"></sportello-ai-chat>
      </sportello-config>
    `);
    const [inside, own] = [...config.querySelectorAll('sportello-ai-chat')];
    expect([textOf(inside!), textOf(own!)]).to.deep.equal([DARK_TEXT, LIGHT_TEXT]);
  });
});

/** States of the elements i18n/states.ts does not cover. */
const MORE_STATES: ElementState[] = [
  {
    element: 'desk-requests',
    state: 'the list',
    show: async () => {
      const el = document.createElement('sportello-desk-requests') as HTMLElement & {
        endpoint: string;
        tokenProvider: unknown;
      };
      el.setAttribute('lang', LANG);
      el.setAttribute('user-id', '501');
      el.endpoint = DESK;
      el.tokenProvider = provider;
      await fixture(el);
      await until(() => el.shadowRoot?.querySelector('.request-item'));
      return { root: el };
    },
  },
  {
    element: 'desk-request',
    state: 'a request followed',
    show: async () => ({ root: await followRequest('7001', LANG) }),
  },
];

describe('dark mode: every state of every element reads at AA', () => {
  before(async () => {
    await loadAllCatalogues();
    const source = Object.fromEntries(
      (Object.keys(en) as Namespace[]).map((ns) => [ns, builtInStrings('en', ns)]),
    ) as unknown as Catalogue;
    configure({ strings: { [LANG]: pseudoCatalogue(source) } });
    // The page declares nothing but dark: every element below follows it.
    document.documentElement.style.setProperty('color-scheme', 'dark');
  });
  after(() => {
    configure({ strings: undefined });
    document.documentElement.style.removeProperty('color-scheme');
  });
  beforeEach(resetSim);

  for (const { element, state, show } of [...ELEMENT_STATES, ...MORE_STATES]) {
    it(`${element}: ${state}`, async () => {
      const { root } = await show();
      // The live chat's host paints only the launcher (in its accent, both schemes): its window is dark.
      const themed =
        root.localName === 'sportello-live-chat' ? root.shadowRoot!.querySelector('sportello-live-chat-window') : root;
      if (themed) expect(textOf(themed), 'the element is dark').to.equal(DARK_TEXT);
      expect(await contrastViolations(root)).to.deep.equal([]);
    });
  }
});
