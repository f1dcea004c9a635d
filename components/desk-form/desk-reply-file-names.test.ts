import { expect, oneEvent, waitUntil } from '@open-wc/testing';
import { $, DESK, followRequest, provider, SIM_URL, typeInto } from '../../test/browser/helpers/desk.js';
import './index.js';

// A reply whose file is named with `"` or `<` (the browser writes `"` as %22 in the upload's header,
// while the reply names the file as typed): the kit sends it under a name both ends agree on, and
// says so beside the file.

const comments = (el: Element) => Array.from(el.shadowRoot!.querySelectorAll('.comment'));

describe('sportello-desk-request: a reply with a file whose name has " or <', () => {
  beforeEach(async () => {
    await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  });

  it('is sent under a name the service finds, shown beside the file, and downloads', async () => {
    const el = await followRequest('7001');
    await typeInto(el, '#comment-text', 'Two screenshots');
    const input = $<HTMLInputElement>(el, '#reply-files')!;
    const dt = new DataTransfer();
    dt.items.add(new File(['first'], 'error "404".txt', { type: 'text/plain' }));
    dt.items.add(new File(['second'], 'a<b>.txt', { type: 'text/plain' }));
    input.files = dt.files;
    input.dispatchEvent(new Event('change', { bubbles: true }));
    await waitUntil(() => el.shadowRoot!.querySelectorAll('.file.done').length === 2, 'uploaded', { timeout: 8000 });
    const notes = Array.from(el.shadowRoot!.querySelectorAll('.file-renamed')).map((p) => p.textContent!.trim());
    expect(notes).to.deep.equal([
      'error "404".txt is sent as error _404_.txt: some characters cannot travel in a file name.',
      'a<b>.txt is sent as a_b_.txt: some characters cannot travel in a file name.',
    ]);
    await expect(el).to.be.accessible();
    const added = oneEvent(el, 'sportello-comment-added');
    $<HTMLButtonElement>(el, '.composer button[type="submit"]')!.click();
    expect((await added).detail.nomeAllegati).to.deep.equal(['error _404_.txt', 'a_b_.txt']);
    expect($(el, '#comment-error')).to.equal(null, 'no error');
    await waitUntil(() => comments(el).length === 3, 'reply in the thread', { timeout: 8000 });
    const links = Array.from(comments(el).at(-1)!.querySelectorAll('a.file-link')).map((a) => a.textContent);
    expect(links).to.deep.equal(['error _404_.txt', 'a_b_.txt']);
    const token = await provider({ forceRefresh: false });
    const file = await fetch(`${DESK}/richieste/7001/allegati/${encodeURIComponent('error _404_.txt')}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(await file.text()).to.equal('first');
  });
});
