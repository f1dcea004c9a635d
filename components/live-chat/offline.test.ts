import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { until } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';

ignoreResizeObserverLoop();

describe('sportello-live-chat: the contact request when nobody is online', () => {
  liveChatSuite();

  it('offers only the ways back the widget names: e-mail only, no choice shown (accessible)', async () => {
    const chat = await LiveChatHarness.mount({ widgetKey: 'demo-offline-email' });
    await chat.waitFor('offline');
    expect(chat.inWindow('input[name=channel]'), 'no channel choice').to.equal(null);
    expect(chat.field('phone')).to.equal(null);
    expect(chat.field('email')).to.not.equal(null);
    // The consent is asked with the privacy notice in view, as in the pre-chat form.
    const notice = chat.inWindow<HTMLAnchorElement>('p.privacy a')!;
    expect(notice.href).to.equal('https://example.com/privacy');
    expect(notice.rel).to.contain('noopener');
    expect(chat.inWindow('label[for=privacy]')!.textContent).to.equal(
      'I agree to the processing of my data to be contacted',
    );
    await expect(chat.element).to.be.accessible();
    await chat.fill({ name: 'Ada', email: 'ada@example.com', message: 'Please write to me', consent: true });
    await chat.submit();
    await chat.waitFor('offline-sent');
  });

  it("a field the service refuses is marked on the form in the visitor's words, not as a general error", async () => {
    const chat = await LiveChatHarness.mount({ widgetKey: 'demo-offline' });
    await chat.waitFor('offline');
    // Longer than the service takes (100 characters): only the service says so.
    await chat.fill({ name: 'A'.repeat(140), email: 'ada@example.com', message: 'Hello', consent: true });
    await chat.submit();
    await until(() => chat.invalidFields().length && !chat.busy);
    expect(chat.view()).to.equal('offline');
    expect(chat.inWindow('sportello-error-notice'), 'no general error').to.equal(null);
    expect(chat.errors.details, 'no error for the page either').to.deep.equal([]);
    expect(chat.field('name')!.getAttribute('aria-invalid')).to.equal('true');
    expect(chat.fieldError('name')).to.equal('Too long: please shorten it');
    expect(chat.windowFocus()?.id).to.equal('name');
    await expect(chat.element).to.be.accessible();

    await chat.fill({ name: 'Ada' });
    await chat.submit();
    await chat.waitFor('offline-sent');
  });
});
