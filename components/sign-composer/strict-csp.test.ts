// The composer on a page under the strict policy the README recommends (style-src 'self', Trusted
// Types enforced): a PDF uploaded and drawn, a signer, an area placed and moved by keys, a draft
// saved and the practice sent, with 0 violations.
import { expect } from '@open-wc/testing';
import { openStrictPage, type StrictPage } from '../../test/setup/strict-page.js';
import { pdfFile, SIGN_API, until } from '../../test/browser/helpers/sign-composer.js';
import { resetSim } from '../../test/browser/helpers/sign-viewer.js';

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

describe('sportello-sign-composer under a strict CSP with Trusted Types', () => {
  let page: StrictPage | undefined;
  before(resetSim);
  afterEach(() => page?.close());

  it('prepares, saves and sends a practice with 0 violations', async () => {
    page = await openStrictPage({
      modules: ['/components/sign-composer/index.ts'],
      html: `<sportello-sign-composer lang="en" endpoint="${attr(SIGN_API)}" sign-token="demo-sign-token" sign-user="demo" draft-key="strict-${Date.now()}"></sportello-sign-composer>`,
      width: 1280,
      height: 1000,
    });
    const strict = page;
    await strict.window.customElements.whenDefined('sportello-sign-composer');
    const el = strict.document.querySelector('sportello-sign-composer') as HTMLElement & {
      updateComplete: Promise<unknown>;
    };
    const root = () => el.shadowRoot!;
    const button = (text: string) =>
      [...root().querySelectorAll('button')].find((b) => b.textContent!.trim().startsWith(text))!;
    const input = (id: string) => root().querySelector<HTMLInputElement>(`#${id}`)!;
    const typeIn = async (control: HTMLInputElement, value: string) => {
      control.value = value;
      control.dispatchEvent(new strict.window.Event('input', { bubbles: true, composed: true }));
      await el.updateComplete;
    };
    await until(() => root().querySelector('#step-title'), 'composer rendered');

    const file = await pdfFile('strict.pdf');
    const transfer = new strict.window.DataTransfer();
    transfer.items.add(new strict.window.File([await file.arrayBuffer()], file.name, { type: file.type }));
    const picker = root().querySelector<HTMLInputElement>('input[type=file]')!;
    picker.files = transfer.files;
    picker.dispatchEvent(new strict.window.Event('change', { bubbles: true }));
    await until(() => /1 page/.test(root().querySelector('.document')?.textContent ?? ''), 'uploaded');

    button('2').click();
    await el.updateComplete;
    button('Add a signer').click();
    await el.updateComplete;
    const card = root().querySelector('.signer')!;
    const idOf = (label: string) =>
      [...card.querySelectorAll('label')].find((l) => l.textContent!.replace('*', '').trim() === label)!.htmlFor;
    await typeIn(input(idOf('First name')), 'Stella');
    await typeIn(input(idOf('Last name')), 'Rigida');
    await typeIn(input(idOf('E-mail')), 'stella@acme.test');

    button('3').click();
    const pages = () => root().querySelector('sportello-sign-composer-pages')?.shadowRoot ?? null;
    const page1 = await until(() => pages()?.querySelector<HTMLElement>('.page[data-page="1"]'), 'page drawn');
    await until(() => pages()?.querySelector('canvas'), 'page painted');
    page1.focus();
    page1.dispatchEvent(new strict.window.KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    const area = await until(() => pages()?.querySelector<HTMLElement>('.area'), 'area placed');
    area.dispatchEvent(new strict.window.KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, composed: true }));
    await until(
      () => /35% from the left/.test(pages()?.querySelector('.area')?.getAttribute('aria-label') ?? ''),
      'moved left',
    );

    button('4').click();
    await el.updateComplete;
    await typeIn(input('f-option-name'), 'Strict practice');
    button('Save as draft').click();
    await until(
      () =>
        button('Save as draft') && !button('Save as draft').disabled && /Draft saved/.test(root().textContent ?? ''),
      'draft saved',
    );
    button('Send for signature').click();
    await until(() => root().querySelector('#sent-title'), 'sent');
    await strict.settle();
    expect(root().querySelector('#sent-title')!.textContent).to.match(/Sent: practice \d+/);
    strict.assertClean();
  });
});
