import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../src/transport/auth.js';
import './index.js';
import type { SportelloDeskRequests } from './desk-requests.js';

// "My requests" (issue #22 "What to add" 3) against the simulator's seeded requests of user 501:
// 7001 open with a ticket, 7002 in progress, 7003 closed.

const DESK = `${SIM_URL}/desk`;
const TOKEN_URL = `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`;
const provider = clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'sportello-demo', clientSecret: 'demo-secret' });

async function list(attrs: Record<string, string> = {}): Promise<SportelloDeskRequests> {
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
  const el = document.createElement('sportello-desk-requests');
  el.setAttribute('lang', 'en');
  el.setAttribute('user-id', '501');
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  el.endpoint = DESK;
  el.tokenProvider = provider;
  wrap.append(el);
  await waitUntil(() => rows(el).length > 0 || el.shadowRoot?.querySelector('.hint, .error-banner'), 'list loaded', {
    timeout: 8000,
  });
  return el;
}

const $ = <T extends Element = HTMLElement>(el: Element, s: string) => el.shadowRoot!.querySelector<T>(s);
const rows = (el: Element) => Array.from(el.shadowRoot!.querySelectorAll<HTMLElement>('.request-item'));
const ids = (el: Element) => rows(el).map((r) => r.querySelector<HTMLElement>('.request-open')!.dataset['id']);
const status = (el: Element) => $(el, '#list-status')?.textContent?.trim();

describe('sportello-desk-requests ("my requests")', () => {
  beforeEach(async () => {
    await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  });

  it("lists the customer's requests newest first with state, dates and protocol, a page at a time", async () => {
    const el = await list({ 'page-size': '2' });
    expect(ids(el)).to.deep.equal(['7001', '7002']);
    expect(status(el)).to.equal('Requests 1–2 of 3');
    const first = rows(el)[0]!.textContent!.replace(/\s+/g, ' ');
    expect(first).to.contain('Request 7001').and.contain('Il notebook non si accende').and.contain('Open');
    expect(first).to.contain('TCK-2026-009001').and.contain('Opened').and.contain('Due');
    expect($(el, '.pager')!.textContent).to.contain('Page 1 of 2');
    await expect(el).to.be.accessible();
    const next = Array.from(el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.pager button')).at(-1)!;
    next.click();
    await waitUntil(() => ids(el).join() === '7003', 'second page', { timeout: 8000 });
    expect(status(el)).to.equal('Requests 3–3 of 3');
    expect(rows(el)[0]!.textContent).to.contain('Closed');
    expect(el.shadowRoot!.activeElement?.id).to.equal('list-status');
  });

  it('searches by subject or protocol and filters by state', async () => {
    const el = await list();
    const search = $<HTMLInputElement>(el, '#q')!;
    search.value = 'vpn';
    search.dispatchEvent(new Event('input'));
    $<HTMLButtonElement>(el, '.list-tools button[type="submit"]')!.click();
    await waitUntil(() => ids(el).join() === '7003', 'found by subject', { timeout: 8000 });
    search.value = 'TCK-2026-009001';
    search.dispatchEvent(new Event('input'));
    $<HTMLButtonElement>(el, '.list-tools button[type="submit"]')!.click();
    await waitUntil(() => ids(el).join() === '7001', 'found by protocol', { timeout: 8000 });
    search.value = '';
    search.dispatchEvent(new Event('input'));
    $<HTMLButtonElement>(el, '.list-tools button[type="submit"]')!.click();
    const state = $<HTMLSelectElement>(el, '#stato')!;
    state.value = 'P';
    state.dispatchEvent(new Event('change'));
    await waitUntil(() => ids(el).join() === '7002', 'only in progress', { timeout: 8000 });
    search.value = 'nothing like this';
    search.dispatchEvent(new Event('input'));
    $<HTMLButtonElement>(el, '.list-tools button[type="submit"]')!.click();
    await waitUntil(() => rows(el).length === 0, 'no match', { timeout: 8000 });
    expect(el.shadowRoot!.textContent).to.contain('No request matches your search.');
    await expect(el).to.be.accessible();
  });

  it("says so when the customer has no request yet, with a slot for the page's own call to action", async () => {
    const el = await list({ 'user-id': '777' });
    expect(rows(el)).to.have.length(0);
    expect(el.shadowRoot!.textContent).to.contain('You have not opened any request yet.');
    await expect(el).to.be.accessible();
  });

  it("opens a request's follow view and comes back to the same row", async () => {
    const el = await list();
    const selected = oneEvent(el, 'sportello-request-selected');
    rows(el)[2]!.querySelector<HTMLButtonElement>('.request-open')!.click();
    expect((await selected).detail).to.deep.equal({ idRichiesta: 7003 });
    expect(el.getAttribute('request-id')).to.equal('7003');
    await waitUntil(() => $(el, 'sportello-desk-request'), 'follow view');
    const view = $(el, 'sportello-desk-request')!;
    await waitUntil(
      () => view.shadowRoot?.querySelector('#state-badge')?.textContent === 'Closed',
      'request 7003 loaded',
      {
        timeout: 8000,
      },
    );
    expect(el.matches(':state(following)')).to.equal(true);
    await expect(el).to.be.accessible();
    $<HTMLButtonElement>(el, '#back')!.click();
    await waitUntil(() => rows(el).length === 3, 'list again', { timeout: 8000 });
    await waitUntil(() => el.shadowRoot!.activeElement?.getAttribute('data-id') === '7003', 'focus back on the row');
  });

  it('shows a recoverable error when the list cannot be loaded', async () => {
    const el = await list({ 'page-size': '1000' });
    // page-size is clamped to the service's 100: the list loads.
    expect(ids(el)).to.deep.equal(['7001', '7002', '7003']);
    await fetch(`${SIM_URL}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        kind: 'status',
        path: '/desk/richieste/lista-richieste-cliente-paginated',
        status: 500,
        count: 10,
      }),
    });
    await el.refresh();
    await waitUntil(() => $(el, '.error-banner'), 'error shown', { timeout: 8000 });
    expect(el.matches(':state(error)')).to.equal(true);
    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
    $<HTMLButtonElement>(el, '.error-banner button')!.click();
    await waitUntil(() => rows(el).length === 3, 'recovered', { timeout: 8000 });
  });
});
