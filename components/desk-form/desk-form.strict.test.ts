import { expect, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { openStrictPage } from '../../test/setup/strict-page.js';
import { clientCredentials } from '../../src/transport/auth.js';
import type { SportelloDeskForm } from './desk-form.js';

const provider = clientCredentials({
  tokenUrl: `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`,
  clientId: 'sportello-demo',
  clientSecret: 'demo-secret',
});

describe('sportello-desk-form under a strict CSP with Trusted Types', () => {
  beforeEach(async () => {
    await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  });

  it('opens a request with extra attributes and follows it with a comment, recording no violation', async () => {
    const page = await openStrictPage({
      modules: ['/components/desk-form/index.ts'],
      html: '<sportello-desk-form lang="en" user-id="501" no-draft></sportello-desk-form>',
      width: 900,
      height: 900,
    });
    try {
      await page.window.customElements.whenDefined('sportello-desk-form');
      const el = page.document.querySelector('sportello-desk-form') as SportelloDeskForm;
      el.tokenProvider = provider;
      el.endpoint = `${SIM_URL}/desk`;
      el.catalogSrc = `${SIM_URL}/desk/__catalog.json`;
      const root = () => el.shadowRoot!;
      const set = async (field: string, value: string, event = 'change') => {
        await waitUntil(() => root().querySelector(`[data-field="${CSS.escape(field)}"]`), field, { timeout: 5000 });
        const c = root().querySelector<HTMLInputElement>(`[data-field="${CSS.escape(field)}"]`)!;
        await waitUntil(
          () => c.tagName !== 'SELECT' || c.querySelector(`option[value="${CSS.escape(value)}"]`),
          `${field} option`,
          { timeout: 5000 },
        );
        c.value = value;
        c.dispatchEvent(new page.window.Event(event, { bubbles: true }));
        await el.updateComplete;
      };
      await set('servizio', 'id:1');
      await set('tipoRichiesta', 'id:100');
      await set('extra.id:101', 'NB-1', 'input');
      await set('extra.id:102', '2026-02-01', 'input');
      await set('extra.id:103', 'NESSUNO');
      await set('oggetto', '<img src=x onerror=alert(1)> subject', 'input');
      const created = await el.submit();
      expect(created?.idRichiesta).to.equal(7100);
      el.requestId = String(created!.idRichiesta);
      await el.updateComplete;
      const view = root().querySelector('sportello-desk-request')!;
      await waitUntil(() => view.shadowRoot?.querySelector('.facts'), 'follow-up', { timeout: 5000 });
      // The subject is text, never markup.
      expect(view.shadowRoot!.querySelector('.subject')!.textContent).to.equal('<img src=x onerror=alert(1)> subject');
      expect(view.shadowRoot!.querySelector('img')).to.equal(null);
      await page.settle();
      page.assertClean();
    } finally {
      page.close();
    }
  });
});
