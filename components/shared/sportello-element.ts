import { LitElement } from 'lit';
import { property } from 'lit/decorators.js';
import type { ServiceError } from '../../src/transport/errors.js';
import { resolveConfig, type SportelloConfig, type TokenProvider } from '../../src/config.js';
import type { Lang } from '../../src/i18n/lang.js';
import type { Strings } from '../../src/i18n/catalogue.js';
import { languageOf, stringsReady } from '../../src/i18n/translate.js';

/** Detail of `sportello-error`: the element that failed and the normalised error. */
export interface SportelloErrorDetail {
  error: ServiceError | Error;
  /** What the element was doing, e.g. `load-practice`, `send-message`. */
  operation: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'sportello-error': CustomEvent<SportelloErrorDetail>;
  }
}

/**
 * The small base every Sportello element extends: typed `sportello-*` events that cross
 * shadow roots, a registration that tolerates a second copy of the bundle on the page, and
 * the shared configuration (`endpoint`, `lang`, `tokenProvider`) resolved from the element,
 * the nearest `<sportello-config>` and `configure()`, in that order.
 */
export class SportelloElement extends LitElement {
  /**
   * Registers `tag` unless a custom element already holds the name. A page that loads two
   * copies of the kit (a CMS plugin and a portal bundle) must keep working, so this never throws.
   */
  static define(tag: string, ctor: CustomElementConstructor = this): void {
    const existing = customElements.get(tag);
    if (existing) {
      if (existing !== ctor) {
        console.info(`[sportello] <${tag}> is already defined by another copy of the kit; keeping the first.`);
      }
      return;
    }
    customElements.define(tag, ctor);
  }

  /**
   * `lang` is a global attribute, not a reactive property: a change on the element, or on the
   * page's `<html lang>`, re-renders every connected element in the new language.
   */
  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang' && old !== value) this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    followPageLang(this);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    connected.delete(this);
  }

  /**
   * Integrator strings for this element by language, over the built-in catalogue and over
   * `<sportello-config>` / `configure({ strings })`: `{ de: { chat: { title: 'Fragen Sie uns' } } }`,
   * or a whole language the kit lacks (`{ ar: { … } }`). See the README's "Languages".
   */
  @property({ attribute: false }) strings?: Strings;

  /** Base URL of the service, or of the integrator's proxy that serves the same paths. */
  @property({ reflect: true }) endpoint?: string;

  /** Bearer token source for portals: called before each request and again after a 401. */
  @property({ attribute: false }) tokenProvider?: TokenProvider;

  /** Dispatches a `sportello-*` event that bubbles out of the shadow root. Returns false if a listener cancelled it. */
  protected emit<K extends keyof GlobalEventHandlersEventMap>(
    name: K,
    detail: GlobalEventHandlersEventMap[K] extends CustomEvent<infer D> ? D : never,
    options: { cancelable?: boolean } = {},
  ): boolean {
    const event = new CustomEvent(name, {
      bubbles: true,
      composed: true,
      cancelable: options.cancelable ?? false,
      detail,
    });
    return this.dispatchEvent(event);
  }

  /** Reports a failure to the page (event + one console warning); the element shows it itself. */
  protected reportError(operation: string, error: ServiceError | Error): void {
    console.warn(`[sportello] <${this.localName}> ${operation}: ${error.message}`);
    this.emit('sportello-error', { error, operation });
  }

  /** Shared configuration with this element's own properties taking precedence. */
  protected get config(): SportelloConfig {
    return resolveConfig(this, { endpoint: this.endpoint, tokenProvider: this.tokenProvider });
  }

  /**
   * The language to speak (src/i18n/lang.ts): `lang` on the element, an ancestor or the page, reduced
   * to a language with a catalogue; otherwise the configured one.
   */
  get language(): Lang {
    return languageOf(this);
  }

  /** Renders only once this language's catalogue has arrived (loaded lazily, once per page). */
  protected override scheduleUpdate(): void | Promise<unknown> {
    const ready = stringsReady(this.language, this);
    if (!ready) return super.scheduleUpdate();
    return ready.then(() => super.scheduleUpdate());
  }
}

const connected = new Set<SportelloElement>();
let pageLangObserver: MutationObserver | undefined;

/** One observer for the whole page: `<html lang>` changes re-render every connected element. */
function followPageLang(element: SportelloElement): void {
  connected.add(element);
  if (pageLangObserver) return;
  pageLangObserver = new MutationObserver(() => connected.forEach((el) => el.requestUpdate()));
  pageLangObserver.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}
