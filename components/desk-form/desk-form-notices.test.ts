import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../src/transport/auth.js';
import './index.js';
import type { SportelloDeskForm } from './desk-form.js';

// What the form tells the customer: a server failure in words that fit it, the format of a
// pattern-checked field, channels named in their language, one SLA preview per change, a restored draft.

const DESK = `${SIM_URL}/desk`;
const CATALOG = `${SIM_URL}/desk/__catalog.json`;
const TOKEN_URL = `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`;
const provider = clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'sportello-demo', clientSecret: 'demo-secret' });

async function makeForm(attrs: Record<string, string | null> = {}): Promise<SportelloDeskForm> {
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
  const form = document.createElement('sportello-desk-form');
  for (const [k, v] of Object.entries({ lang: 'en', 'user-id': '501', 'no-draft': '', ...attrs }))
    if (v !== null) form.setAttribute(k, v);
  form.endpoint = DESK;
  form.tokenProvider = provider;
  form.catalogSrc = CATALOG;
  wrap.append(form);
  await waitUntil(
    () => form.shadowRoot?.querySelector('select[data-field="servizio"] option:nth-child(2), .error-banner'),
    'catalogue',
    {
      timeout: 8000,
    },
  );
  return form;
}

const $ = <T extends Element = HTMLElement>(el: Element, s: string) => el.shadowRoot!.querySelector<T>(s);
const control = <T extends HTMLElement = HTMLInputElement>(el: Element, field: string) =>
  $<T>(el, `[data-field="${CSS.escape(field)}"]`)!;
const fault = (body: unknown) =>
  fetch(`${SIM_URL}/__sim/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function choose(el: SportelloDeskForm, field: string, value: string): Promise<void> {
  await waitUntil(
    () => control<HTMLSelectElement>(el, field)?.querySelector(`option[value="${CSS.escape(value)}"]`),
    `${field} offers ${value}`,
  );
  const select = control<HTMLSelectElement>(el, field);
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}

async function type(el: SportelloDeskForm, field: string, value: string): Promise<void> {
  const input = control(el, field);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await el.updateComplete;
}

/** Calls of a desk path the page made, by the browser's own resource timing. */
const calls = (path: string) =>
  performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname === `/desk${path}`).length;

/** All the text a customer can read in the element, its notices' shadow roots included. */
function visibleText(el: Element): string {
  const parts: string[] = [];
  const walk = (root: ParentNode) => {
    for (const node of Array.from(root.querySelectorAll('*'))) if (node.shadowRoot) walk(node.shadowRoot);
    parts.push((root as Element).textContent ?? '');
  };
  walk(el.shadowRoot!);
  return parts.join(' ').replace(/\s+/g, ' ');
}

describe('sportello-desk-form: what the customer is told', () => {
  beforeEach(async () => {
    localStorage.clear();
    performance.clearResourceTimings();
    await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  });
  afterEach(async () => {
    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  });

  it('a server 5xx is not called a lost connection, and no raw server message reaches the customer', async () => {
    await fault({ kind: 'status', path: '/desk/__catalog.json', status: 500, count: 100 });
    const broken = await makeForm();
    await waitUntil(
      () => visibleText(broken).includes('catalogue') || $(broken, 'sportello-error-notice'),
      'catalogue error shown',
      {
        timeout: 8000,
      },
    );
    expect(visibleText(broken)).to.not.contain('Injected fault');
    broken.remove();
    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });

    const el = await makeForm();
    await choose(el, 'servizio', 'id:3');
    await choose(el, 'tipoRichiesta', 'id:101');
    await type(el, 'oggetto', 'Opening hours');
    await fault({ kind: 'status', path: '/desk/richieste/creazione-richiesta', status: 500, count: 10 });
    expect(await el.submit()).to.equal(undefined);
    await waitUntil(() => $(el, '#submit-error'), 'submit error shown', { timeout: 15000 });
    const text = visibleText(el);
    expect(text).to.not.contain('The connection failed before the answer arrived');
    expect(text).to.not.contain('Injected fault');
  });

  it('a pattern-checked extra field carries the pattern and a human hint of the format', async () => {
    const el = await makeForm();
    await choose(el, 'servizio', 'id:1');
    await choose(el, 'assetRoot', 'id:20');
    await choose(el, 'tipoRichiesta', 'id:100');
    await waitUntil(() => control(el, 'extra.id:101'), 'extra attributes', { timeout: 8000 });
    const input = control<HTMLInputElement>(el, 'extra.id:101');
    // The server's ^[A-Z0-9-]+$, valid under the v flag browsers compile patterns with.
    expect(input.getAttribute('pattern')).to.equal('^[A-Z0-9\\-]+$');
    const hintId = (input.getAttribute('aria-describedby') ?? '').split(' ').find((id) => id.endsWith('-hint'));
    expect(hintId, 'a hint is tied to the field').to.be.a('string');
    expect(el.shadowRoot!.getElementById(hintId!)!.textContent).to.equal(
      'Use only capital letters, digits and the characters -.',
    );
    await type(el, 'extra.id:101', 'nb 22');
    expect(input.validity.patternMismatch, 'the browser checks the pattern too').to.equal(true);
    await el.submit();
    await waitUntil(() => $(el, `#${CSS.escape(input.id)}-error`), 'field error', { timeout: 8000 });
    expect($(el, `#${CSS.escape(input.id)}-error`)!.textContent).to.equal(
      'Numero di inventario is not in the expected format: Use only capital letters, digits and the characters -.',
    );
    await expect(el).to.be.accessible();
  });

  it("the CHAT and APP channels are named in the customer's language", async () => {
    const el = await makeForm();
    const labels = () =>
      Array.from(control<HTMLSelectElement>(el, 'codiceCanale').options).map((o) => o.textContent?.trim());
    expect(labels()).to.include.members(['Chat', 'Mobile app']).and.not.include('CHAT').and.not.include('APP');
    el.setAttribute('lang', 'it');
    await el.updateComplete;
    await waitUntil(() => labels().includes('App per smartphone'), 'Italian labels');
  });

  it('a change of triple asks each SLA preview endpoint once', async () => {
    const el = await makeForm();
    await choose(el, 'servizio', 'id:2');
    await choose(el, 'tipoRichiesta', 'id:101');
    await waitUntil(() => $(el, '.preview dl.facts'), 'preview shown', { timeout: 8000 });
    await waitUntil(() => calls('/richieste/scadenza-priorita') >= 1, 'due date asked');
    expect(calls('/richieste/info-terna')).to.equal(1);
    expect(calls('/richieste/scadenza-priorita')).to.equal(1);
    await choose(el, 'urgenza', 'id:3');
    await waitUntil(() => calls('/richieste/scadenza-priorita') >= 2, 'due date asked for the urgency');
    await el.updateComplete;
    expect(calls('/richieste/info-terna')).to.equal(1, 'the triple did not change');
    expect(calls('/richieste/scadenza-priorita')).to.equal(2);
  });

  it('a restored draft is announced, and can be discarded', async () => {
    const first = await makeForm({ 'draft-key': 'restored-draft', 'no-draft': null });
    await type(first, 'oggetto', 'Typed before the reload');
    first.remove();
    const el = await makeForm({ 'draft-key': 'restored-draft', 'no-draft': null });
    await waitUntil(() => $(el, '[part="draft-notice"]'), 'notice', { timeout: 8000 });
    const notice = $(el, '[part="draft-notice"]')!;
    expect(notice.getAttribute('role')).to.equal('status');
    expect(notice.textContent).to.contain('Your unsent draft was restored.');
    expect(control(el, 'oggetto').value).to.equal('Typed before the reload');
    await expect(el).to.be.accessible();
    notice.querySelector<HTMLButtonElement>('button')!.click();
    await el.updateComplete;
    expect(control(el, 'oggetto').value).to.equal('');
    expect(localStorage.getItem('sportello-desk-draft:restored-draft')).to.equal(null);
  });
});
