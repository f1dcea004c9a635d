import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../src/transport/auth.js';
import './index.js';
import type { SportelloDeskForm } from './desk-form.js';
import type { SportelloDeskRequest } from './desk-request.js';
import type { DeskBeforeSubmitDetail } from './events.js';
import { EventLog } from '../../test/harness/harness.js';

const DESK = `${SIM_URL}/desk`;
const CATALOG = `${SIM_URL}/desk/__catalog.json`;
const TOKEN_URL = `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`;
const realProvider = clientCredentials({
  tokenUrl: TOKEN_URL,
  clientId: 'sportello-demo',
  clientSecret: 'demo-secret',
});
type Provider = (o: { forceRefresh: boolean }) => Promise<string>;

async function sim(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${SIM_URL}${path}`, init);
}
const fault = (body: unknown) =>
  sim('/__sim/faults', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
/** Clears the faults, which lets a request held by a `hold` fault go on. */
const clearFaults = () => sim('/__sim/faults', { method: 'DELETE' });

/** Status of GET /desk/richieste/{id} with a real token (200 exists, 404 not). */
async function requestStatus(id: number): Promise<number> {
  const token = await realProvider({ forceRefresh: false });
  return (await fetch(`${DESK}/richieste/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status;
}

async function makeForm(extra: Partial<SportelloDeskForm> = {}, attrs = 'no-draft'): Promise<SportelloDeskForm> {
  const el = await fixture<SportelloDeskForm>(html`<div></div>`);
  const form = document.createElement('sportello-desk-form');
  for (const a of attrs.split(' ').filter(Boolean)) {
    const [k, v] = a.split('=');
    form.setAttribute(k!, v ?? '');
  }
  form.setAttribute('lang', 'en');
  form.setAttribute('user-id', '501');
  form.endpoint = DESK;
  form.tokenProvider = realProvider;
  if (!('catalog' in extra)) form.catalogSrc = CATALOG;
  Object.assign(form, extra);
  el.append(form);
  if (!form.requestId)
    await waitUntil(
      () => form.shadowRoot?.querySelector('select[data-field="servizio"] option:nth-child(2)'),
      'catalogue loaded',
      { timeout: 5000 },
    );
  return form;
}

const q = <T extends Element>(el: Element, selector: string) => el.shadowRoot!.querySelector<T>(selector);
const control = <T extends HTMLElement = HTMLInputElement>(el: Element, field: string) =>
  q<T>(el, `[data-field="${CSS.escape(field)}"]`)!;

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
  const input = control<HTMLInputElement>(el, field);
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await el.updateComplete;
}

/** IT / Rete / Wi-Fi / Segnalazione guasto / Alta, and the five attributes of the GUASTO section. */
async function fillFault(el: SportelloDeskForm, subject = 'Wi-Fi drops'): Promise<void> {
  await choose(el, 'servizio', 'id:1');
  await choose(el, 'assetRoot', 'id:20');
  await choose(el, 'assetFiglio', 'id:22');
  await choose(el, 'tipoRichiesta', 'id:100');
  await choose(el, 'urgenza', 'id:3');
  await waitUntil(() => control(el, 'extra.id:101'), 'extra attributes rendered', { timeout: 5000 });
  await type(el, 'extra.id:101', 'NB-2291');
  await type(el, 'extra.id:102', '2026-02-12');
  await choose(el, 'extra.id:103', 'BLOCCANTE');
  await type(el, 'oggetto', subject);
}

function submitButton(el: SportelloDeskForm): HTMLButtonElement {
  return q<HTMLButtonElement>(el, 'button[type="submit"]')!;
}

function fileOf(name: string, size: number): File {
  return new File([new Uint8Array(size).fill(65)], name, { type: 'text/plain' });
}

function dropFiles(el: SportelloDeskForm, files: File[]): void {
  const input = q<HTMLInputElement>(el, '#file-input')!;
  const dt = new DataTransfer();
  for (const f of files) dt.items.add(f);
  input.files = dt.files;
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

describe('sportello-desk-form', () => {
  beforeEach(async () => {
    localStorage.clear();
    await sim('/__sim/reset', { method: 'POST' });
  });
  afterEach(async () => {
    await clearFaults();
  });

  it('loads the catalogue by ids from catalog-src and sends ids; dependent selects follow the service', async () => {
    const el = await makeForm();
    await expect(el).to.be.accessible();
    expect(control(el, 'assetRoot')).to.equal(null);
    await choose(el, 'servizio', 'id:2');
    const assetOptions = Array.from(control<HTMLSelectElement>(el, 'assetRoot').options).map((o) =>
      o.textContent?.trim(),
    );
    expect(assetOptions).to.deep.equal(['None', 'Fatturazione', 'Note spese']);
    const typeOptions = Array.from(control<HTMLSelectElement>(el, 'tipoRichiesta').options).map((o) => o.value);
    expect(typeOptions).to.deep.equal(['', 'id:101', 'id:103']);
    await choose(el, 'tipoRichiesta', 'id:101');
    // Changing the service empties what depended on it.
    await choose(el, 'servizio', 'id:3');
    expect(el.formValues.tipoRichiesta).to.equal('');
    await choose(el, 'tipoRichiesta', 'id:101');
    await type(el, 'oggetto', 'Orari della sede');
    let sent: Record<string, unknown> | undefined;
    el.addEventListener('sportello-before-submit', (e) => (sent = { ...e.detail.body }));
    const created = await el.submit();
    expect(sent).to.include({
      idServizio: 3,
      idTipoRichiesta: 101,
      oggetto: 'Orari della sede',
      codiceCanale: 'WEB',
      idUtente: 501,
      idRichiesta: 0,
    });
    expect(sent).not.to.have.property('codServizio');
    expect(created?.idRichiesta).to.equal(7100);
  });

  it('takes a catalogue given by codes only and sends the cod* fields, which the service accepts', async () => {
    const full = await (await sim('/desk/__catalog.json')).json();
    const strip = (o: Record<string, unknown>): Record<string, unknown> =>
      Object.fromEntries(
        Object.entries(o)
          .filter(([k]) => k !== 'id')
          .map(([k, v]) => [
            k,
            Array.isArray(v) ? v.map((x) => (typeof x === 'object' && x ? strip(x as Record<string, unknown>) : x)) : v,
          ]),
      );
    const catalog = strip(full);
    const el = await makeForm({ catalog });
    await choose(el, 'servizio', 'code:IT');
    await choose(el, 'assetRoot', 'code:PDL');
    await choose(el, 'assetFiglio', 'code:PDL-NB');
    await choose(el, 'tipoRichiesta', 'code:INFO');
    await choose(el, 'urgenza', 'code:BASSA');
    await type(el, 'oggetto', 'Quale modello?');
    const [event] = await Promise.all([oneEvent(el, 'sportello-before-submit'), el.submit()]);
    const body = (event as CustomEvent<DeskBeforeSubmitDetail>).detail.body;
    expect(body).to.include({
      codServizio: 'IT',
      codAssetRoot: 'PDL',
      codAssetFiglio: 'PDL-NB',
      codTipoRichiesta: 'INFO',
      codUrgenza: 'BASSA',
    });
    expect(body).not.to.have.property('idServizio');
    expect(el.created?.idRichiesta).to.equal(7100);
  });

  it('renders the extra sections of a triple as real typed fields, and shows the SLA and due date', async () => {
    const el = await makeForm();
    await choose(el, 'servizio', 'id:1');
    await choose(el, 'tipoRichiesta', 'id:100');
    await waitUntil(() => q(el, 'fieldset[part="section"]'), 'section rendered', { timeout: 5000 });
    const section = q<HTMLFieldSetElement>(el, 'fieldset[part="section"]')!;
    expect(section.querySelector('legend')!.textContent).to.equal('Dettagli del guasto');
    expect(control<HTMLInputElement>(el, 'extra.id:101').type).to.equal('text');
    expect(control<HTMLInputElement>(el, 'extra.id:101').maxLength).to.equal(20);
    expect(control<HTMLInputElement>(el, 'extra.id:101').required).to.equal(true);
    expect(control<HTMLInputElement>(el, 'extra.id:102').type).to.equal('date');
    expect(control<HTMLSelectElement>(el, 'extra.id:103').options.length).to.equal(4);
    expect(control<HTMLInputElement>(el, 'extra.id:104').type).to.equal('number');
    expect(control<HTMLInputElement>(el, 'extra.id:104').min).to.equal('1');
    expect(control<HTMLInputElement>(el, 'extra.id:105').type).to.equal('checkbox');
    // Every control has its label.
    for (const input of section.querySelectorAll('input, select')) {
      expect(q(el, `label[for="${input.id}"]`), input.id).to.exist;
    }
    // SLA of IT/GUASTO: 4 h to take in charge, 24 h to resolve; urgency Alta -> priority P2 (8 h).
    await waitUntil(() => q(el, '.preview dl'), 'preview', { timeout: 5000 });
    const preview = q(el, '.preview')!.textContent!.replace(/\s+/g, ' ');
    expect(preview).to.contain('4 hours');
    expect(preview).to.contain('1 day');
    await choose(el, 'urgenza', 'id:3');
    await waitUntil(() => q(el, '.preview')!.textContent!.includes('Alta'), 'priority from urgency', { timeout: 5000 });
    const due = q<HTMLTimeElement>(el, '.preview time')!;
    const hours = (new Date(due.dateTime).getTime() - Date.now()) / 3_600_000;
    expect(hours).to.be.within(7.9, 8.1);
    // Another request type without sections removes them.
    await choose(el, 'tipoRichiesta', 'id:101');
    await waitUntil(() => !q(el, 'fieldset[part="section"]'), 'section gone', { timeout: 5000 });
  });

  it('shows required-field errors, focuses the first invalid field and announces them', async () => {
    const el = await makeForm();
    submitButton(el).click();
    await waitUntil(() => q(el, '#error-summary li'), 'errors shown');
    const summary = q(el, '#error-summary')!;
    expect(summary.getAttribute('role')).to.equal('alert');
    const lines = Array.from(summary.querySelectorAll('li')).map((li) => li.textContent?.trim());
    expect(lines).to.deep.equal(['Service is required.', 'Request type is required.', 'Subject is required.']);
    expect(el.shadowRoot!.activeElement).to.equal(control(el, 'servizio'));
    expect(control(el, 'oggetto').getAttribute('aria-invalid')).to.equal('true');
    const describedBy = control(el, 'oggetto').getAttribute('aria-describedby')!;
    expect(q(el, `#${describedBy}`)!.textContent).to.equal('Subject is required.');
    await expect(el).to.be.accessible();
    // Fixing a field removes its error.
    await type(el, 'oggetto', 'x');
    expect(control(el, 'oggetto').getAttribute('aria-invalid')).to.equal('false');
  });

  it('checks the extra attributes on the client as the service would (required, pattern, bounds)', async () => {
    const el = await makeForm();
    await choose(el, 'servizio', 'id:1');
    await choose(el, 'tipoRichiesta', 'id:100');
    await waitUntil(() => control(el, 'extra.id:101'), 'attributes', { timeout: 5000 });
    await type(el, 'oggetto', 'Guasto');
    await type(el, 'extra.id:101', 'nb 22');
    await type(el, 'extra.id:104', '900');
    await el.submit();
    const errors = Array.from(q(el, '#error-summary')!.querySelectorAll('li')).map((li) => li.textContent?.trim());
    // Says which format (issue #22 defect 2), not only that it is wrong.
    expect(errors).to.include(
      'Numero di inventario is not in the expected format: Use only capital letters, digits and the characters -.',
    );
    expect(errors).to.include('Data del guasto is required.');
    expect(errors).to.include('Postazioni coinvolte must be at most 500.');
    expect(el.shadowRoot!.activeElement).to.equal(control(el, 'extra.id:101'));
  });

  it('maps a server 400 back to the field it concerns', async () => {
    // The channel FAX passes the client (it takes any code) but the service allows only its list.
    const el = await makeForm({ prefill: { codiceCanale: 'FAX' } });
    await fillFault(el);
    const created = await el.submit();
    expect(created).to.equal(undefined);
    await waitUntil(() => q(el, '#f-codiceCanale-error'), 'server error under the field', { timeout: 5000 });
    expect(q(el, '#f-codiceCanale-error')!.textContent).to.contain('codiceCanale deve essere uno di');
    expect(control(el, 'codiceCanale').getAttribute('aria-invalid')).to.equal('true');
    expect(el.shadowRoot!.activeElement).to.equal(control(el, 'codiceCanale'));
    expect(q(el, '#error-summary')!.textContent).to.contain('Channel');
    await expect(el).to.be.accessible();
    // Corrected, the same submission goes through.
    await choose(el, 'codiceCanale', 'WEB');
    expect((await el.submit())?.idRichiesta).to.equal(7100);
  });

  it('uploads attachments with progress, lets one be removed before submit, and names the rest in nomeAllegati', async () => {
    const el = await makeForm();
    await fillFault(el);
    const progress: number[] = [];
    // The server holds the uploads before reading them until the test lets them go, so the bytes
    // go out in steps (socket buffers fill, then drain) and the bar shows values between 0 and 100.
    // Both files upload at once and either request may reach the server first: the hold covers both.
    await fault({ kind: 'hold', match: '/desk/richieste/upload/', count: 2 });
    const big = fileOf('log.txt', 8 * 1024 * 1024);
    dropFiles(el, [big, fileOf('extra.txt', 1000)]);
    await el.updateComplete;
    // The progress bar moves as the bytes go.
    const observer = new MutationObserver(() => {
      const bar = q<HTMLProgressElement>(el, '.file progress');
      if (bar) progress.push(bar.value);
    });
    observer.observe(el.shadowRoot!, { subtree: true, attributes: true, attributeFilter: ['value'] });
    // Held, the upload stops part-way; then the server reads on.
    await waitUntil(() => progress.some((v) => v > 0 && v < 100), 'the bar part-way', { timeout: 10000 });
    await clearFaults();
    await waitUntil(() => el.shadowRoot!.querySelectorAll('.file[data-state="done"]').length === 2, 'uploads done', {
      timeout: 10000,
    });
    observer.disconnect();
    console.log(`upload progress values seen: ${JSON.stringify(progress)}`);
    expect(progress.at(-1)).to.equal(100);
    expect(
      progress.some((v) => v > 0 && v < 100),
      'an intermediate value',
    ).to.equal(true);
    expect(q<HTMLProgressElement>(el, '.file progress')!.getAttribute('aria-label')).to.equal('log.txt uploaded');
    const remove = q<HTMLButtonElement>(el, 'button[aria-label="Remove extra.txt"]')!;
    remove.click();
    await el.updateComplete;
    expect(el.shadowRoot!.querySelectorAll('.file').length).to.equal(1);
    let body: Record<string, unknown> = {};
    el.addEventListener('sportello-before-submit', (e) => (body = e.detail.body));
    const created = await el.submit();
    expect(body['nomeAllegati']).to.deep.equal(['log.txt']);
    expect(body['idUpload']).to.be.a('string');
    const token = await realProvider({ forceRefresh: false });
    const detail = await (
      await fetch(`${DESK}/richieste/${created!.idRichiesta}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    expect(detail.allegati.map((a: { nomeFile: string }) => a.nomeFile)).to.deep.equal(['log.txt']);
    expect(detail.allegati[0].dimensione).to.equal(big.size);
  });

  it('creates one request only when the first attempt fails after the server created it and the user retries', async () => {
    const el = await makeForm();
    await fillFault(el, 'Only once please');
    // The network loses the answers: every creation call of the first submission (1 + 2 transport
    // retries) reaches the real server, which creates (then replays), but the answer never
    // arrives. Only the browser's fetch is wrapped; our transport and the server run as they are.
    const realFetch = window.fetch;
    const keys: string[] = [];
    let lost = 0;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      const response = await realFetch(input, init);
      if (url.endsWith('/richieste/creazione-richiesta') && lost < 3) {
        lost++;
        keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
        await response.arrayBuffer();
        throw new TypeError('Failed to fetch');
      }
      return response;
    };
    let first;
    try {
      first = await el.submit();
    } finally {
      window.fetch = realFetch;
    }
    expect(first).to.equal(undefined);
    expect(lost).to.equal(3);
    expect(new Set(keys).size, 'one key for every attempt').to.equal(1);
    const banner = q(el, '#submit-error')!;
    expect(banner.textContent).to.contain('Trying again will not create a duplicate request');
    await expect(el).to.be.accessible();
    // The server did create it, from an attempt whose answer was lost.
    expect(await requestStatus(7100)).to.equal(200);
    // The user presses "Try again": same key, the server replays its first answer.
    const retry = Array.from(banner.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Try again')!;
    const created = oneEvent(el, 'sportello-request-created');
    retry.click();
    const event = await created;
    expect(event.detail.idRichiesta).to.equal(7100);
    expect(await requestStatus(7101)).to.equal(404);
  });

  it('retries a creation refused with 503 under the same Idempotency-Key, and the simulator holds one request', async () => {
    const el = await makeForm();
    await fillFault(el, 'Retry after a 503');
    // The first submission and the transport's two retries of it are all answered 503, with no wait
    // asked (Retry-After: 0), so it is the visitor's Retry, not the notice's own, that sends again.
    await fault({ kind: 'status', status: 503, retryAfter: 0, match: '/desk/richieste/creazione-richiesta', count: 3 });
    // Only reads the header each creation call carries; our transport and the server run as they are.
    const realFetch = window.fetch;
    const keys: string[] = [];
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input instanceof Request ? input.url : input);
      if (url.endsWith('/richieste/creazione-richiesta'))
        keys.push(new Headers(init?.headers).get('Idempotency-Key') ?? '');
      return realFetch(input, init);
    };
    try {
      expect(await el.submit()).to.equal(undefined);
      expect(keys.length, 'the submission and its transport retries').to.equal(3);
      await el.updateComplete;
      const banner = q(el, '#submit-error')!;
      expect(banner, 'the error notice').to.exist;
      await expect(el).to.be.accessible();
      expect(await requestStatus(7100)).to.equal(404);
      const retry = Array.from(banner.querySelectorAll('button')).find((b) => b.textContent?.trim() === 'Try again')!;
      const created = oneEvent(el, 'sportello-request-created');
      retry.click();
      // A second press while the retry is on its way sends nothing more.
      retry.click();
      const event = await created;
      expect(event.detail.idRichiesta).to.equal(7100);
    } finally {
      window.fetch = realFetch;
    }
    expect(keys.length, 'the retry is one more call').to.equal(4);
    expect(new Set(keys).size, 'one key for every attempt').to.equal(1);
    expect(keys[0]).to.not.equal('');
    expect(await requestStatus(7100)).to.equal(200);
    expect(await requestStatus(7101), 'exactly one request created').to.equal(404);
  });

  it('keeps the idempotency key of an unanswered submission across a reload, so resubmitting creates nothing new', async () => {
    const first = await makeForm({}, 'draft-key=t2');
    await fillFault(first, 'Survives a reload');
    const realFetch = window.fetch;
    window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await realFetch(input, init);
      if (String(input).endsWith('/richieste/creazione-richiesta')) {
        await response.arrayBuffer();
        throw new TypeError('Failed to fetch');
      }
      return response;
    };
    try {
      expect(await first.submit()).to.equal(undefined);
    } finally {
      window.fetch = realFetch;
    }
    expect(await requestStatus(7100)).to.equal(200);
    expect(JSON.parse(localStorage.getItem('sportello-desk-draft:t2')!).pendingKey).to.be.a('string');
    first.remove();
    const second = await makeForm({}, 'draft-key=t2');
    await waitUntil(
      () => control(second, 'extra.id:101')?.getAttribute('aria-invalid') === 'false',
      'sections restored',
      { timeout: 5000 },
    );
    const created = await second.submit();
    expect(created?.idRichiesta).to.equal(7100);
    expect(await requestStatus(7101)).to.equal(404);
  });

  it('shows a failed upload with a retry that completes it', async () => {
    const el = await makeForm();
    await fault({ kind: 'status', status: 500, match: '/desk/richieste/upload/', count: 1 });
    dropFiles(el, [fileOf('retry.txt', 2000)]);
    await waitUntil(() => q(el, '.file[data-state="error"]'), 'upload failed', { timeout: 5000 });
    expect(q<HTMLProgressElement>(el, '.file progress')!.getAttribute('aria-label')).to.equal(
      'Upload of retry.txt failed',
    );
    q<HTMLButtonElement>(el, 'button[aria-label="Retry upload of retry.txt"]')!.click();
    await waitUntil(() => q(el, '.file[data-state="done"]'), 'upload retried', { timeout: 5000 });
  });

  it('locks the submit button while sending and is accessible in that state', async () => {
    const el = await makeForm();
    // What went wrong, should it, as the page hears it.
    const errors = new EventLog<{ error: Error }>(el, 'sportello-error');
    await fillFault(el);
    // The simulator holds the request until the faults are cleared: sending for as long as the test looks.
    await fault({ kind: 'hold', match: '/desk/richieste/creazione-richiesta' });
    const pending = el.submit();
    await waitUntil(() => submitButton(el).disabled, 'locked');
    expect(submitButton(el).textContent?.trim()).to.equal('Sending…');
    expect(q(el, 'form')!.getAttribute('aria-busy')).to.equal('true');
    // A second submit while the first runs returns the same promise's result, not a new request.
    const again = el.submit();
    await expect(el).to.be.accessible();
    expect(submitButton(el).disabled, 'still sending after the accessibility check').to.equal(true);
    await clearFaults();
    const [a, b] = await Promise.all([pending, again]);
    expect(a?.idRichiesta, errors.details.map((d) => String(d.error)).join('; ')).to.equal(7100);
    expect(b?.idRichiesta).to.equal(7100);
    expect(await requestStatus(7101)).to.equal(404);
  });

  it('shows the confirmation with the request id and ticket protocol, copyable, and fires sportello-request-created', async () => {
    const el = await makeForm();
    await fillFault(el);
    const [event] = await Promise.all([oneEvent(el, 'sportello-request-created'), el.submit()]);
    expect(event.detail.idRichiesta).to.equal(7100);
    expect(event.detail.protocolloTicket).to.match(/^TCK-\d{4}-\d{6}$/);
    expect(event.detail.response.esitoInvioMail).to.equal(true);
    await el.updateComplete;
    expect(q(el, '#ref-id')!.textContent).to.equal('7100');
    expect(q(el, '#ref-protocol')!.textContent).to.equal(event.detail.protocolloTicket);
    expect(el.shadowRoot!.activeElement).to.equal(q(el, '#confirmation-title'));
    await expect(el).to.be.accessible();
    const copy = Array.from(el.shadowRoot!.querySelectorAll('button')).find((b) =>
      b.textContent?.includes('Copy Ticket protocol'),
    )!;
    copy.click();
    await waitUntil(() => q(el, '.confirmation [role="status"]')!.textContent!.trim() !== '', 'copy reported');
    expect(['Ticket protocol copied', 'Copy failed: select the text and copy it by hand.']).to.include(
      q(el, '.confirmation [role="status"]')!.textContent!.trim(),
    );
  });

  it('lets a cancelable sportello-before-submit stop the submission, and lets the page add data', async () => {
    const el = await makeForm();
    await fillFault(el);
    const stop = (e: Event) => e.preventDefault();
    el.addEventListener('sportello-before-submit', stop);
    expect(await el.submit()).to.equal(undefined);
    expect(await requestStatus(7100)).to.equal(404);
    el.removeEventListener('sportello-before-submit', stop);
    el.addEventListener('sportello-before-submit', (e) => {
      e.detail.body['note'] = 'added by the page';
    });
    const created = await el.submit();
    const token = await realProvider({ forceRefresh: false });
    const detail = await (
      await fetch(`${DESK}/richieste/${created!.idRichiesta}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json();
    expect(detail.note).to.equal('added by the page');
  });

  it('keeps a draft in localStorage, restores it in a new element, and clears it after success', async () => {
    const first = await makeForm({}, 'draft-key=t1');
    await choose(first, 'servizio', 'id:1');
    await choose(first, 'tipoRichiesta', 'id:101');
    await type(first, 'oggetto', 'Draft subject');
    await type(first, 'descrizione', 'Typed before the reload');
    expect(localStorage.getItem('sportello-desk-draft:t1')).to.contain('Draft subject');
    first.remove();
    const second = await makeForm({}, 'draft-key=t1');
    await second.updateComplete;
    expect(control<HTMLInputElement>(second, 'oggetto').value).to.equal('Draft subject');
    expect(control<HTMLTextAreaElement>(second, 'descrizione').value).to.equal('Typed before the reload');
    expect(control<HTMLSelectElement>(second, 'servizio').value).to.equal('id:1');
    await waitUntil(() => control<HTMLSelectElement>(second, 'tipoRichiesta').value === 'id:101', 'type restored');
    expect(q(second, '[part="draft-notice"]')!.textContent).to.contain('Your unsent draft was restored.');
    await second.submit();
    expect(second.created?.idRichiesta).to.equal(7100);
    expect(localStorage.getItem('sportello-desk-draft:t1')).to.equal(null);
  });

  it('honours prefill, hidden and read-only fields', async () => {
    const el = await makeForm(
      {
        prefill: { codServizio: 'AMM', codTipoRichiesta: 'INFO', oggetto: 'Fattura 12/2026', note: 'from the portal' },
      },
      'no-draft hidden-fields=note readonly-fields=servizio',
    );
    await el.updateComplete;
    expect(control<HTMLSelectElement>(el, 'servizio').value).to.equal('id:2');
    expect(control<HTMLSelectElement>(el, 'servizio').disabled).to.equal(true);
    expect(control(el, 'note')).to.equal(null);
    let body: Record<string, unknown> = {};
    el.addEventListener('sportello-before-submit', (e) => (body = e.detail.body));
    await el.submit();
    expect(body).to.include({
      idServizio: 2,
      idTipoRichiesta: 101,
      oggetto: 'Fattura 12/2026',
      note: 'from the portal',
    });
  });

  it('asks the token provider again after a 401', async () => {
    // A provider holding an expired token until it is told to renew (as a portal's would).
    const calls: boolean[] = [];
    let renewed = false;
    const provider: Provider = async ({ forceRefresh }) => {
      calls.push(forceRefresh);
      if (forceRefresh) renewed = true;
      return renewed ? realProvider({ forceRefresh }) : 'expired-or-bogus-token';
    };
    const el = await makeForm({ tokenProvider: provider });
    await choose(el, 'servizio', 'id:2');
    await choose(el, 'tipoRichiesta', 'id:101');
    await waitUntil(() => q(el, '.preview dl'), 'lookups succeeded after the refresh', { timeout: 5000 });
    expect(calls).to.include(true);
    expect(calls[0]).to.equal(false);
  });

  it('shows a clear error when the session cannot be renewed', async () => {
    const el = await makeForm({ tokenProvider: async () => 'bogus' });
    await choose(el, 'servizio', 'id:2');
    await choose(el, 'tipoRichiesta', 'id:101');
    await type(el, 'oggetto', 'x');
    const errors: string[] = [];
    el.addEventListener('sportello-error', (e) => errors.push(e.detail.operation));
    await el.submit();
    expect(q(el, '#submit-error')!.textContent).to.contain('Your session has expired');
    expect(errors).to.include('submit');
  });

  it('follows a request: state in words, assignee, dates and comments, and adds a comment', async () => {
    const el = await makeForm({ requestId: '7001' });
    const view = q<SportelloDeskRequest>(el, 'sportello-desk-request')!;
    await waitUntil(() => view.shadowRoot?.querySelector('.facts'), 'detail loaded', { timeout: 5000 });
    const text = view.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('Request 7001');
    expect(text).to.contain('Open');
    expect(text).to.contain('Not assigned yet');
    expect(text).to.contain('Il notebook non si accende');
    expect(view.shadowRoot!.querySelectorAll('.comment').length).to.equal(2);
    await expect(el).to.be.accessible();
    const area = view.shadowRoot!.querySelector<HTMLTextAreaElement>('#comment-text')!;
    area.value = 'Any news?';
    area.dispatchEvent(new Event('input'));
    await view.updateComplete;
    const added = oneEvent(el, 'sportello-comment-added');
    view.shadowRoot!.querySelector<HTMLButtonElement>('.composer button[type="submit"]')!.click();
    expect((await added).detail).to.deep.equal({
      idRichiesta: '7001',
      note: 'Any news?',
      reminder: false,
      nomeAllegati: [],
    });
    await waitUntil(() => view.shadowRoot!.querySelectorAll('.comment').length === 3, 'comment in the thread', {
      timeout: 5000,
    });
    const last = Array.from(view.shadowRoot!.querySelectorAll('.comment')).at(-1)!;
    expect(last.textContent).to.contain('Any news?');
    expect(last.textContent).to.contain('(You)');
    await expect(el).to.be.accessible();
  });

  it('follows an assigned request in Italian', async () => {
    const el = await makeForm({ requestId: '7002' });
    el.setAttribute('lang', 'it');
    const view = q<SportelloDeskRequest>(el, 'sportello-desk-request')!;
    await waitUntil(() => view.shadowRoot?.querySelector('.facts'), 'detail loaded', { timeout: 5000 });
    await el.updateComplete;
    await view.updateComplete;
    const text = view.shadowRoot!.textContent!.replace(/\s+/g, ' ');
    expect(text).to.contain('Richiesta 7002');
    expect(text).to.contain('In lavorazione');
    expect(text).to.contain('Anna Russo');
  });

  it('shows a recoverable error for an unknown request', async () => {
    const el = await makeForm({ requestId: '999999' });
    const view = q<SportelloDeskRequest>(el, 'sportello-desk-request')!;
    await waitUntil(() => view.shadowRoot?.querySelector('[role="alert"]'), 'error shown', { timeout: 5000 });
    // Names the request, from the form's own request-id (never the server's message).
    expect(view.shadowRoot!.textContent).to.contain('There is no request 999999, or you cannot see it.');
    expect(view.shadowRoot!.querySelector('[part="error-support"]')!.textContent).to.contain('HTTP 404');
    expect(view.shadowRoot!.querySelector('button')!.textContent?.trim()).to.equal('Try again');
  });

  it('explains a missing endpoint or catalogue in the element, with one console warning each', async () => {
    const warnings: string[] = [];
    const original = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      const el = await fixture<SportelloDeskForm>(html`<sportello-desk-form lang="en"></sportello-desk-form>`);
      await el.updateComplete;
      el.requestUpdate();
      await el.updateComplete;
      expect(q(el, '[role="alert"]')!.textContent).to.contain('no service address');
      expect(warnings.filter((w) => w.includes('no endpoint')).length).to.equal(1);
      expect(warnings.filter((w) => w.includes('no catalogue')).length).to.equal(1);
    } finally {
      console.warn = original;
    }
  });

  it('is a form-associated element: a host form gets the created id, and its reset empties the form', async () => {
    const host = await fixture<HTMLFormElement>(
      html`<form><sportello-desk-form name="deskRequest" no-draft lang="en" user-id="501"></sportello-desk-form></form>`,
    );
    const el = host.querySelector('sportello-desk-form')!;
    el.endpoint = DESK;
    el.tokenProvider = realProvider;
    el.catalogSrc = CATALOG;
    await waitUntil(
      () => el.shadowRoot?.querySelector('select[data-field="servizio"] option:nth-child(2)'),
      'catalogue',
      { timeout: 5000 },
    );
    await choose(el, 'servizio', 'id:2');
    await choose(el, 'tipoRichiesta', 'id:101');
    await type(el, 'oggetto', 'Host form');
    await el.submit();
    expect(new FormData(host).get('deskRequest')).to.equal('7100');
    host.reset();
    await el.updateComplete;
    expect(el.created).to.equal(undefined);
    expect(control<HTMLInputElement>(el, 'oggetto').value).to.equal('');
  });
});
