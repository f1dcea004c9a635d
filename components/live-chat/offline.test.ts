import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { $, mountChat, phase, resetSim, until } from '../../test/browser/helpers/live-chat.js';
import type { SportelloLiveChatWindow } from './parts/chat-window.js';

ignoreResizeObserverLoop();

function fill(win: SportelloLiveChatWindow, values: Record<string, string>): void {
  for (const [id, value] of Object.entries(values)) {
    const field = $<HTMLInputElement>(win, `#${id}`)!;
    field.value = value;
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
  $<HTMLInputElement>(win, '#privacy')!.checked = true;
  $<HTMLButtonElement>(win, 'form button[type=submit]')!.click();
}

describe('sportello-live-chat: the contact request when nobody is online', () => {
  beforeEach(resetSim);

  it('offers only the ways back the widget names: e-mail only, no choice shown (accessible)', async () => {
    const el = await mountChat({ widgetKey: 'demo-offline-email' });
    const win = await phase(el, 'offline');
    expect($(win, 'input[name=channel]'), 'no channel choice').to.equal(null);
    expect($(win, '#phone')).to.equal(null);
    expect($(win, '#email')).to.not.equal(null);
    // The consent is asked with the privacy notice in view, as in the pre-chat form.
    const notice = $<HTMLAnchorElement>(win, 'p.privacy a')!;
    expect(notice.href).to.equal('https://example.com/privacy');
    expect(notice.rel).to.contain('noopener');
    expect($(win, 'label[for=privacy]')!.textContent).to.equal('I agree to the processing of my data to be contacted');
    await expect(el).to.be.accessible();
    fill(win, { name: 'Ada', email: 'ada@example.com', message: 'Please write to me' });
    await phase(el, 'offline-sent');
  });

  it("a field the service refuses is marked on the form in the visitor's words, not as a general error", async () => {
    const el = await mountChat({ widgetKey: 'demo-offline' });
    const win = await phase(el, 'offline');
    // Longer than the service takes (100 characters): only the service says so.
    fill(win, { name: 'A'.repeat(140), email: 'ada@example.com', message: 'Hello' });
    await until(() => win.chat.fieldErrors.length && !win.chat.busy);
    await win.updateComplete;
    expect(win.chat.phase).to.equal('offline');
    expect(win.chat.error, 'no general error').to.equal(undefined);
    expect($(win, '#name')!.getAttribute('aria-invalid')).to.equal('true');
    expect($(win, '#name-error')!.textContent).to.equal('Too long: please shorten it');
    expect(win.shadowRoot!.activeElement?.id).to.equal('name');
    await expect(el).to.be.accessible();

    fill(win, { name: 'Ada' });
    await phase(el, 'offline-sent');
  });
});
