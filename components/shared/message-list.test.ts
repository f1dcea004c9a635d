import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import { nothing } from 'lit';
import './message-list.js';
import type { ChatListItem, SportelloMessageList } from './message-list.js';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';

ignoreResizeObserverLoop();

const XSS = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';

function rows(n: number): ChatListItem[] {
  return Array.from({ length: n }, (_, i) => ({
    key: `k${i}`,
    role: i % 2 ? 'self' : 'other',
    text: `message ${i}`,
    author: 'Op',
    time: new Date(0).toISOString(),
  }));
}

/** A list in a 400 px high box, and a wait for its update and the frames that measure and pin it. */
async function mountList(
  lang?: string,
): Promise<{ list: SportelloMessageList; frame: () => Promise<unknown>; settle: () => Promise<void> }> {
  const wrap = await fixture(
    html`<div style="height:400px;display:flex"><sportello-message-list lang=${lang ?? nothing}></sportello-message-list></div>`,
  );
  const list = wrap.querySelector('sportello-message-list')!;
  const frame = () => new Promise((r) => requestAnimationFrame(r));
  const settle = async () => {
    await list.updateComplete;
    for (let i = 0; i < 6; i++) await frame();
  };
  return { list, frame, settle };
}

/** The time `ago` days before today at hour `h` (local), as the transcript gives it. */
function day(ago: number, h: number): string {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - ago, h).toISOString();
}

/** Each rendered row's day label ('' for none), top to bottom. */
const dayLabels = (list: SportelloMessageList) =>
  [...list.shadowRoot!.querySelectorAll('[part~=message]')].map((r) => r.querySelector('.day')?.textContent ?? '');

describe('sportello-message-list', () => {
  it('formats times in its language and re-renders cached rows when the language changes', async () => {
    const { list } = await mountList('en');
    list.items = [{ key: 't', role: 'other', text: 'hi', time: '2026-01-01T15:30:00' }];
    await list.updateComplete;
    const text = () => list.shadowRoot!.textContent!;
    // English is formatted as the rest of the kit formats it (en-GB, src/i18n/format.ts): 24-hour.
    expect(text()).to.contain('15:30');
    expect(text()).not.to.match(/PM/);
    expect(text()).to.contain('January');
    list.setAttribute('lang', 'it');
    await list.updateComplete;
    expect(text()).to.contain('15:30');
    // The row's day name shows the cached row was drawn again in the new language.
    expect(text()).to.contain('gennaio');
    expect(text()).not.to.contain('January');
  });

  it("puts the day's name above the first message of each day; a conversation all of today has none", async () => {
    const { list, settle } = await mountList('en');
    const labels = () => dayLabels(list);
    list.items = [
      { key: 'a', role: 'other', text: 'today 1', time: day(0, 0) },
      { key: 'b', role: 'self', text: 'today 2', time: day(0, 0) },
    ];
    await settle();
    expect(labels()).to.deep.equal(['', '']);
    list.items = [
      { key: 'y1', role: 'other', text: 'yesterday 1', time: day(1, 9) },
      { key: 'y2', role: 'self', text: 'yesterday 2', time: day(1, 10) },
      ...list.items,
    ];
    await settle();
    expect(labels()).to.deep.equal(['Yesterday', '', 'Today', '']);
    // The label spans the row, whoever wrote the message.
    const chip = list.shadowRoot!.querySelector<HTMLElement>('[data-key="a"] .day')!;
    expect(chip.getBoundingClientRect().width).to.be.greaterThan(list.getBoundingClientRect().width * 0.8);
    list.setAttribute('lang', 'it');
    await settle();
    expect(labels()).to.deep.equal(['Ieri', '', 'Oggi', '']);
  });

  it('works out a day label again when the message before it changes, not only its own', async () => {
    const { list, settle } = await mountList('en');
    const labels = () => dayLabels(list);
    const today = { key: 't', role: 'other' as const, text: 'today', time: day(0, 1) };
    list.items = [{ key: 'p', role: 'self', text: 'before', time: day(1, 9) }, today];
    await settle();
    expect(labels()).to.deep.equal(['Yesterday', 'Today']);
    // The earlier message is corrected (a new object, same key) to today: the row after it, the same
    // object as before, loses its label.
    list.items = [{ key: 'p', role: 'self', text: 'before', time: day(0, 0) }, today];
    await settle();
    expect(labels()).to.deep.equal(['', '']);
    // Appending leaves the labels of the rows already there as they are.
    list.items = [...list.items, { key: 'n', role: 'other', text: 'next', time: day(0, 2) }];
    await settle();
    expect(labels()).to.deep.equal(['', '', '']);
  });

  it('renders server text as text, never as HTML, and links safely', async () => {
    const el = await fixture<SportelloMessageList>(
      html`<div style="height:400px;display:flex"><sportello-message-list></sportello-message-list></div>`,
    );
    const list = el.querySelector('sportello-message-list')!;
    list.items = [
      { key: 'a', role: 'other', author: XSS, text: `${XSS} see https://example.com and javascript:alert(1)` },
      {
        key: 'b',
        role: 'other',
        text: 'file',
        attachments: [
          { name: XSS, href: 'javascript:alert(1)' },
          { name: 'ok.pdf', href: 'https://example.com/ok.pdf' },
        ],
      },
    ];
    await list.updateComplete;
    // A payload that made it into the DOM as markup would be an element here; a frame gives an
    // image's error handler its turn all the same.
    await new Promise((r) => requestAnimationFrame(r));
    const root = list.shadowRoot!;
    expect(root.querySelector('script')).to.equal(null);
    expect(root.querySelector('img[src="x"]')).to.equal(null);
    expect((window as { __xss?: number }).__xss).to.equal(undefined);
    const links = [...root.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://example.com/',
      'https://example.com/ok.pdf',
    ]);
    for (const a of links) expect(a.rel).to.equal('noopener noreferrer');
    expect(root.textContent).to.contain('<script>');
  });

  it('keeps the DOM bounded with 5,000 messages (windowed)', async () => {
    const { list, settle } = await mountList();
    list.items = rows(5000);
    await settle();
    const rendered = list.shadowRoot!.querySelectorAll('[part~=message]').length;
    expect(rendered).to.be.greaterThan(0);
    expect(rendered).to.be.lessThan(200);
  });

  it('follows new messages at the end and leaves them alone once the reader scrolled up', async () => {
    const { list, frame, settle } = await mountList();
    let items = rows(3000);
    list.items = items;
    await settle();
    const scroller = list.shadowRoot!.querySelector<HTMLElement>('[part~=list]')!;
    const lastVisible = () => {
      const row = scroller.querySelector(`[data-key="${items.at(-1)!.key}"]`);
      if (!row) return false;
      const r = row.getBoundingClientRect();
      const box = scroller.getBoundingClientRect();
      return r.bottom <= box.bottom + 1 && r.top >= box.top - 1;
    };
    expect(lastVisible()).to.equal(true);
    // One message per frame, each a new array (as the live chat's transcript hands them over).
    for (let i = 0; i < 20; i++) {
      items = items.concat({ key: `n${i}`, role: 'other', text: `new ${i}`, author: 'Op' });
      list.items = items;
      await frame();
    }
    await settle();
    expect(lastVisible()).to.equal(true);
    // The reader scrolls up: new messages no longer move the list.
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -1500, bubbles: true }));
    scroller.scrollTop -= 1500;
    await settle();
    const top = scroller.scrollTop;
    items = items.concat({ key: 'later', role: 'other', text: 'later', author: 'Op' });
    list.items = items;
    await settle();
    expect(lastVisible()).to.equal(false);
    expect(Math.abs(scroller.scrollTop - top)).to.be.lessThan(2);
    // The "new messages" button says so, and is accessible.
    const more = list.shadowRoot!.querySelector<HTMLButtonElement>('[part~=new-messages]')!;
    expect(more.textContent).to.contain('New messages (1)');
    await expect(list).to.be.accessible();
    // Back at the end, it follows again.
    more.click();
    await settle();
    expect(lastVisible()).to.equal(true);
    expect(list.shadowRoot!.querySelector('[part~=new-messages]')).to.equal(null);
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -1500, bubbles: true }));
    scroller.scrollTop -= 1500;
    await settle();
    await list.scrollToEnd();
    await settle();
    items = items.concat({ key: 'again', role: 'other', text: 'again', author: 'Op' });
    list.items = items;
    await settle();
    expect(lastVisible()).to.equal(true);
  });

  it('follows from a short log that starts to overflow, a new shorter log, and a last row that grows', async () => {
    const { list, frame, settle } = await mountList();
    const scroller = () => list.shadowRoot!.querySelector<HTMLElement>('[part~=list]')!;
    const atEnd = () => {
      const s = scroller();
      return s.scrollHeight - s.scrollTop - s.clientHeight < 2;
    };
    // From a log shorter than the box: once it overflows, every append is followed.
    let items = rows(2);
    list.items = items;
    await settle();
    for (let i = 0; i < 30; i++) {
      items = items.concat({ key: `g${i}`, role: 'other', text: `grows ${i}`, author: 'Op' });
      list.items = items;
      await frame();
      await frame();
      if (i > 12) expect(atEnd(), `after append ${i}`).to.equal(true);
    }
    expect(scroller().scrollTop).to.be.greaterThan(100);
    // A new conversation, shorter than the box (offset back to 0), then growing past it again.
    items = rows(3).map((r) => ({ ...r, key: `new-${r.key}` }));
    list.items = items;
    await settle();
    expect(scroller().scrollTop).to.equal(0);
    for (let i = 0; i < 30; i++) {
      items = items.concat({ key: `h${i}`, role: 'self', text: `again ${i}`, author: 'Op' });
      list.items = items;
      await frame();
      await frame();
    }
    expect(atEnd()).to.equal(true);
    // The last message grows (a streamed answer): the end stays in view.
    for (let i = 1; i <= 10; i++) {
      items = [
        ...items.slice(0, -1),
        {
          ...items.at(-1)!,
          text: Array(i * 3)
            .fill('streamed line')
            .join('\n'),
        },
      ];
      list.items = items;
      await frame();
      await frame();
    }
    await settle();
    expect(atEnd()).to.equal(true);
  });

  it('follows a long run of appends with a bounded window and spacers that stand for the rest', async () => {
    const { list, frame } = await mountList();
    let items = rows(1000);
    list.items = items;
    await list.updateComplete;
    for (let i = 0; i < 6; i++) await frame();
    const scroller = list.shadowRoot!.querySelector<HTMLElement>('[part~=list]')!;
    const rendered = () => [...scroller.querySelectorAll<HTMLElement>('[part~=message]')];
    const counts: number[] = [];
    for (let i = 0; i < 150; i++) {
      items = items.concat({ key: `a${i}`, role: 'other', text: `appended ${i}`, author: 'Op' });
      list.items = items;
      await list.updateComplete;
      await frame();
      counts.push(rendered().length);
    }
    await frame();
    expect(Math.max(...counts)).to.be.lessThan(40);
    // Nothing is left behind by the rows that left the window: the scroller holds the rows, the two
    // spacers, nothing else (Lit's repeat left a comment per removed row: lit/lit#5298).
    expect(scroller.childNodes.length).to.equal(rendered().length + 2);
    const last = scroller.querySelector<HTMLElement>('[data-key="a149"]')!;
    expect(last.getBoundingClientRect().bottom).to.be.at.most(scroller.getBoundingClientRect().bottom + 1);
    expect(scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight).to.be.lessThan(2);
    // The spacer above stands for exactly the rows no longer rendered (all measured on the way).
    const first = rendered()[0]!;
    const spacer = scroller.querySelector<HTMLElement>('.spacer')!;
    expect(first.offsetTop - spacer.offsetTop - spacer.offsetHeight).to.be.within(-1, 1);
    expect(spacer.offsetHeight).to.be.greaterThan(1000 * 20);
  });

  it('windows by measured heights: spacers stand for the rows outside, rows are keyed and reused', async () => {
    const { list, settle } = await mountList();
    // Rows of different heights (one, three and six lines).
    const tall = (i: number): ChatListItem => ({
      key: `t${i}`,
      role: i % 2 ? 'self' : 'other',
      text: Array.from({ length: 1 + (i % 3) * (i % 5) }, () => `line of ${i}`).join('\n'),
    });
    let items = Array.from({ length: 2000 }, (_, i) => tall(i));
    list.items = items;
    await settle();
    const root = list.shadowRoot!;
    const scroller = root.querySelector<HTMLElement>('[part~=list]')!;
    const [top, bottom] = [...root.querySelectorAll<HTMLElement>('.spacer')];
    const rendered = () => [...root.querySelectorAll<HTMLElement>('[part~=message]')];
    // Following: the window ends at the last row, nothing below it.
    expect(rendered().at(-1)!.dataset['key']).to.equal('t1999');
    expect(bottom!.offsetHeight).to.equal(0);
    expect(top!.offsetHeight).to.be.greaterThan(1000);
    expect(rendered().length).to.be.lessThan(60);
    // An append reuses the rows still in the window (keyed) and drops those that left it.
    const kept = rendered().at(-1)!;
    items = items.concat(tall(2000));
    list.items = items;
    await settle();
    expect(root.querySelector('[data-key="t1999"]')).to.equal(kept);
    expect(rendered().at(-1)!.dataset['key']).to.equal('t2000');
    // Scrolled to the top by the reader: the window moves there, a bottom spacer holds the rest.
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -1e6, bubbles: true }));
    scroller.scrollTop = 0;
    await settle();
    expect(rendered()[0]!.dataset['key']).to.equal('t0');
    expect(top!.offsetHeight).to.equal(0);
    expect(bottom!.offsetHeight).to.be.greaterThan(1000);
    // Midway, what the reader sees stays put while rows above are measured for the first time.
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: 1, bubbles: true }));
    scroller.scrollTop = scroller.scrollHeight / 2;
    await settle();
    const firstSeen = rendered().find((r) => r.getBoundingClientRect().top >= scroller.getBoundingClientRect().top)!;
    const seenAt = firstSeen.getBoundingClientRect().top;
    scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -1, bubbles: true }));
    scroller.scrollTop -= 300;
    await settle();
    const moved = firstSeen.getBoundingClientRect().top - seenAt;
    expect(Math.abs(moved - 300)).to.be.lessThan(2);
    expect(rendered().length).to.be.lessThan(80);
    // Rows in page order, between the spacers, and nothing else (after moving both ways).
    const keys = rendered().map((r) => Number(r.dataset['key']!.slice(1)));
    expect(keys).to.deep.equal(keys.map((_, i) => keys[0]! + i));
    expect(scroller.childNodes.length).to.equal(rendered().length + 2);
  });

  it('offers retry on failed messages and quick replies on the last bot message', async () => {
    const { list, settle } = await mountList();
    list.items = [
      { key: 'f', role: 'self', text: 'x', state: 'failed' },
      { key: 'q', role: 'other', author: 'Bot', text: 'Pick', quickReplies: [{ label: 'Prices', value: 'prices' }] },
    ];
    await settle();
    const root = list.shadowRoot!;
    const retried = oneEvent(list, 'sportello-message-retry');
    root.querySelector<HTMLButtonElement>('.status button')!.click();
    expect((await retried).detail.key).to.equal('f');
    const replied = oneEvent(list, 'sportello-quick-reply');
    root.querySelector<HTMLButtonElement>('.quick button')!.click();
    expect((await replied).detail.value).to.equal('prices');
    await expect(list).to.be.accessible();
  });

  it('keeps keyboard focus in the log when the focused row leaves the window or loses its button', async () => {
    const { list, frame, settle } = await mountList();
    let items: ChatListItem[] = [
      ...rows(49),
      { key: 'f', role: 'self', text: 'see https://example.com/', state: 'failed' },
    ];
    list.items = items;
    await settle();
    const root = list.shadowRoot!;
    const scroller = root.querySelector<HTMLElement>('[part~=list]')!;
    // Retry pressed: the message is pending again and its Retry button goes.
    root.querySelector<HTMLButtonElement>('[data-key="f"] .status button')!.focus();
    items = items.map((m) => (m.key === 'f' ? { ...m, state: 'pending' as const } : m));
    list.items = items;
    await list.updateComplete;
    expect(
      root.activeElement === scroller,
      `focus after the focused Retry went: ${root.activeElement?.outerHTML ?? document.activeElement?.tagName}`,
    ).to.equal(true);
    // A link in a message, then enough arrivals to push its row out of the window.
    root.querySelector<HTMLAnchorElement>('[data-key="f"] a')!.focus();
    for (let i = 0; i < 40; i++) {
      items = items.concat({ key: `n${i}`, role: 'other', text: `new ${i}` });
      list.items = items;
      await list.updateComplete;
      await frame();
    }
    await settle();
    expect(root.querySelector('[data-key="f"]') === null).to.equal(true);
    expect(
      root.activeElement === scroller,
      `focus after the focused row left the window: ${root.activeElement?.outerHTML ?? document.activeElement?.tagName}`,
    ).to.equal(true);
  });

  it('announces only new messages from others in a polite log', async () => {
    const { list } = await mountList();
    list.items = rows(3);
    await list.updateComplete;
    list.items = [
      ...rows(3),
      { key: 'n', role: 'other', author: 'Giulia', text: 'new one' },
      { key: 'm', role: 'self', text: 'mine' },
    ];
    await list.updateComplete;
    const announcer = list.shadowRoot!.querySelector('[aria-live=polite]')!;
    expect(announcer.textContent).to.contain('Giulia: new one');
    expect(announcer.textContent).not.to.contain('mine');
    expect(announcer.textContent).not.to.contain('message 0');
  });
});
