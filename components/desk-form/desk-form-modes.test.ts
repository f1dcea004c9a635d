import { expect, fixture, html, oneEvent, waitUntil } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../src/transport/auth.js';
import './index.js';
import type { SportelloDeskForm } from './desk-form.js';

// Issue #22 "What to add" 5 (launcher / modal mode) and 6 (anonymous visitors' contact details),
// and the handover API the live chat uses (fill()).

const DESK = `${SIM_URL}/desk`;
const CATALOG = `${SIM_URL}/desk/__catalog.json`;
const TOKEN_URL = `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`;
const provider = clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'sportello-demo', clientSecret: 'demo-secret' });

async function makeForm(attrs: Record<string, string>): Promise<SportelloDeskForm> {
  const wrap = await fixture<HTMLDivElement>(html`<div><button id="before">before</button></div>`);
  const form = document.createElement('sportello-desk-form');
  for (const [k, v] of Object.entries({ lang: 'en', 'no-draft': '', ...attrs })) form.setAttribute(k, v);
  form.endpoint = DESK;
  form.tokenProvider = provider;
  form.catalogSrc = CATALOG;
  wrap.append(form);
  await form.updateComplete;
  return form;
}

const $ = <T extends Element = HTMLElement>(el: Element, s: string) => el.shadowRoot!.querySelector<T>(s);
const control = <T extends HTMLElement = HTMLInputElement>(el: Element, f: string) =>
  $<T>(el, `[data-field="${CSS.escape(f)}"]`)!;

async function choose(el: SportelloDeskForm, field: string, value: string): Promise<void> {
  await waitUntil(
    () => control<HTMLSelectElement>(el, field)?.querySelector(`option[value="${CSS.escape(value)}"]`),
    `${field} offers ${value}`,
    {
      timeout: 8000,
    },
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

describe('sportello-desk-form: launcher mode, anonymous visitors, handover', () => {
  beforeEach(async () => {
    await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  });

  it('launcher mode opens the form in a modal dialog, keeps focus inside, and returns it on Escape', async () => {
    const el = await makeForm({ mode: 'launcher', 'user-id': '501' });
    const launcher = $<HTMLButtonElement>(el, '[part="launcher"]')!;
    expect(launcher.textContent!.trim()).to.equal('Open a request');
    expect($<HTMLDialogElement>(el, 'dialog')!.open).to.equal(false);
    await expect(el).to.be.accessible();
    launcher.focus();
    const opened = oneEvent(el, 'sportello-desk-open');
    launcher.click();
    await opened;
    const dialog = $<HTMLDialogElement>(el, 'dialog')!;
    expect(dialog.open).to.equal(true);
    expect(dialog.matches(':modal')).to.equal(true, 'the page behind is inert');
    await waitUntil(() => dialog.contains(el.shadowRoot!.activeElement), 'focus inside the dialog');
    expect(launcher.getAttribute('aria-expanded')).to.equal('true');
    await waitUntil(() => control(el, 'servizio')?.querySelector('option:nth-child(2)'), 'catalogue', {
      timeout: 8000,
    });
    await expect(el).to.be.accessible();
    // Tabbing around never leaves the dialog.
    for (let i = 0; i < 25; i++) {
      await sendKeys({ press: 'Tab' });
      expect(dialog.contains(el.shadowRoot!.activeElement), `tab ${i}`).to.equal(true);
    }
    const closed = oneEvent(el, 'sportello-desk-close');
    await sendKeys({ press: 'Escape' });
    await closed;
    expect(dialog.open).to.equal(false);
    await waitUntil(() => el.shadowRoot!.activeElement === launcher, 'focus back on the launcher');
  });

  it('fill() hands a chat over: subject and transcript prefilled, and the dialog opened', async () => {
    const el = await makeForm({ mode: 'launcher', 'user-id': '501' });
    await el.fill(
      { oggetto: 'From the chat', descrizione: 'Visitor: my printer jams\nOperator: please open a request' },
      { open: true },
    );
    await waitUntil(() => control(el, 'oggetto'), 'form in the dialog');
    expect(control(el, 'oggetto').value).to.equal('From the chat');
    expect(control<HTMLTextAreaElement>(el, 'descrizione').value).to.contain('my printer jams');
    expect($<HTMLDialogElement>(el, 'dialog')!.open).to.equal(true);
    el.close();
  });

  it('anonymous visitors may leave a name, e-mail and phone, checked and carried in the notes', async () => {
    const el = await makeForm({ 'contact-fields': 'name email phone' });
    await waitUntil(() => control(el, 'servizio')?.querySelector('option:nth-child(2)'), 'catalogue', {
      timeout: 8000,
    });
    expect($(el, '[part="contact"] legend')!.textContent).to.equal('How can we reach you');
    await choose(el, 'servizio', 'id:3');
    await choose(el, 'tipoRichiesta', 'id:101');
    await type(el, 'oggetto', 'Opening hours');
    await type(el, 'contactName', 'Ada Rossi');
    await type(el, 'contactEmail', 'ada@');
    await type(el, 'contactPhone', '+39 02 1234 5678');
    expect(await el.submit()).to.equal(undefined);
    await waitUntil(() => $(el, '#f-contactEmail-error'), 'e-mail checked');
    expect(el.shadowRoot!.activeElement).to.equal(control(el, 'contactEmail'));
    await expect(el).to.be.accessible();
    await type(el, 'contactEmail', 'ada@example.com');
    let body: Record<string, unknown> = {};
    el.addEventListener('sportello-before-submit', (e) => {
      e.detail.body['idUtente'] = 900;
      body = e.detail.body;
    });
    const created = await el.submit();
    expect(created?.idRichiesta).to.equal(7100);
    expect(body['note']).to.equal(
      'Contact details:\nName: Ada Rossi\nE-mail: ada@example.com\nPhone: +39 02 1234 5678',
    );
  });

  it('offers no contact fields when the visitor is known (user-id)', async () => {
    const el = await makeForm({ 'contact-fields': 'name email phone', 'user-id': '501' });
    await waitUntil(() => control(el, 'servizio')?.querySelector('option:nth-child(2)'), 'catalogue', {
      timeout: 8000,
    });
    expect($(el, '[part="contact"]')).to.equal(null);
  });
});
