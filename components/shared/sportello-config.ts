import {
  announceConfigChange,
  answersOf,
  type ServiceKind,
  type SportelloConfig,
  type TokenProvider,
} from '../../src/config.js';
import { THEME_RULES } from './palette.js';

/** `:host { display: contents }` (no box of its own around what it configures) and the `theme` rules. */
let sheet: CSSStyleSheet | undefined;

/** The per-service endpoint attributes, by the service they configure. */
const SERVICE_ATTRIBUTES: Readonly<Record<ServiceKind, string>> = {
  ai: 'ai-endpoint',
  sign: 'sign-endpoint',
  desk: 'desk-endpoint',
  chat: 'chat-endpoint',
};

/** Properties a page may set before the element is defined (it is defined lazily, on first sight). */
const PROPERTIES = [
  'endpoint',
  'aiEndpoint',
  'signEndpoint',
  'deskEndpoint',
  'chatEndpoint',
  'endpoints',
  'tokenProvider',
  'strings',
  'answersKb',
  'answersAgent',
] as const;

/**
 * Gives shared configuration to every Sportello element inside it (across shadow roots). An
 * element's own attribute or property still wins. Endpoints go by specificity first, then by
 * nearness: this element's per-service endpoint, then `configure({ endpoints })`'s, then this
 * element's page-wide `endpoint`, then `configure({ endpoint })`. A page without script can configure all four
 * services with attributes alone. Every change (an attribute, a property, a new `tokenProvider`)
 * reaches the elements inside at once, and one that failed for want of it retries by itself.
 *
 * Plain DOM, no Lit: the script-tag kit defines it the first time the tag appears, and a page with
 * a closed launcher inside it pays a few hundred bytes for it, not a framework.
 *
 * @summary Shared configuration for the Sportello elements below it.
 * @slot - The elements to configure.
 * @attr lang - The language of the elements below it: each follows the nearest `lang` above it, so its own `lang` still wins.
 * @attr theme - The colour scheme of the elements below it: `dark`, `light`, or `auto` (the visitor's system, `prefers-color-scheme`); an element's own `theme` still wins.
 * @attr endpoint - Page-wide base URL for elements below whose service has no endpoint of its own, here or in `configure({ endpoints })`.
 * @attr ai-endpoint - The AI service's base URL (`{ai_base_url}/api/v2`) or a proxy, for `<sportello-ai-chat>` below.
 * @attr sign-endpoint - The signing service's base URL (`{sign_base_url}/api/v2`) or a proxy, for `<sportello-sign-viewer>` below.
 * @attr desk-endpoint - The help desk's base URL or a proxy, for `<sportello-desk-form>` below.
 * @attr chat-endpoint - The live chat's base URL or a proxy, for `<sportello-live-chat>` below.
 * @attr answers-kb - Knowledge base ids (space-separated) the live chats below search before a visitor waits for a person.
 * @attr answers-agent - An AI agent whose knowledge bases the live chats below search before a visitor waits for a person.
 */
export class SportelloConfigElement extends HTMLElement {
  static observedAttributes = ['lang', 'endpoint', 'answers-kb', 'answers-agent', ...Object.values(SERVICE_ATTRIBUTES)];

  private endpointsValue: SportelloConfig['endpoints'] | undefined;
  private tokenProviderValue: TokenProvider | undefined;
  private stringsValue: SportelloConfig['strings'] | undefined;

  constructor() {
    super();
    const root = this.attachShadow({ mode: 'open' });
    if (!sheet) {
      sheet = new CSSStyleSheet();
      // display: contents keeps a box of its own out of the page; `theme` still passes its
      // color-scheme down to the elements inside (palette.ts).
      sheet.replaceSync(`:host { display: contents; } ${THEME_RULES}`);
    }
    root.adoptedStyleSheets = [sheet];
    root.append(document.createElement('slot'));
  }

  /** Page-wide base URL for elements below whose service has no endpoint of its own, here or in `configure({ endpoints })` (the `endpoint` attribute). */
  get endpoint(): string | undefined {
    return this.getAttribute('endpoint') ?? undefined;
  }
  set endpoint(v: string | undefined) {
    this.setOrRemove('endpoint', v);
  }
  /** The AI service's base URL (`{ai_base_url}/api/v2`) or a proxy, for `<sportello-ai-chat>` below (the `ai-endpoint` attribute). */
  get aiEndpoint(): string | undefined {
    return this.getAttribute('ai-endpoint') ?? undefined;
  }
  set aiEndpoint(v: string | undefined) {
    this.setOrRemove('ai-endpoint', v);
  }
  /** The signing service's base URL (`{sign_base_url}/api/v2`) or a proxy, for `<sportello-sign-viewer>` below (the `sign-endpoint` attribute). */
  get signEndpoint(): string | undefined {
    return this.getAttribute('sign-endpoint') ?? undefined;
  }
  set signEndpoint(v: string | undefined) {
    this.setOrRemove('sign-endpoint', v);
  }
  /** The help desk's base URL or a proxy, for `<sportello-desk-form>` below (the `desk-endpoint` attribute). */
  get deskEndpoint(): string | undefined {
    return this.getAttribute('desk-endpoint') ?? undefined;
  }
  set deskEndpoint(v: string | undefined) {
    this.setOrRemove('desk-endpoint', v);
  }
  /** The live chat's base URL or a proxy, for `<sportello-live-chat>` below (the `chat-endpoint` attribute). */
  get chatEndpoint(): string | undefined {
    return this.getAttribute('chat-endpoint') ?? undefined;
  }
  set chatEndpoint(v: string | undefined) {
    this.setOrRemove('chat-endpoint', v);
  }
  /** Per-service endpoints as one object `{ ai, sign, desk, chat }`; the `*-endpoint` attributes win over it. */
  get endpoints(): SportelloConfig['endpoints'] | undefined {
    return this.endpointsValue;
  }
  set endpoints(v: SportelloConfig['endpoints'] | undefined) {
    this.endpointsValue = v;
    this.changed();
  }
  /** Bearer token provider for elements below (set it again on login or logout: they follow). */
  get tokenProvider(): TokenProvider | undefined {
    return this.tokenProviderValue;
  }
  set tokenProvider(v: TokenProvider | undefined) {
    this.tokenProviderValue = v;
    this.changed();
  }
  /** Integrator strings by language for the elements below (see the README's "Languages"). */
  get strings(): SportelloConfig['strings'] | undefined {
    return this.stringsValue;
  }
  set strings(v: SportelloConfig['strings'] | undefined) {
    this.stringsValue = v;
    this.changed();
  }
  /** Knowledge base ids (space-separated) the live chats below search before a visitor waits for a person (the `answers-kb` attribute). */
  get answersKb(): string | undefined {
    return this.getAttribute('answers-kb') ?? undefined;
  }
  set answersKb(v: string | undefined) {
    this.setOrRemove('answers-kb', v);
  }
  /** An AI agent whose knowledge bases the live chats below search before a visitor waits for a person (the `answers-agent` attribute). */
  get answersAgent(): string | undefined {
    return this.getAttribute('answers-agent') ?? undefined;
  }
  set answersAgent(v: string | undefined) {
    this.setOrRemove('answers-agent', v);
  }

  /** What the elements below read (duck-typed, so a second copy of the kit reads it too). */
  get sportelloConfig(): SportelloConfig {
    const endpoints = { ...this.endpoints };
    for (const [service, attribute] of Object.entries(SERVICE_ATTRIBUTES) as Array<[ServiceKind, string]>) {
      const url = this.getAttribute(attribute);
      if (url) endpoints[service] = url;
    }
    return {
      endpoint: this.endpoint,
      tokenProvider: this.tokenProvider,
      endpoints,
      lang: this.lang || undefined,
      strings: this.strings,
      answers: answersOf(this.answersKb, this.answersAgent),
    };
  }

  attributeChangedCallback(_name: string, old: string | null, value: string | null): void {
    if (old !== value) this.changed();
  }

  connectedCallback(): void {
    // Set on the element before it was defined: those values sit on the instance, hiding the accessors.
    for (const key of PROPERTIES) {
      if (!Object.prototype.hasOwnProperty.call(this, key)) continue;
      const own = this as Record<string, unknown>;
      const value = own[key];
      delete own[key];
      own[key] = value;
    }
    // Elements inside may have resolved before this element was defined or moved here.
    announceConfigChange();
  }

  disconnectedCallback(): void {
    announceConfigChange();
  }

  private setOrRemove(attribute: string, value: string | undefined): void {
    if (value) this.setAttribute(attribute, value);
    else this.removeAttribute(attribute);
  }

  /** Every change reaches the elements below at once (they resolve again in the same task). */
  private changed(): void {
    if (this.isConnected) announceConfigChange();
  }
}

const existing = customElements.get('sportello-config');
if (!existing) customElements.define('sportello-config', SportelloConfigElement);
else if (existing !== SportelloConfigElement)
  console.info('[sportello] <sportello-config> is already defined by another copy of the kit; keeping the first.');

declare global {
  interface HTMLElementTagNameMap {
    'sportello-config': SportelloConfigElement;
  }
}
