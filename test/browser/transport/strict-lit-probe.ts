// Loaded into the strict page by strict-page.test.ts: a Lit element with static styles and a text
// binding, to prove Lit renders and styles under the strict CSP with Trusted Types.
import { LitElement, css, html } from 'lit';

class StrictProbe extends LitElement {
  static override styles = css`
    span { color: rgb(1, 2, 3); }
  `;
  override render() {
    return html`<span>${'<b>text, not markup</b>'}</span>`;
  }
}
if (!customElements.get('sportello-strict-probe')) customElements.define('sportello-strict-probe', StrictProbe);
