/** Shared by the help desk's browser tests: the simulator's desk with a real token, and a follow view on it. */
import { fixture, html, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../../src/transport/auth.js';
import type { SportelloDeskRequest } from '../../../components/desk-form/desk-request.js';

export { SIM_URL };
export const DESK = `${SIM_URL}/desk`;
export const AI = `${SIM_URL}/ai/api/v2`;
export const CATALOG = `${SIM_URL}/desk/__catalog.json`;
const TOKEN_URL = `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`;
export const provider = clientCredentials({
  tokenUrl: TOKEN_URL,
  clientId: 'sportello-demo',
  clientSecret: 'demo-secret',
});

export const $ = <T extends Element = HTMLElement>(el: Element, selector: string) =>
  el.shadowRoot!.querySelector<T>(selector);

/** `<sportello-desk-request>` following request `id` in `lang`, without live updates, once loaded. */
export async function followRequest(id: string, lang = 'en'): Promise<SportelloDeskRequest> {
  const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
  const el = document.createElement('sportello-desk-request');
  el.setAttribute('lang', lang);
  el.endpoint = DESK;
  el.tokenProvider = provider;
  el.requestId = id;
  el.pollInterval = 0;
  wrap.append(el);
  await waitUntil(() => $(el, '#state-badge'), 'request loaded', { timeout: 8000 });
  return el;
}

/** Types into a field of `el`'s shadow root as a visitor does (an input event). */
export async function typeInto(el: Element & { updateComplete: Promise<unknown> }, selector: string, value: string) {
  const field = $<HTMLInputElement>(el, selector)!;
  field.value = value;
  field.dispatchEvent(new Event('input', { bubbles: true }));
  await el.updateComplete;
}

/** The desk's operator side, straight to the simulator (what a back office would do). */
export async function operatorPost(path: string, body: unknown): Promise<Response> {
  const token = await provider({ forceRefresh: false });
  return fetch(`${DESK}${path}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}
