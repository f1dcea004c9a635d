/**
 * A 404 says what was not found, in the visitor's words and language, from the element's own data
 * (the id it was given), never from the server's message: a desk request and a signing practice
 * that do not exist, in all five languages.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { clientCredentials } from '../../src/transport/auth.js';
import '../../components/desk-form/index.js';
import '../../components/sign-viewer/index.js';
import '../../components/ai-chat/index.js';
import type { SportelloAiChat } from '../../components/ai-chat/ai-chat.js';

const TOKEN_URL = `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`;
const provider = clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'sportello-demo', clientSecret: 'demo-secret' });
const what = (root: ShadowRoot | null | undefined) => root?.querySelector('[part="error"] .notice-what')?.textContent;

const REQUEST: Record<string, string> = {
  en: 'There is no request 12345, or you cannot see it.',
  it: 'La richiesta 12345 non esiste o Lei non ha accesso.',
  de: 'Die Anfrage 12345 existiert nicht, oder Sie haben keinen Zugriff darauf.',
  fr: 'La demande 12345 n’existe pas ou vous n’y avez pas accès.',
  es: 'La solicitud 12345 no existe o no tiene acceso a ella.',
};

const PRACTICE: Record<string, string> = {
  en: 'We can’t find practice 999999.',
  it: 'Non troviamo la pratica 999999.',
  de: 'Wir können den Vorgang 999999 nicht finden.',
  fr: 'Nous ne trouvons pas le dossier 999999.',
  es: 'No encontramos el expediente 999999.',
};

describe('a 404 names what was not found', () => {
  for (const [lang, words] of Object.entries(REQUEST)) {
    it(`desk follow view, ${lang}: the request that does not exist`, async () => {
      const el = await fixture(html`<sportello-desk-form
        lang=${lang}
        request-id="12345"
        endpoint=${`${SIM_URL}/desk`}
        .tokenProvider=${provider}
      ></sportello-desk-form>`);
      const view = () => el.shadowRoot!.querySelector('sportello-desk-request')?.shadowRoot;
      await waitUntil(() => what(view()), 'not-found notice', { timeout: 15000 });
      expect(what(view())).to.equal(words);
      await expect(el).to.be.accessible();
    });
  }

  for (const [lang, words] of Object.entries(PRACTICE)) {
    it(`sign viewer, ${lang}: the practice that does not exist`, async () => {
      const el = await fixture(html`<sportello-sign-viewer
        lang=${lang}
        id-file="999999"
        endpoint=${`${SIM_URL}/sign/api/v2`}
        sign-token="demo-sign-token"
        sign-user="demo"
      ></sportello-sign-viewer>`);
      await waitUntil(() => what(el.shadowRoot), 'not-found notice', { timeout: 15000 });
      expect(what(el.shadowRoot)).to.equal(words);
      expect(el.shadowRoot!.textContent).not.to.contain('deactivated');
    });
  }

  it('AI panel: an agent the service does not know reads as the page set up wrong, not as a lost question', async () => {
    const el = await fixture<SportelloAiChat>(html`<sportello-ai-chat
      lang="en"
      agent-id="999"
      stream="false"
      api-key="spk_demo"
      endpoint=${`${SIM_URL}/ai/api/v2`}
    ></sportello-ai-chat>`);
    await el.updateComplete;
    void el.ask('hello');
    const thread = () => el.shadowRoot!.querySelector('sportello-ai-thread')?.shadowRoot;
    await waitUntil(() => what(thread()), 'error notice', { timeout: 15000 });
    expect(what(thread())).to.equal('This service is not set up correctly on this page.');
    expect(thread()!.textContent).not.to.contain('Agent 999');
  });
});
