import { LitElement, css, html, type PropertyValues } from 'lit';
import { property } from 'lit/decorators.js';
import { announceConfigChange, type ServiceKind, type SportelloConfig, type TokenProvider } from '../../src/config.js';
import { SportelloElement } from './sportello-element.js';

/**
 * Gives shared configuration to every Sportello element inside it (across shadow roots). An
 * element's own attribute or property still wins. Endpoints go by specificity first, then by
 * nearness: this element's per-service endpoint, then `configure({ endpoints })`'s, then this
 * element's page-wide `endpoint`, then `configure({ endpoint })`. A page without script can configure all four
 * services with attributes alone. Every change (an attribute, a property, a new `tokenProvider`)
 * reaches the elements inside at once, and one that failed for want of it retries by itself.
 *
 * @summary Shared configuration for the Sportello elements below it.
 * @slot - The elements to configure.
 * @attr lang - The language of the elements below it: each follows the nearest `lang` above it, so its own `lang` still wins.
 */
export class SportelloConfigElement extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  /** Page-wide base URL for elements below whose service has no endpoint of its own, here or in `configure({ endpoints })`. */
  @property() endpoint?: string;
  /** The AI service's base URL (`{ai_base_url}/api/v2`) or a proxy, for `<sportello-ai-chat>` below. */
  @property({ attribute: 'ai-endpoint' }) aiEndpoint?: string;
  /** The signing service's base URL (`{sign_base_url}/api/v2`) or a proxy, for `<sportello-sign-viewer>` below. */
  @property({ attribute: 'sign-endpoint' }) signEndpoint?: string;
  /** The help desk's base URL or a proxy, for `<sportello-desk-form>` below. */
  @property({ attribute: 'desk-endpoint' }) deskEndpoint?: string;
  /** The live chat's base URL or a proxy, for `<sportello-live-chat>` below. */
  @property({ attribute: 'chat-endpoint' }) chatEndpoint?: string;
  /** Per-service endpoints as one object `{ ai, sign, desk, chat }`; the `*-endpoint` attributes win over it. */
  @property({ attribute: false }) endpoints?: SportelloConfig['endpoints'];
  /** Bearer token provider for elements below (set it again on login or logout: they follow). */
  @property({ attribute: false }) tokenProvider?: TokenProvider;
  /** Integrator strings by language for the elements below (see the README's "Languages"). */
  @property({ attribute: false }) strings?: SportelloConfig['strings'];

  /** What the elements below read (duck-typed, so a second copy of the kit reads it too). */
  get sportelloConfig(): SportelloConfig {
    const attributes: Partial<Record<ServiceKind, string | undefined>> = {
      ai: this.aiEndpoint,
      sign: this.signEndpoint,
      desk: this.deskEndpoint,
      chat: this.chatEndpoint,
    };
    const endpoints = { ...this.endpoints };
    for (const [service, url] of Object.entries(attributes) as Array<[ServiceKind, string | undefined]>)
      if (url) endpoints[service] = url;
    return {
      endpoint: this.endpoint,
      tokenProvider: this.tokenProvider,
      endpoints,
      lang: this.lang || undefined,
      strings: this.strings,
    };
  }

  static override get observedAttributes(): string[] {
    return [...super.observedAttributes, 'lang'];
  }

  override attributeChangedCallback(name: string, old: string | null, value: string | null): void {
    super.attributeChangedCallback(name, old, value);
    if (name === 'lang' && old !== value) announceConfigChange();
  }

  override connectedCallback(): void {
    super.connectedCallback();
    // Elements inside may have resolved before this element was defined or moved here.
    announceConfigChange();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    announceConfigChange();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    // Announced before rendering (not after), so the elements below resolve in the same frame.
    if (changed.size && this.hasUpdated) announceConfigChange();
  }

  override render() {
    return html`<slot></slot>`;
  }
}

SportelloElement.define('sportello-config', SportelloConfigElement);

declare global {
  interface HTMLElementTagNameMap {
    'sportello-config': SportelloConfigElement;
  }
}
