/**
 * The desk form's lookups for a chosen triple (extra sections, SLA preview) are one-shot tasks
 * shown the kit's one way: a failure reads in the visitor's words (never the server's), and Retry
 * really asks the simulator again.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../src/transport/auth.js';
import './index.js';
import type { SportelloDeskForm } from './desk-form.js';

const DESK = `${SIM_URL}/desk`;
const TOKEN_URL = `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`;
const provider = clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'sportello-demo', clientSecret: 'demo-secret' });
const faults = `${SIM_URL}/__sim/faults`;
const fault = (match: string) =>
  fetch(faults, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ kind: 'status', status: 500, count: 50, match }),
  });
const clearFaults = () => fetch(faults, { method: 'DELETE' });
const $ = <T extends Element = HTMLElement>(el: Element, s: string) => el.shadowRoot!.querySelector<T>(s);

async function choose(el: SportelloDeskForm, field: string, value: string): Promise<void> {
  const selector = `[data-field="${field}"]`;
  await waitUntil(() => $(el, `${selector} option[value="${value}"]`), `${field} offers ${value}`, { timeout: 8000 });
  const select = $<HTMLSelectElement>(el, selector)!;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

describe('sportello-desk-form: the triple lookups', () => {
  beforeEach(clearFaults);
  afterEach(clearFaults);

  it("a failed lookup shows the visitor's words, and Retry asks the service again", async () => {
    await fault('/desk/richieste/attributi-aggiuntivi');
    await fault('/desk/richieste/info-terna');
    const el = await fixture<SportelloDeskForm>(html`<sportello-desk-form
      lang="en"
      user-id="501"
      no-draft
      endpoint=${DESK}
      .tokenProvider=${provider}
      catalog-src=${`${DESK}/__catalog.json`}
    ></sportello-desk-form>`);
    await choose(el, 'servizio', 'id:1');
    await choose(el, 'tipoRichiesta', 'id:100');
    await waitUntil(() => $(el, '.banner [part="error"]') && $(el, '.preview [part="error"]'), 'both notices', {
      timeout: 15000,
    });
    const sections = $(el, '.banner [part="error"]')!;
    expect(sections.querySelector('.notice-what')!.textContent).to.equal('The service is having a problem.');
    expect(el.shadowRoot!.textContent).not.to.include('Injected');
    expect($(el, '.preview [part="error"] .notice-what')!.textContent).to.equal('The service is having a problem.');
    await expect(el).to.be.accessible();
    await clearFaults();
    sections.querySelector<HTMLButtonElement>('[part="error-retry"]')!.click();
    await waitUntil(() => $(el, 'fieldset[part="section"]') && $(el, '.preview dl.facts'), 'recovered', {
      timeout: 15000,
    });
    expect($(el, 'fieldset[part="section"] legend')!.textContent).to.equal('Dettagli del guasto');
    expect($(el, '[part="error"]')).to.equal(null);
  });
});
