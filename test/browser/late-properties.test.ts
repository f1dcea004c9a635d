/**
 * Every documented attribute and property of every public element takes effect whenever it is set,
 * in any order — the way frameworks and page scripts set them. Generic: the list comes from
 * custom-elements.json (analysed from the JSDoc as it is now), so a new property is covered the day
 * it is documented; a property with no value below fails the test until it gets one.
 *
 * For each property, three elements of the same tag, against the real simulator:
 * - early: the value set, then the element put in the page;
 * - late: the element put in the page and left to settle, then the value set (React's wrappers,
 *   Angular's bindings and many page scripts set properties after the element is connected);
 * - before upgrade: the value set on an element that is not yet upgraded (a lazily loaded tag, a
 *   framework that renders before the kit's script arrives), which then upgrades in the page.
 * The three must end the same: the same rendered tree (every shadow root, hidden parts included),
 * the same custom states, the same value read back, and no instance property left hiding the
 * element's own accessor. Each attribute is checked early against late the same way.
 */
import { expect } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../src/transport/auth.js';
import { setPdfWorkerSrc } from '../../src/pdf/pdfjs.js';
import '../../entries/live-chat.js';
import '../../entries/ai-chat.js';
import '../../entries/sign-viewer.js';
import '../../entries/sign-composer.js';
import '../../entries/desk-form.js';
import '../../entries/desk-requests.js';
import '../../components/shared/sportello-config.js';
import { PUBLIC_TAGS } from '../../scripts/public-tags.mjs';
import { visitorToken } from './helpers/visitor-token.js';
import { pollStep } from '../harness/harness.js';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

interface ManifestMember {
  kind: string;
  name: string;
  static?: boolean;
  readonly?: boolean;
  privacy?: string;
}
interface ManifestDeclaration {
  tagName?: string;
  customElement?: boolean;
  attributes?: Array<{ name: string; fieldName?: string }>;
  members?: ManifestMember[];
  cssStates?: Array<{ name: string }>;
}
interface Manifest {
  modules: Array<{ declarations?: ManifestDeclaration[] }>;
}

const deskToken = clientCredentials({
  tokenUrl: `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`,
  clientId: 'sportello-demo',
  clientSecret: 'demo-secret',
});

/**
 * What each element needs to work against the simulator (`base`, set first as properties; the
 * property under test is left out of it), and the value each property and attribute is set to.
 * A value differs from the default wherever the element can show the difference.
 */
interface ElementCase {
  base: Record<string, unknown>;
  /** A different base while one property is under test (e.g. launcher-only properties). */
  baseFor?: Record<string, Record<string, unknown>>;
  /** Property values; an attribute without an entry in `attributes` takes its property's value as text. */
  properties: Record<string, unknown>;
  attributes?: Record<string, string>;
  /** What goes inside the element (`<sportello-config>` configures its children). */
  children?: () => Element[];
}

const stringsFor = (namespace: string, key: string) => ({ en: { [namespace]: { [key]: 'Late words' } } });

const CASES: Record<string, ElementCase> = {
  'sportello-live-chat': {
    base: { lang: 'en', widgetKey: 'demo', endpoint: `${SIM_URL}/chat`, mode: 'inline', reportNavigation: false },
    baseFor: Object.fromEntries(
      ['mode', 'position', 'opened', 'open', 'greeting', 'preload'].map((p) => [
        p,
        { lang: 'en', widgetKey: 'demo', endpoint: `${SIM_URL}/chat`, reportNavigation: false },
      ]),
    ),
    properties: {
      tokenProvider: async () => visitorToken({ sub: 'late-1', name: 'Grace Hopper', email: 'grace@example.com' }),
      destinations: { socketPath: '/websocket' },
      stomp: { reconnect: { baseDelayMs: 50 } },
      strings: stringsFor('chat', 'title'),
      reportNavigation: false,
      widgetKey: 'demo-offline',
      endpoint: `${SIM_URL}/chat`,
      mode: 'inline',
      position: 'bottom-start',
      opened: true,
      open: true,
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      category: '2',
      message: 'A question set late',
    },
    attributes: {
      lang: 'de',
      theme: 'dark',
      'desk-target': 'late-desk',
      sound: '',
      notifications: '',
      greeting: '',
      'report-navigation': 'false',
      preload: '',
      'past-chats': 'false',
      open: '',
      'answers-kb': '2',
      'answers-agent': '1',
    },
  },
  'sportello-ai-chat': {
    base: { lang: 'en', endpoint: `${SIM_URL}/ai/api/v2`, agentId: 1, apiKey: 'spk_demo' },
    baseFor: {
      open: { lang: 'en', endpoint: `${SIM_URL}/ai/api/v2`, agentId: 1, apiKey: 'spk_demo', mode: 'launcher' },
    },
    properties: {
      agentId: 2,
      model: 'late-model',
      systemPrompt: 'Answer briefly.',
      sourceApp: 'late_app',
      apiKey: 'spk_demo',
      templateVars: '{"company":"Acme"}',
      classificationIntents: 'billing,support',
      responseFormat: 'text',
      includeHiddenSources: true,
      stream: false,
      persist: 'session',
      externalConversationId: 'late-conversation',
      placeholder: 'Late placeholder',
      welcome: 'Late welcome',
      suggestions: ['A late suggestion'],
      heading: 'Late heading',
      handoffTarget: 'late-chat',
      visitorName: 'Ada Lovelace',
      visitorEmail: 'ada@example.com',
      mode: 'launcher',
      open: true,
      accept: 'image/png',
      maxFileSize: 1000,
      maxFiles: 1,
      renderInterval: 10,
      followUpTool: 'late_follow_ups',
      stallTimeout: 20_000,
      strings: stringsFor('ai', 'welcome'),
      endpoint: `${SIM_URL}/ai/api/v2`,
      tokenProvider: async () => 'late-token',
    },
    attributes: { lang: 'de', theme: 'dark', preload: '', open: '', suggestions: '["A late suggestion"]' },
  },
  'sportello-sign-viewer': {
    base: {
      lang: 'en',
      endpoint: `${SIM_URL}/sign/api/v2`,
      idFile: '1001',
      signToken: 'demo-sign-token',
      signUser: 'demo',
    },
    properties: {
      idFile: '1002',
      signToken: 'demo-sign-token',
      signUser: 'demo',
      signerEmail: 'emily.carter@northwind.test',
      signMode: 'dialog',
      signingUrl: `${SIM_URL}/sign/app/sign/link-1002-1`,
      documentSrc: `${SIM_URL}/sign/app/sign/link-1002-1/documents/1`,
      pollInterval: 60000,
      // "About this document" needs the gateway (it sends the PDF): against the simulator directly
      // each is set without the other, so the viewer shows nothing of it, the same however set.
      askDocument: true,
      aiEndpoint: `${SIM_URL}/ai/api/v2`,
      strings: stringsFor('sign', 'title'),
      endpoint: `${SIM_URL}/sign/api/v2`,
      tokenProvider: deskToken,
    },
    attributes: { lang: 'de', theme: 'dark' },
  },
  'sportello-sign-composer': {
    base: {
      lang: 'en',
      endpoint: `${SIM_URL}/sign/api/v2`,
      signToken: 'demo-sign-token',
      signUser: 'demo',
      draftKey: 'late-composer',
    },
    properties: {
      signToken: 'demo-sign-token',
      signUser: 'demo',
      hostUsername: 'demo',
      processType: 'ASSUNZIONE',
      draftKey: 'late-composer-2',
      openViewer: true,
      strings: stringsFor('compose', 'title'),
      endpoint: `${SIM_URL}/sign/api/v2`,
      tokenProvider: deskToken,
    },
    attributes: { lang: 'de', theme: 'dark' },
  },
  'sportello-desk-form': {
    base: {
      lang: 'en',
      endpoint: `${SIM_URL}/desk`,
      catalogSrc: `${SIM_URL}/desk/__catalog.json`,
      tokenProvider: deskToken,
      noDraft: true,
    },
    properties: {
      catalog: undefined, // filled in before the tests from the simulator's catalogue
      catalogSrc: `${SIM_URL}/desk/__catalog.json`,
      requestId: '7001',
      prefill: { oggetto: 'A subject set late' },
      hiddenFields: ['descrizione'],
      readonlyFields: ['oggetto'],
      sendKeys: 'enter',
      draftKey: 'late-draft',
      noDraft: true,
      userId: '501',
      timeout: 1000,
      name: 'late-form',
      disabled: true,
      mode: 'launcher',
      contactFields: ['name', 'email'],
      contactInto: 'descrizione',
      aiEndpoint: `${SIM_URL}/ai/api/v2`,
      aiApiKey: 'spk_demo',
      deflectKb: ['1'],
      deflectAgent: 1,
      deflectMode: 'search',
      deflectMinScore: 0.5,
      classifyCatalog: 1,
      assistDelay: 100,
      strings: stringsFor('desk', 'title'),
      endpoint: `${SIM_URL}/desk`,
      tokenProvider: deskToken,
    },
    attributes: {
      lang: 'de',
      theme: 'dark',
      'hidden-fields': 'descrizione',
      'readonly-fields': 'oggetto',
      'contact-fields': 'name email',
      'deflect-kb': '1',
      'no-draft': '',
      disabled: '',
    },
  },
  'sportello-desk-request': {
    base: { lang: 'en', endpoint: `${SIM_URL}/desk`, tokenProvider: deskToken, requestId: '7001' },
    properties: {
      requestId: '7002',
      pollInterval: 60000,
      attachmentPath: '/richieste/{idRichiesta}/files/{nomeFile}',
      ratingBody: (input: object) => ({ ...input, late: true }),
      strings: stringsFor('desk', 'followTitle'),
      endpoint: `${SIM_URL}/desk`,
      tokenProvider: deskToken,
    },
    attributes: { lang: 'de', theme: 'dark' },
  },
  'sportello-desk-requests': {
    base: { lang: 'en', endpoint: `${SIM_URL}/desk`, tokenProvider: deskToken, userId: '501' },
    properties: {
      pageSize: 1,
      userId: '501',
      requestId: '7001',
      pollInterval: 60000,
      attachmentPath: '/richieste/{idRichiesta}/files/{nomeFile}',
      ratingBody: (input: object) => ({ ...input, late: true }),
      strings: stringsFor('desk', 'myRequests'),
      endpoint: `${SIM_URL}/desk`,
      tokenProvider: deskToken,
    },
    attributes: { lang: 'de', theme: 'dark' },
  },
  'sportello-config': {
    base: { lang: 'en' },
    children: () => {
      const chat = document.createElement('sportello-ai-chat');
      chat.setAttribute('agent-id', '1');
      chat.setAttribute('api-key', 'spk_demo');
      return [chat];
    },
    properties: {
      endpoint: `${SIM_URL}/ai/api/v2`,
      aiEndpoint: `${SIM_URL}/ai/api/v2`,
      signEndpoint: `${SIM_URL}/sign/api/v2`,
      deskEndpoint: `${SIM_URL}/desk`,
      chatEndpoint: `${SIM_URL}/chat`,
      endpoints: { ai: `${SIM_URL}/ai/api/v2` },
      tokenProvider: async () => 'late-token',
      strings: stringsFor('ai', 'welcome'),
      answersKb: '2',
      answersAgent: '1',
    },
    attributes: { lang: 'de', theme: 'dark' },
  },
};

let manifest: Manifest;

function declarationOf(tag: string): ManifestDeclaration {
  for (const mod of manifest.modules)
    for (const d of mod.declarations ?? []) if (d.customElement && d.tagName === tag) return d;
  throw new Error(`<${tag}> is not in custom-elements.json`);
}

/** The public properties a page can set, as documented. */
function writableProperties(tag: string): string[] {
  return (declarationOf(tag).members ?? [])
    .filter((m) => m.kind === 'field' && !m.static && !m.readonly && (m.privacy ?? 'public') === 'public')
    .map((m) => m.name);
}

const attributesOf = (tag: string) => (declarationOf(tag).attributes ?? []).map((a) => a.name);

// ---- what an element shows ---------------------------------------------------------------

/** Attributes whose values are generated per instance (ids, the references to them, a radio group's name, a composer area's key). */
const REFERENCE_ATTRIBUTES =
  /^(id|for|list|headers|name|data-area|aria-(labelledby|describedby|controls|owns|activedescendant|details|errormessage))$/;
/** What varies in them: numbers, and the random part of a generated id (`doc-3fa9c2b1`). */
const GENERATED = /\b[0-9a-f]{8}\b|\d+/g;

/** The element's whole rendered tree (its shadow roots and theirs), as text to compare. */
function serialize(node: Node, out: string[] = [], depth = 0): string[] {
  const pad = ' '.repeat(depth);
  if (node.nodeType === Node.TEXT_NODE) {
    // A server's reference for a failure is its own each time.
    const text = node.textContent
      ?.trim()
      .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
    if (text) out.push(`${pad}"${text}"`);
    return out;
  }
  if (!(node instanceof Element)) return out;
  if (node.localName === 'style' || node.localName === 'link') return out;
  const attributes = [...node.attributes]
    .map((a) => `${a.name}="${REFERENCE_ATTRIBUTES.test(a.name) ? a.value.replace(GENERATED, '#') : a.value}"`)
    .sort()
    .join(' ');
  const value =
    node instanceof HTMLInputElement || node instanceof HTMLTextAreaElement || node instanceof HTMLSelectElement
      ? ` value="${node.value}"`
      : '';
  out.push(`${pad}<${node.localName}${attributes ? ` ${attributes}` : ''}${value}>`);
  if (node.shadowRoot) for (const child of node.shadowRoot.childNodes) serialize(child, out, depth + 1);
  for (const child of node.childNodes) serialize(child, out, depth + 1);
  return out;
}

/** What a page can see of the element: its tree and the custom states it documents. */
function snapshot(el: HTMLElement, tag: string): string {
  const states = (declarationOf(tag).cssStates ?? [])
    .filter((s) => {
      try {
        return el.matches(`:state(${s.name})`);
      } catch {
        return false;
      }
    })
    .map((s) => s.name);
  return [`states: ${states.join(' ')}`, ...serialize(el)].join('\n');
}

// ---- the three orders --------------------------------------------------------------------

// The elements under test overlap at the top of the page, so every one of them is on screen (what
// an element does can depend on it: a PDF page drawn, a request followed live).
const host = document.createElement('div');
host.className = 'late-host';
const layout = new CSSStyleSheet();
layout.replaceSync('.late-host > * { position: absolute; inset: 0 auto auto 0; inline-size: 480px; }');
document.adoptedStyleSheets = [...document.adoptedStyleSheets, layout];
document.body.append(host);

function assign(el: Element, values: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(values)) {
    if (key === 'lang') el.setAttribute('lang', String(value));
    else (el as unknown as Record<string, unknown>)[key] = value;
  }
}

function baseOf(tag: string, under: string): Record<string, unknown> {
  const c = CASES[tag]!;
  const base = { ...(c.baseFor?.[under] ?? c.base) };
  delete base[under];
  return base;
}

function make(tag: string, doc: Document = document): HTMLElement {
  const el = doc.createElement(tag);
  for (const child of CASES[tag]!.children?.() ?? []) el.append(doc.importNode(child, true));
  return el;
}

/** Resolves when the element's own update (if it has one) is done. */
async function settled(el: HTMLElement): Promise<void> {
  await (el as HTMLElement & { updateComplete?: Promise<unknown> }).updateComplete;
  await new Promise((r) => requestAnimationFrame(() => r(undefined)));
}

/**
 * Waits until every snapshot is the same, twice in a row: elements load from the simulator at
 * their own pace, so the test polls (with a generous deadline) rather than timing anything.
 */
async function converge(read: () => string[]): Promise<void> {
  const deadline = performance.now() + 15000;
  let agreedBefore = false;
  for (;;) {
    const shots = read();
    const agreed = shots.every((s) => s === shots[0]);
    if (agreed && agreedBefore) return;
    agreedBefore = agreed;
    if (performance.now() > deadline) {
      const [first, ...rest] = shots;
      const other = rest.find((s) => s !== first) ?? '';
      const a = first!.split('\n');
      const b = other.split('\n');
      const at = a.findIndex((line, i) => line !== b[i]);
      expect.fail(
        `the element differs by when it was set\n  first difference at line ${at}:\n  early: ${a
          .slice(Math.max(0, at - 2), at + 3)
          .join('\n         ')}\n  other: ${b.slice(Math.max(0, at - 2), at + 3).join('\n         ')}`,
      );
    }
    await pollStep(150);
  }
}

/** An instance property with the name of an accessor hides it: the element never saw the value. */
function hiddenAccessor(el: HTMLElement, key: string): boolean {
  if (!Object.prototype.hasOwnProperty.call(el, key)) return false;
  for (let proto = Object.getPrototypeOf(el); proto; proto = Object.getPrototypeOf(proto)) {
    const descriptor = Object.getOwnPropertyDescriptor(proto, key);
    if (descriptor) return !!(descriptor.get || descriptor.set);
  }
  return false;
}

const read = (el: HTMLElement, key: string) => {
  const value = (el as unknown as Record<string, unknown>)[key];
  return typeof value === 'function' ? 'function' : JSON.stringify(value);
};

async function checkProperty(tag: string, key: string, value: unknown): Promise<void> {
  const base = baseOf(tag, key);

  const early = make(tag);
  assign(early, base);
  assign(early, { [key]: value });
  host.append(early);

  const late = make(tag);
  assign(late, base);
  host.append(late);

  // A document without a browsing context upgrades nothing: the element stays a plain HTMLElement
  // (as before a lazily loaded definition arrives) until it is put in this page.
  const inert = document.implementation.createHTMLDocument('');
  const lazy = make(tag, inert);
  assign(lazy, base);
  assign(lazy, { [key]: value });
  expect(lazy.constructor, 'not upgraded yet').to.equal(HTMLElement);

  await settled(late);
  assign(late, { [key]: value });
  host.append(lazy);
  expect(lazy.constructor, 'upgraded in the page').to.equal(customElements.get(tag));

  try {
    const elements = [early, late, lazy];
    await Promise.all(elements.map(settled));
    for (const el of elements) expect(hiddenAccessor(el, key), `<${tag}>.${key} hides its accessor`).to.equal(false);
    await converge(() => elements.map((el) => `${read(el, key)}\n${snapshot(el, tag)}`));
  } finally {
    early.remove();
    late.remove();
    lazy.remove();
  }
}

/** The property an attribute sets: as documented, else its name in camel case (`widget-key` → `widgetKey`). */
const fieldOf = (tag: string, name: string): string =>
  declarationOf(tag).attributes?.find((a) => a.name === name)?.fieldName ??
  name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

async function checkAttribute(tag: string, name: string, value: string): Promise<void> {
  const base = baseOf(tag, fieldOf(tag, name));

  const early = make(tag);
  assign(early, base);
  early.setAttribute(name, value);
  host.append(early);

  const late = make(tag);
  assign(late, base);
  host.append(late);
  await settled(late);
  late.setAttribute(name, value);

  try {
    await Promise.all([early, late].map(settled));
    await converge(() => [early, late].map((el) => snapshot(el, tag)));
  } finally {
    early.remove();
    late.remove();
  }
}

const attributeText = (value: unknown): string =>
  Array.isArray(value) ? value.join(' ') : typeof value === 'boolean' ? '' : String(value);

describe('every property and attribute takes effect whenever it is set', function () {
  // Each test goes through every property of one element, each waiting (at most 15 s) to converge.
  this.timeout(20 * 60 * 1000);

  before(async () => {
    manifest = (await (await fetch('/__sportello/custom-elements.json')).json()) as Manifest;
    CASES['sportello-desk-form']!.properties['catalog'] = await (await fetch(`${SIM_URL}/desk/__catalog.json`)).json();
  });

  afterEach(() => {
    localStorage.clear();
    sessionStorage.clear();
  });

  it('every public element has a case, and every documented property a value', () => {
    for (const tag of PUBLIC_TAGS) {
      const c = CASES[tag];
      expect(c, `<${tag}> has a case`).to.exist;
      // `key in`, not chai's `to.have.property`: a failure of that prints the whole object (the
      // desk catalogue among them) and froze the page for longer than the runner waits.
      const missing = writableProperties(tag).filter((key) => !(key in c!.properties));
      expect(missing, `<${tag}>: documented properties with no value to set late`).to.deep.equal([]);
    }
  });

  for (const tag of PUBLIC_TAGS) {
    describe(`<${tag}>`, () => {
      it('each property: early, late and before upgrade end the same', async () => {
        const failures: string[] = [];
        for (const key of writableProperties(tag)) {
          try {
            await checkProperty(tag, key, CASES[tag]!.properties[key]);
          } catch (error) {
            failures.push(`<${tag}>.${key}: ${(error as Error).message}`);
          }
        }
        expect(failures, failures.join('\n\n')).to.deep.equal([]);
      });

      it('each attribute: early and late end the same', async () => {
        const failures: string[] = [];
        const c = CASES[tag]!;
        for (const name of attributesOf(tag)) {
          const field = fieldOf(tag, name);
          const value =
            c.attributes?.[name] ?? (field in c.properties ? attributeText(c.properties[field]) : undefined);
          if (value === undefined) {
            failures.push(`<${tag} ${name}> has no value to set late`);
            continue;
          }
          try {
            await checkAttribute(tag, name, value);
          } catch (error) {
            failures.push(`<${tag} ${name}>: ${(error as Error).message}`);
          }
        }
        expect(failures, failures.join('\n\n')).to.deep.equal([]);
      });
    });
  }
});
