import { LitElement, css, html } from 'lit';
import { property } from 'lit/decorators.js';
import type { SportelloConfig, TokenProvider } from '../../src/config.js';
import { SportelloElement } from './sportello-element.js';

/**
 * Gives shared defaults (endpoint, token provider, language) to every Sportello element inside it.
 * An element's own property still wins.
 *
 * @summary Shared configuration for the Sportello elements below it.
 * @slot - The elements to configure.
 */
export class SportelloConfigElement extends LitElement {
  static override styles = css`
    :host {
      display: contents;
    }
  `;

  /** Default base URL for elements below that have none. */
  @property() endpoint?: string;
  /** Bearer token provider for elements below. */
  @property({ attribute: false }) tokenProvider?: TokenProvider;
  /** Per-service endpoints: `{ ai, sign, desk, chat }`. */
  @property({ attribute: false }) endpoints?: SportelloConfig['endpoints'];
  /** Integrator strings by language for the elements below (see the README's "Languages"). */
  @property({ attribute: false }) strings?: SportelloConfig['strings'];

  get sportelloConfig(): SportelloConfig {
    return {
      endpoint: this.endpoint,
      tokenProvider: this.tokenProvider,
      endpoints: this.endpoints,
      strings: this.strings,
    };
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
