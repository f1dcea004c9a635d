import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import './message-list.js';
import type { ChatListItem, SportelloMessageList } from './message-list.js';
import { ignoreResizeObserverLoop } from './chat-test-utils.js';

ignoreResizeObserverLoop();

const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';

function rows(n: number): ChatListItem[] {
  return Array.from({ length: n }, (_, i) => ({ key: `k${i}`, role: i % 2 ? 'self' : 'other', text: `message ${i}`, author: 'Op', time: new Date(0).toISOString() }));
}

describe('sportello-message-list', () => {
  it('renders server text as text, never as HTML, and links safely', async () => {
    const el = await fixture<SportelloMessageList>(html`<div style="height:400px;display:flex"><sportello-message-list></sportello-message-list></div>`);
    const list = el.querySelector('sportello-message-list')!;
    list.items = [
      { key: 'a', role: 'other', author: XSS, text: `${XSS} see https://example.com and javascript:alert(1)` },
      { key: 'b', role: 'other', text: 'file', attachments: [{ name: XSS, href: 'javascript:alert(1)' }, { name: 'ok.pdf', href: 'https://example.com/ok.pdf' }] },
    ];
    await list.updateComplete;
    await new Promise((r) => setTimeout(r, 100));
    const root = list.shadowRoot!;
    expect(root.querySelector('script')).to.equal(null);
    expect(root.querySelector('img[src="x"]')).to.equal(null);
    expect((window as { __xss?: number }).__xss).to.equal(undefined);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal(['https://example.com/', 'https://example.com/ok.pdf']);
    for (const a of links) expect(a.rel).to.equal('noopener noreferrer');
    expect(root.textContent).to.contain('<script>');
  });

  it('keeps the DOM bounded with 5,000 messages (windowed)', async () => {
    const wrap = await fixture(html`<div style="height:400px;display:flex"><sportello-message-list></sportello-message-list></div>`);
    const list = wrap.querySelector('sportello-message-list')!;
    list.items = rows(5000);
    await list.updateComplete;
    await new Promise((r) => setTimeout(r, 200));
    const rendered = list.shadowRoot!.querySelectorAll('[part~=message]').length;
    expect(rendered).to.be.greaterThan(0);
    expect(rendered).to.be.lessThan(200);
  });

  it('offers retry on failed messages and quick replies on the last bot message', async () => {
    const wrap = await fixture(html`<div style="height:400px;display:flex"><sportello-message-list></sportello-message-list></div>`);
    const list = wrap.querySelector('sportello-message-list')!;
    list.items = [
      { key: 'f', role: 'self', text: 'x', state: 'failed' },
      { key: 'q', role: 'other', author: 'Bot', text: 'Pick', quickReplies: [{ label: 'Prices', value: 'prices' }] },
    ];
    await list.updateComplete;
    await new Promise((r) => setTimeout(r, 100));
    const root = list.shadowRoot!;
    setTimeout(() => root.querySelector<HTMLButtonElement>('.status button')!.click());
    expect((await oneEvent(list, 'sportello-message-retry')).detail.key).to.equal('f');
    setTimeout(() => root.querySelector<HTMLButtonElement>('.quick button')!.click());
    expect((await oneEvent(list, 'sportello-quick-reply')).detail.value).to.equal('prices');
    await expect(list).to.be.accessible();
  });

  it('announces only new messages from others in a polite log', async () => {
    const wrap = await fixture(html`<div style="height:400px;display:flex"><sportello-message-list></sportello-message-list></div>`);
    const list = wrap.querySelector('sportello-message-list')!;
    list.items = rows(3);
    await list.updateComplete;
    list.items = [...rows(3), { key: 'n', role: 'other', author: 'Giulia', text: 'new one' }, { key: 'm', role: 'self', text: 'mine' }];
    await list.updateComplete;
    const announcer = list.shadowRoot!.querySelector('[aria-live=polite]')!;
    expect(announcer.textContent).to.contain('Giulia: new one');
    expect(announcer.textContent).not.to.contain('mine');
    expect(announcer.textContent).not.to.contain('message 0');
  });
});
