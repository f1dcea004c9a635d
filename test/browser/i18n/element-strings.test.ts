/**
 * An element's own `strings` property reaches every string it shows, the parts that only used to
 * receive a language included: the AI panel's file refusals, the sign viewer's practice summary
 * and its document view (issue #17, integrator overrides).
 */
import { expect, fixture, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import '../../../components/ai-chat/index.js';
import type { SportelloAiChat } from '../../../components/ai-chat/ai-chat.js';
import { practiceShown, resetSim, viewer } from '../helpers/sign-viewer.js';
import { CHAT_URL } from '../helpers/live-chat.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';
import '../../../components/desk-form/index.js';
import type { SportelloDeskForm } from '../../../components/desk-form/desk-form.js';

const deep = (root: ParentNode, selector: string): Element | null => {
  const found = root.querySelector(selector);
  if (found) return found;
  for (const el of root.querySelectorAll('*')) {
    const inner = el.shadowRoot && deep(el.shadowRoot, selector);
    if (inner) return inner;
  }
  return null;
};

describe('element-level strings reach every part of the element', () => {
  it('AI panel: the file refusals use the element’s strings', async () => {
    const el = document.createElement('sportello-ai-chat') as SportelloAiChat;
    for (const [k, v] of Object.entries({
      endpoint: `${SIM_URL}/ai/api/v2`,
      'api-key': 'spk_demo',
      'agent-id': '1',
      lang: 'en',
      'max-file-size': '2000',
    }))
      el.setAttribute(k, v);
    el.strings = {
      en: { ai: { fileType: 'Acme takes no {name}.', fileTooBig: 'Acme: {name} over {max}.', welcome: 'Acme here.' } },
    };
    await fixture(el);
    await waitUntil(() => deep(el.shadowRoot!, 'sportello-composer'), 'no composer', { timeout: 10000 });
    expect(el.shadowRoot!.textContent).to.contain('Acme here.');
    const composer = deep(el.shadowRoot!, 'sportello-composer')!;
    const big = new File(['x'.repeat(5000)], 'big.txt', { type: 'text/plain' });
    const exe = new File(['MZ'], 'tool.exe', { type: 'application/x-msdownload' });
    composer.dispatchEvent(
      new CustomEvent('sportello-composer-attach', { detail: { files: [big, exe] }, bubbles: true, composed: true }),
    );
    await waitUntil(() => deep(el.shadowRoot!, '.file-errors'), 'no refusals', { timeout: 10000 });
    const errors = deep(el.shadowRoot!, '.file-errors')!;
    expect(errors.textContent).to.contain('Acme: big.txt over');
    expect(errors.textContent).to.contain('Acme takes no tool.exe.');
  });

  describe('sign viewer', () => {
    beforeEach(resetSim);

    it('the practice summary and the document view use the element’s strings', async () => {
      const el = await viewer(1001);
      el.strings = { en: { sign: { signers: 'Acme signers', status: 'Acme status', zoomIn: 'Acme zoom in' } } };
      await practiceShown(el);
      await el.updateComplete;
      const root = el.shadowRoot!;
      expect(root.querySelector('#signers-title')?.textContent).to.equal('Acme signers');
      expect(root.querySelector('.facts dt')?.textContent).to.equal('Acme status');
      // The document view (its own element inside the viewer) speaks the viewer's strings too.
      await waitUntil(() => deep(root, 'sportello-sign-document'), 'no document view', { timeout: 15000 });
      const view = deep(root, 'sportello-sign-document')!;
      await waitUntil(
        () => view.shadowRoot?.querySelector('button[aria-label="Acme zoom in"]'),
        'document view not relabelled',
        {
          timeout: 5000,
        },
      );
      expect(view.shadowRoot!.querySelector('button[aria-label="Zoom in"]')).to.equal(null);
    });
  });

  it('desk form: its own texts use the element’s strings', async () => {
    const form = document.createElement('sportello-desk-form') as SportelloDeskForm;
    form.setAttribute('lang', 'en');
    form.setAttribute('no-draft', '');
    form.setAttribute('user-id', '501');
    form.endpoint = `${SIM_URL}/desk`;
    form.catalogSrc = `${SIM_URL}/desk/__catalog.json`;
    form.strings = { en: { desk: { formTitle: 'Ask Acme' } } };
    await fixture(form);
    await waitUntil(() => form.shadowRoot?.querySelector('#form-title'), 'no title', { timeout: 10000 });
    expect(form.shadowRoot!.querySelector('#form-title')!.textContent).to.equal('Ask Acme');
  });

  it('live chat: the open window uses the strings given to <sportello-live-chat>', async () => {
    localStorage.clear();
    sessionStorage.clear();
    const chat = document.createElement('sportello-live-chat') as SportelloLiveChat;
    chat.setAttribute('lang', 'en');
    chat.setAttribute('widget-key', 'demo');
    chat.setAttribute('endpoint', CHAT_URL);
    chat.reportNavigation = false;
    chat.strings = { en: { chat: { close: 'Acme close' } } };
    await fixture(chat);
    chat.opened = true;
    await waitUntil(() => chat.chatWindow, 'no window', { timeout: 10000 });
    const win = chat.chatWindow!;
    await waitUntil(
      () => win.shadowRoot?.querySelector('button[aria-label="Acme close"]'),
      'window close not relabelled',
      {
        timeout: 10000,
      },
    );
    chat.opened = false;
  });
});
