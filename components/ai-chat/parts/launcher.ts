/**
 * The AI panel's small loader for launcher mode, the same pattern as the live chat's
 * (components/live-chat/live-chat.ts): a closed bubble costs a page one small module with no static
 * imports — no Lit, no markdown, no request to the service. The panel (`../index.js`, which defines
 * `<sportello-ai-chat>`, through the entry `ai-chat.js`) loads on the first sign of intent: a pointer over or focus on the bubble,
 * a touch, a click, the page setting `open`; or at idle when the page opts in with `preload`.
 *
 * Unlike the live chat, the element itself stays the full panel class (every property, method and
 * event of `<sportello-ai-chat>` unchanged): this loader paints the bubble in the shadow root of
 * the element before it is defined, and the panel renders into that same root once it upgrades
 * (SportelloAiChat.createRenderRoot clears the bubble). Inline panels and open launchers load at once.
 */
import type { SportelloAiChat } from '../ai-chat.js';

const TAG = 'sportello-ai-chat';

/**
 * Where the panel comes from, given by the entry that starts this loader (entries/ai-launcher.ts):
 * the entry is the panel's module in every build, so this folder never names the package's entries.
 */
export interface PanelSource {
  /** Imports the panel, which defines `<sportello-ai-chat>`. */
  load: () => Promise<unknown>;
  /**
   * The panel's chunk and the chunks it imports, relative to the loader's file: filled in by the
   * CDN build (scripts/vite-plugins.ts, `modulePreloadLists`, as for the live chat's window); left
   * as the marker where the panel is no chunk of its own (dev server, single-file bundle) or where
   * the app's bundler names the chunks (npm).
   */
  files: string;
}

let panel: PanelSource | undefined;
let panelModule: Promise<unknown> | undefined;

/** Asks for every file of the panel at once, instead of learning each level's imports from the one before. */
function preloadPanelFiles(files: string): void {
  if (files.startsWith('__')) return;
  for (const file of files.split(',')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(file, import.meta.url).href;
    document.head.append(link);
  }
}

/** Loads (once) the panel, which defines `<sportello-ai-chat>` and so upgrades every bubble painted here. */
export function loadPanel(): Promise<unknown> {
  if (customElements.get(TAG) || !panel) return Promise.resolve();
  if (!panelModule) {
    preloadPanelFiles(panel.files);
    panelModule = panel.load().catch((error: unknown) => {
      panelModule = undefined; // the next sign of intent tries again (e.g. back online)
      console.warn(`[sportello] could not load <${TAG}>:`, error);
    });
  }
  return panelModule;
}

const idle = (fn: () => void): void => {
  if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout: 4000 });
  else setTimeout(fn, 1500);
};

/**
 * The bubble's labels in the five built-in languages (copies of `aiChat.open` in
 * src/i18n/locales/*.ts; ai-launcher.test.ts checks they are the same). The panel brings the kit's
 * full language rule (integrator strings, other languages) when it loads.
 */
export const BUILT_IN_BUBBLE_LABELS: Readonly<Record<string, string>> = {
  it: "Apri l'assistente",
  en: 'Open the assistant',
  de: 'Assistenten öffnen',
  fr: 'Ouvrir l’assistant',
  es: 'Abrir el asistente',
};

/** The nearest `lang` (element, ancestors across shadow roots, the page) as a primary subtag. */
function nearestLang(element: Element): string | undefined {
  let node: Node | null = element;
  while (node) {
    const tag = node instanceof Element ? node.getAttribute('lang')?.trim() : undefined;
    // Two string splits, not /[-_]/: the one regular expression on the closed launcher's path was
    // compiled as the page starts (CPU profile at 4x throttle: this function's self time 0.70 -> 0.33 ms).
    if (tag) return tag.toLowerCase().split('-')[0]!.split('_')[0];
    node = node instanceof ShadowRoot ? node.host : node.parentNode;
  }
  return undefined;
}

/** Only what paints the closed bubble, with the panel's own tokens and fallbacks (ai-chat.styles.ts). */
const bubbleCss = `
  :host {
    position: fixed;
    inset: auto;
    inset-block-end: var(--sportello-launcher-bottom, 20px);
    inset-inline-end: var(--sportello-launcher-right, 20px);
    z-index: var(--sportello-z-index, 2147483000);
    display: flex;
    flex-direction: column;
    align-items: flex-end;
  }
  :host([hidden]) {
    display: none !important;
  }
  .launcher {
    width: 56px;
    height: 56px;
    border-radius: 50%;
    border: none;
    padding: 0;
    background: var(--sportello-accent, #2457d6);
    color: var(--sportello-accent-contrast, #ffffff);
    box-shadow: var(--sportello-shadow, 0 8px 28px rgb(16 24 40 / 0.16));
    display: grid;
    place-items: center;
    cursor: pointer;
  }
  .launcher:focus-visible {
    outline: 2px solid var(--sportello-focus-ring, #1a4fd0);
    outline-offset: 2px;
  }
  .icon {
    width: 24px;
    height: 24px;
    scale: calc(26 / 24);
    background: currentColor;
    clip-path: path(
      'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H9l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zm3 6.5a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01zm5 0a1.5 1.5 0 1 0 0 .01z'
    );
    /* Not forced to the page's background: drawn in the button's text colour (below), as an SVG
       fill of currentColor is. Inherited, currentColor would be the accent's contrast colour. */
    forced-color-adjust: none;
  }
  @media (forced-colors: active) {
    .icon {
      background: ButtonText;
    }
  }
`;
let sheet: CSSStyleSheet | undefined;

/**
 * The chat bubble of components/shared/chat-icons.ts (the same path, 24 units drawn 26 px wide) as a
 * clipped span, not an SVG element: the page's first SVG element makes the browser set up its SVG
 * style rules, and building the path costs script, both in the closed launcher's budget (measured
 * at 4x CPU: ~1.5 ms of style and ~3 ms of script of a ~25 ms window). The clip is in the sheet.
 */
function bubbleIcon(): HTMLSpanElement {
  const icon = document.createElement('span');
  icon.className = 'icon';
  icon.setAttribute('aria-hidden', 'true');
  return icon;
}

/** Loads the panel and opens it as the visitor asked: focus goes into it (SportelloAiChat.show). */
async function openPanel(element: Element): Promise<void> {
  await loadPanel();
  await customElements.whenDefined(TAG);
  await (element as SportelloAiChat).show();
}

/** The bubble's name in the language the element speaks now (the full rule comes with the panel). */
function label(element: Element, button: HTMLButtonElement): void {
  const lang = nearestLang(element);
  button.setAttribute('aria-label', BUILT_IN_BUBBLE_LABELS[lang ?? ''] ?? BUILT_IN_BUBBLE_LABELS.it!);
}

/**
 * The closed bubbles follow `<html lang>` as every element of the kit does, with an observer of
 * their own (the kit's, src/i18n/page-lang.ts, would be a request before intent); the panel, once
 * defined, follows it itself.
 */
const bubbles = new Map<Element, HTMLButtonElement>();
let langObserver: MutationObserver | undefined;
function followPageLang(element: Element, button: HTMLButtonElement): void {
  label(element, button);
  bubbles.set(element, button);
  if (langObserver) return;
  langObserver = new MutationObserver(() => {
    if (!customElements.get(TAG)) bubbles.forEach((b, el) => label(el, b));
    else {
      langObserver?.disconnect();
      bubbles.clear();
    }
  });
  langObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}

const prepared = new WeakSet<Element>();

/** A closed bubble for a launcher-mode element not defined yet; anything else loads the panel now. */
function prepare(element: Element): void {
  if (prepared.has(element) || customElements.get(TAG)) return;
  prepared.add(element);
  if (element.getAttribute('mode') !== 'launcher' || element.hasAttribute('open') || element.shadowRoot) {
    void loadPanel();
    return;
  }
  const root = element.attachShadow({ mode: 'open' });
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(bubbleCss);
  }
  root.adoptedStyleSheets = [sheet];
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'launcher';
  button.setAttribute('part', 'launcher');
  button.setAttribute('aria-expanded', 'false');
  followPageLang(element, button);
  button.append(bubbleIcon());
  // The first sign of intent fetches the panel: a pointer over the bubble, focus, a touch.
  button.addEventListener('pointerenter', () => void loadPanel());
  button.addEventListener('focus', () => void loadPanel());
  button.addEventListener('touchstart', () => void loadPanel(), { passive: true });
  button.addEventListener('click', () => void openPanel(element));
  root.append(button);
  // A page that opens the panel before it is defined: the `open` attribute, or the `open` property
  // (kept on the instance; Lit takes an instance's own properties over when the element upgrades).
  new MutationObserver((_records, observer) => {
    if (customElements.get(TAG)) observer.disconnect();
    else if (element.hasAttribute('open') || element.getAttribute('mode') !== 'launcher') {
      observer.disconnect();
      void loadPanel();
    }
  }).observe(element, { attributes: true, attributeFilter: ['open', 'mode'] });
  let open = false;
  Object.defineProperty(element, 'open', {
    configurable: true,
    enumerable: true,
    get: () => open,
    set: (value: unknown) => {
      open = !!value;
      if (open) void loadPanel();
    },
  });
  if (element.hasAttribute('preload')) idle(() => void loadPanel());
}

function scan(root: ParentNode): void {
  if ((root as Element).localName === TAG) prepare(root as Element);
  for (const element of root.querySelectorAll(TAG)) prepare(element);
}

/**
 * Paints a bubble for every `<sportello-ai-chat>` in the document now and as the parser or the page
 * adds them; the first sign of intent loads the panel from `source`.
 */
export function watchAiChats(source: PanelSource, doc: Document = document): void {
  panel ??= source;
  if (customElements.get(TAG)) return;
  scan(doc);
  const observer = new MutationObserver((records) => {
    if (customElements.get(TAG)) {
      observer.disconnect();
      return;
    }
    for (const record of records)
      for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) scan(node as Element);
  });
  observer.observe(doc.documentElement, { childList: true, subtree: true });
}
