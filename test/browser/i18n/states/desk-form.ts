import '../../../../components/desk-form/index.js';
import { fixture, html, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../../../src/transport/auth.js';
import { until } from '../../helpers/chat-frames.js';
import type { SportelloDeskForm } from '../../../../components/desk-form/desk-form.js';
import { faults, LANG, type ElementState } from './shared.js';

// ---- Help-desk form ----------------------------------------------------------------------------

const DESK = `${SIM_URL}/desk`;
const provider = clientCredentials({
  tokenUrl: `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`,
  clientId: 'sportello-demo',
  clientSecret: 'demo-secret',
});
/** The catalogue's names (services, assets, request types, urgencies) and a request's contents are data. */
const DESK_DATA = {
  skip: ['option', '.subject', '.description', '.meta strong', 'p.text', '[part="section"] legend'],
  data: [
    'Wi-Fi drops',
    'NB-2291',
    // The labels of the request type's extra attributes (the service's catalogue).
    'Numero di inventario',
    'Data del guasto',
    'Impatto sul lavoro',
    'Postazioni coinvolte',
    'Il problema si era gia presentato',
    // The service's names for priorities, workflows, services, request types, people, and its ticket numbers.
    'Alta',
    'Bassa',
    'Flusso con ticket di secondo livello',
    'Amministrazione',
    'Richiesta informazioni',
    'Anna Russo',
    /TCK-\d{4}-\d+/g,
  ],
};

async function deskForm(extra: Partial<SportelloDeskForm> = {}): Promise<SportelloDeskForm> {
  const host = await fixture<HTMLElement>(html`<div></div>`);
  const form = document.createElement('sportello-desk-form');
  form.setAttribute('no-draft', '');
  form.setAttribute('lang', LANG);
  form.setAttribute('user-id', '501');
  form.endpoint = DESK;
  form.tokenProvider = provider;
  if (!('catalog' in extra)) form.catalogSrc = `${SIM_URL}/desk/__catalog.json`;
  Object.assign(form, extra);
  host.append(form);
  if (!form.requestId)
    await waitUntil(
      () => form.shadowRoot?.querySelector('select[data-field="servizio"] option:nth-child(2)'),
      'catalogue',
      { timeout: 5000 },
    );
  return form;
}
const desk$ = <T extends Element = HTMLElement>(el: Element, s: string) => el.shadowRoot!.querySelector<T>(s);
async function choose(el: SportelloDeskForm, field: string, value: string): Promise<void> {
  await waitUntil(
    () => desk$(el, `[data-field="${CSS.escape(field)}"] option[value="${CSS.escape(value)}"]`),
    `${field} offers ${value}`,
  );
  const select = desk$<HTMLSelectElement>(el, `[data-field="${CSS.escape(field)}"]`)!;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}
async function type(el: SportelloDeskForm, field: string, value: string): Promise<void> {
  const input = desk$<HTMLInputElement>(el, `[data-field="${CSS.escape(field)}"]`)!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await el.updateComplete;
}
async function fillFault(el: SportelloDeskForm): Promise<void> {
  await choose(el, 'servizio', 'id:1');
  await choose(el, 'assetRoot', 'id:20');
  await choose(el, 'assetFiglio', 'id:22');
  await choose(el, 'tipoRichiesta', 'id:100');
  await choose(el, 'urgenza', 'id:3');
  await waitUntil(() => desk$(el, '[data-field="extra.id:101"]'), 'extra attributes', { timeout: 5000 });
  await type(el, 'extra.id:101', 'NB-2291');
  await type(el, 'extra.id:102', '2026-02-12');
  await choose(el, 'extra.id:103', 'BLOCCANTE');
  await type(el, 'oggetto', 'Wi-Fi drops');
}

export const deskStates: ElementState[] = [
  {
    element: 'desk-form',
    state: 'loading the catalogue',
    show: async () => {
      await faults({ kind: 'delay', match: '/desk/__catalog.json', count: 1, delayMs: 4000 });
      const host = await fixture<HTMLElement>(html`<div></div>`);
      const form = document.createElement('sportello-desk-form');
      form.setAttribute('no-draft', '');
      form.setAttribute('lang', LANG);
      form.endpoint = DESK;
      form.tokenProvider = provider;
      form.catalogSrc = `${SIM_URL}/desk/__catalog.json`;
      host.append(form);
      await waitUntil(() => form.shadowRoot?.querySelector('[role="status"]')?.textContent?.trim(), 'loading shown');
      return { root: form, ...DESK_DATA };
    },
  },
  { element: 'desk-form', state: 'empty form', show: async () => ({ root: await deskForm(), ...DESK_DATA }) },
  {
    element: 'desk-form',
    state: 'form with errors',
    show: async () => {
      const el = await deskForm();
      desk$<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
      await waitUntil(() => desk$(el, '[aria-invalid="true"]'), 'errors shown');
      await el.updateComplete;
      return { root: el, ...DESK_DATA };
    },
  },
  {
    element: 'desk-form',
    state: 'filled form with expected times',
    show: async () => {
      const el = await deskForm();
      await fillFault(el);
      await waitUntil(() => !desk$(el, '[aria-busy="true"]'), 'preview settled', { timeout: 5000 });
      return { root: el, ...DESK_DATA };
    },
  },
  {
    element: 'desk-form',
    state: 'confirmation (request created)',
    show: async () => {
      const el = await deskForm();
      await fillFault(el);
      await el.submit();
      await el.updateComplete;
      return { root: el, ...DESK_DATA };
    },
  },
  {
    element: 'desk-form',
    state: 'following a request',
    show: async () => {
      const el = await deskForm({ requestId: '7002' });
      const view = await until(() => desk$(el, 'sportello-desk-request'));
      await waitUntil(() => view.shadowRoot?.querySelector('.facts'), 'detail loaded', { timeout: 5000 });
      return { root: el, ...DESK_DATA };
    },
  },
  {
    element: 'desk-form',
    state: 'error (unknown request)',
    show: async () => {
      const el = await deskForm({ requestId: '999999' });
      const view = await until(() => desk$(el, 'sportello-desk-request'));
      await waitUntil(() => view.shadowRoot?.querySelector('[role="alert"], .error'), 'error', { timeout: 5000 });
      return { root: el, ...DESK_DATA };
    },
  },
];
