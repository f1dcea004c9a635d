import { expect, fixture, html, oneEvent } from '@open-wc/testing';
import './composer.js';
import type { SportelloComposer } from './composer.js';

describe('sportello-composer', () => {
  it('sends the trimmed draft on Enter and clears it; Shift+Enter does not send', async () => {
    const el = await fixture<SportelloComposer>(html`<sportello-composer></sportello-composer>`);
    const area = el.shadowRoot!.querySelector('textarea')!;
    area.value = '  hello  ';
    area.dispatchEvent(new Event('input'));
    let sent = 0;
    el.addEventListener('sportello-composer-send', () => sent++);
    area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', shiftKey: true, bubbles: true }));
    expect(sent).to.equal(0);
    const sending = oneEvent(el, 'sportello-composer-send');
    area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    const ev = await sending;
    expect(ev.detail.text).to.equal('hello');
    await el.updateComplete;
    expect(el.value).to.equal('');
  });

  it('keeps the draft when the host cancels the send', async () => {
    const el = await fixture<SportelloComposer>(html`<sportello-composer .value=${'x'}></sportello-composer>`);
    el.addEventListener('sportello-composer-send', (e) => e.preventDefault());
    el.shadowRoot!.querySelector<HTMLButtonElement>('button.send')!.click();
    expect(el.value).to.equal('x');
  });

  it('reports typing started and stopped', async () => {
    const el = await fixture<SportelloComposer>(html`<sportello-composer></sportello-composer>`);
    const area = el.shadowRoot!.querySelector('textarea')!;
    const typing: boolean[] = [];
    el.addEventListener('sportello-composer-typing', (e) => typing.push(e.detail.typing));
    area.value = 'a';
    area.dispatchEvent(new Event('input'));
    area.value = 'ab';
    area.dispatchEvent(new Event('input'));
    area.dispatchEvent(new Event('blur'));
    expect(typing).to.deep.equal([true, false]);
  });

  it('reports pasted and dropped files, and shows upload progress', async () => {
    const el = await fixture<SportelloComposer>(html`<sportello-composer allow-attachments></sportello-composer>`);
    const file = new File(['abc'], 'note.txt', { type: 'text/plain' });
    const data = new DataTransfer();
    data.items.add(file);
    const pasting = oneEvent(el, 'sportello-composer-attach');
    el.shadowRoot!.querySelector('textarea')!.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true }),
    );
    const pasted = await pasting;
    expect(pasted.detail.files.map((f: File) => f.name)).to.deep.equal(['note.txt']);
    const dropping = oneEvent(el, 'sportello-composer-attach');
    el.shadowRoot!.querySelector('form')!.dispatchEvent(
      new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }),
    );
    const dropped = await dropping;
    expect(dropped.detail.files).to.have.length(1);
    el.attachments = [{ key: 'k', name: '<img src=x onerror=alert(1)>.png', state: 'uploading', progress: 0.4 }];
    await el.updateComplete;
    expect(el.shadowRoot!.querySelector('progress')!.value).to.be.closeTo(0.4, 0.001);
    expect(el.shadowRoot!.querySelector('img')).to.equal(null);
    expect(el.shadowRoot!.querySelector<HTMLButtonElement>('button.send')!.disabled).to.equal(true);
    await expect(el).to.be.accessible();
  });
});
