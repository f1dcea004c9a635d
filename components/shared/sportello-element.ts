import { LitElement, type ReactiveController } from 'lit';
import { property } from 'lit/decorators.js';
import type { ServiceError } from '../../src/transport/errors.js';
import {
  CONFIG_CHANGE_EVENT,
  resolveConfig,
  type ResolvedConfig,
  type ServiceKind,
  type TokenProvider,
} from '../../src/config.js';
import type { Lang } from '../../src/i18n/lang.js';
import type { Strings } from '../../src/i18n/catalogue-types.js';
import { languageOf, stringsReady } from '../../src/i18n/translate.js';
import { followPageLang, unfollowPageLang } from '../../src/i18n/page-lang.js';

/** Detail of `sportello-error`: the element that failed and the normalised error. */
export interface SportelloErrorDetail {
  error: ServiceError | Error;
  /** What the element was doing, e.g. `load-practice`, `send-message`, `configure`. */
  operation: string;
}

declare global {
  interface GlobalEventHandlersEventMap {
    'sportello-error': CustomEvent<SportelloErrorDetail>;
  }
}

/**
 * The small base every Sportello element extends: typed `sportello-*` events that cross
 * shadow roots, a registration that tolerates a second copy of the bundle on the page, page-stylable
 * custom states, and the one configuration rule.
 *
 * Configuration: each element names its service (`static service`). The most specific value
 * wins, then the nearest; for `endpoint`:
 *   1. the element's own attribute or property;
 *   2. an entry for its service: the nearest `<sportello-config>`'s (`ai-endpoint`, `sign-endpoint`,
 *      `desk-endpoint`, `chat-endpoint`), then `configure({ endpoints })`;
 *   3. a page-wide entry: `<sportello-config endpoint>`, then `configure({ endpoint })`.
 * `tokenProvider` and `lang`: the element's own, then `<sportello-config>`'s, then `configure()`'s.
 * Any change to any of them (attribute, property, `<sportello-config>`, `configure()`, a new
 * `tokenProvider`, `lang`) re-renders every connected element; its `ServiceClientController`
 * rebuilds the client, and an element that failed with the old configuration retries by itself.
 *
 * @attr lang - The element's language: `it`, `en`, `de`, `fr` and `es` are built in, any other comes through `strings`. Without it, the nearest `lang` above the element (a `<sportello-config lang>`, the page's `<html lang>`), then `configure({ lang })`.
 * @attr theme - `dark` or `light` forces that colour scheme, `auto` follows the visitor's system (`prefers-color-scheme`); without it the element follows the page's CSS `color-scheme` (light unless the page declares `light dark`), or a `<sportello-config theme>` above it.
 *
 * Theming tokens every element reads (components/shared/tokens.styles.ts):
 * @cssproperty --sportello-accent - Accent colour: buttons, links, focus (default #2457d6, dark #8ab4ff).
 * @cssproperty --sportello-accent-contrast - Text on the accent colour (default #ffffff, dark #0d1526).
 * @cssproperty --sportello-surface - Background (default #ffffff, dark #1a1e26).
 * @cssproperty --sportello-surface-alt - Second background: bubbles, cards (default #f3f5f9, dark #252a34).
 * @cssproperty --sportello-text - Text colour (default #1c2230, dark #e7eaf0).
 * @cssproperty --sportello-text-muted - Secondary text (default #5b6474, dark #a8b0bd).
 * @cssproperty --sportello-border - Borders (default #d5dbe5, dark #4a5262).
 * @cssproperty --sportello-danger - Errors (default #b42318, dark #ff8e84).
 * @cssproperty --sportello-danger-surface - Background of errors (default #fdecea, dark #3a1a18).
 * @cssproperty --sportello-warning - Warnings (default #8a5a00, dark #f2c265).
 * @cssproperty --sportello-warning-surface - Background of warnings (default #fff6e0, dark #352a10).
 * @cssproperty --sportello-success - Success (default #146c43, dark #74d6a0).
 * @cssproperty --sportello-success-surface - Background of success (default #e7f6ee, dark #11301f).
 * @cssproperty --sportello-focus-ring - Focus outline (default #1a4fd0, dark #9cbcff).
 * @cssproperty --sportello-radius - Corner radius (default 10px).
 * @cssproperty --sportello-radius-small - Small corner radius (default 6px).
 * @cssproperty --sportello-font - Font family (default system-ui).
 * @cssproperty --sportello-font-mono - Monospace font (codes, references).
 * @cssproperty --sportello-font-size - Base font size (default 15px).
 * @cssproperty --sportello-space - Spacing unit (default 8px).
 * @cssproperty --sportello-shadow - Shadow of floating parts (launcher, panels).
 */
export class SportelloElement extends LitElement {
  /** The back-office service this element talks to: picks its per-service endpoint. */
  static service: ServiceKind | undefined;

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

  /**
   * Integrator strings for this element by language, over the built-in catalogue and over
   * `<sportello-config>` / `configure({ strings })`: `{ de: { chat: { title: 'Fragen Sie uns' } } }`,
   * or a whole language the kit lacks (`{ ar: { … } }`). See the README's "Languages".
   */
  @property({ attribute: false }) strings?: Strings;

  /** Base URL of the service, or of the integrator's proxy that serves the same paths. Wins over `<sportello-config>` and `configure()`. */
  @property({ reflect: true }) endpoint?: string;

  /** Bearer token source for portals: called before each request and again after a 401. Set it late (after login): the element follows. */
  @property({ attribute: false }) tokenProvider?: TokenProvider;

  /** The element's `ElementInternals` (custom states, form association); undefined in engines without them. */
  protected readonly internals: ElementInternals | undefined;

  private configProblemShown: string | undefined;

  constructor() {
    super();
    let internals: ElementInternals | undefined;
    try {
      internals = this.attachInternals();
    } catch {
      internals = undefined;
    }
    this.internals = internals;
    new CustomStatesController(
      this,
      () => this.states(),
      () => this.internals,
    );
    // A notice (<sportello-error-notice>) speaks its speaker's language but renders again only when
    // its own properties change: when this element comes to speak another language (its `lang`, the
    // page's, a <sportello-config>'s), the notices it shows are told to render again.
    let spoken: Lang | undefined;
    this.addController({
      hostUpdated: () => {
        const language = this.language;
        if (spoken !== undefined && language !== spoken)
          for (const notice of this.renderRoot.querySelectorAll<HTMLElement & { requestUpdate(): void }>(
            'sportello-error-notice',
          ))
            notice.requestUpdate();
        spoken = language;
      },
    });
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang' && old !== value) this.requestUpdate();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // `<html lang>` changes re-render the element (the kit's one page-lang observer).
    followPageLang(this, () => this.requestUpdate());
    document.addEventListener(CONFIG_CHANGE_EVENT, this.onConfigChange);
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    unfollowPageLang(this);
    document.removeEventListener(CONFIG_CHANGE_EVENT, this.onConfigChange);
  }

  /** `configure()` or a `<sportello-config>` changed: resolve again (the client controller compares). */
  private onConfigChange = (): void => this.requestUpdate();

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
  protected reportError(operation: string, error: ServiceError | Error, options: { quiet?: boolean } = {}): void {
    if (!options.quiet) console.warn(`[sportello] <${this.localName}> ${operation}: ${error.message}`);
    this.emit('sportello-error', { error, operation });
  }

  /**
   * Reports a configuration problem (missing endpoint, a wrong attribute) once per distinct
   * problem: `sportello-error` with operation `configure` and a console warning. Call it with
   * undefined when the configuration is fine again, so the same problem is reported if it returns.
   * `quiet`: the event only (a part whose public element already said it in the console).
   */
  protected reportConfigProblem(problem: Error | undefined, options: { quiet?: boolean } = {}): void {
    if (!problem) {
      this.configProblemShown = undefined;
      return;
    }
    if (problem.message === this.configProblemShown) return;
    this.configProblemShown = problem.message;
    this.reportError('configure', problem, options);
  }

  /** This element's configuration, resolved by the one rule (see the class comment). */
  protected get config(): ResolvedConfig {
    const service = (this.constructor as typeof SportelloElement).service;
    return resolveConfig(this, service ?? 'ai', { endpoint: this.endpoint, tokenProvider: this.tokenProvider });
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

  /**
   * The custom states this element is in, for `:host(:state(name))` in its styles and
   * `sportello-x:state(name)` in the page. Called after every render; override it.
   */
  protected states(): Record<string, boolean> {
    return {};
  }
}

/** Applies `states()` to `ElementInternals.states` after every render (no attribute, no style written). */
class CustomStatesController implements ReactiveController {
  constructor(
    host: LitElement,
    private readonly wanted: () => Record<string, boolean>,
    private readonly internals: () => ElementInternals | undefined,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const states = this.internals()?.states;
    if (!states) return;
    for (const [name, on] of Object.entries(this.wanted())) {
      try {
        if (on) states.add(name);
        else states.delete(name);
      } catch {
        // Engines that only accept `--name` custom states: the element still works, unstyled by state.
      }
    }
  }
}
