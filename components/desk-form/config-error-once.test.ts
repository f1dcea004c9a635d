/**
 * A desk form that follows a request (`request-id`) but has no endpoint is one configuration
 * problem: the page hears it once as `sportello-error` (operation `configure`), not once from the
 * form, once from the request view inside it and once more as a failed load.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import './index.js';
import '../desk-requests/index.js';
import type { SportelloErrorDetail } from '../shared/sportello-element.js';

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));

describe('sportello-desk-form request-id without an endpoint', () => {
  it('emits the configuration sportello-error once, and shows it', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    const events: SportelloErrorDetail[] = [];
    wrap.addEventListener('sportello-error', (e) => events.push(e.detail));
    const form = document.createElement('sportello-desk-form');
    form.setAttribute('lang', 'en');
    form.setAttribute('request-id', '7001');
    wrap.append(form);
    await waitUntil(() => form.shadowRoot?.querySelector('sportello-desk-request'), 'request view');
    const view = form.shadowRoot!.querySelector('sportello-desk-request')!;
    await waitUntil(() => view.shadowRoot?.querySelector('[role="alert"]'), 'the problem is shown');
    // Everything the two elements do on their own has happened: both settled, one frame later.
    await form.updateComplete;
    await view.updateComplete;
    await nextFrame();
    expect(events.map((e) => e.operation)).to.deep.equal(['configure']);
    expect(events[0]!.error.name).to.equal('ConfigurationError');
  });

  it('the same problem comes back after a fix and a relapse: reported again, once', async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    const events: string[] = [];
    wrap.addEventListener('sportello-error', (e) => events.push(e.detail.operation));
    const form = document.createElement('sportello-desk-form');
    form.setAttribute('lang', 'en');
    form.setAttribute('request-id', '7001');
    wrap.append(form);
    await waitUntil(
      () => form.shadowRoot?.querySelector('sportello-desk-request')?.shadowRoot?.querySelector('[role="alert"]'),
      'shown',
    );
    form.endpoint = `${SIM_URL}/desk`;
    const view = form.shadowRoot!.querySelector('sportello-desk-request')!;
    // No token provider: the service answers 401, a failure of its own (not a configuration one).
    await waitUntil(() => events.includes('load-request'), 'the load failed with 401');
    form.endpoint = undefined;
    await form.updateComplete;
    await view.updateComplete;
    await nextFrame();
    expect(events).to.deep.equal(['configure', 'load-request', 'configure']);
  });

  it("the customer's request list without an endpoint: one configuration error, shown as one (not a failed load)", async () => {
    const wrap = await fixture<HTMLDivElement>(html`<div></div>`);
    const events: string[] = [];
    wrap.addEventListener('sportello-error', (e) => events.push(e.detail.operation));
    const list = document.createElement('sportello-desk-requests');
    list.setAttribute('lang', 'en');
    wrap.append(list);
    await waitUntil(() => list.shadowRoot?.querySelector('[part="error"] .notice-what'), 'the problem is shown');
    await list.updateComplete;
    await nextFrame();
    expect(list.shadowRoot!.querySelector('[part="error"] .notice-what')!.textContent).to.equal(
      'This service is not set up correctly on this page.',
    );
    expect(events).to.deep.equal(['configure']);
  });
});
