// <sportello-sign-composer>: areas by keyword and by the PDF's own form fields, a field to fill in
// with its rules, drafts kept at the service, and files dropped or pasted — each checked at the
// service the practice or draft reached.
import { expect, oneEvent } from '@open-wc/testing';
// @ts-expect-error -- pdf-lib's bundled ESM build (it loads in the browser without a bundler) has no .d.ts of its own.
import * as PdfLibEsm from 'pdf-lib/dist/pdf-lib.esm.js';
import type { SignDraftSavedDetail, SignSentDetail } from './events.js';
import { expectAxeClean } from '../../test/browser/helpers/axe-page.js';
import {
  addFiles,
  areas,
  button,
  choose,
  composer,
  field,
  goToStep,
  page,
  pdfFile,
  root,
  signGet,
  type,
  unmountComposers,
  until,
  uploaded,
} from '../../test/browser/helpers/sign-composer.js';
import { resetSim } from '../../test/browser/helpers/sign-viewer.js';
import type { SportelloSignComposer } from './sign-composer.js';

const { PDFDocument } = PdfLibEsm as typeof import('pdf-lib');

/** A one-page PDF with a text form field named `name`. */
async function pdfWithField(name: string): Promise<File> {
  const doc = await PDFDocument.create();
  const pdfPage = doc.addPage([595, 842]);
  doc.getForm().createTextField(name).addToPage(pdfPage, { x: 60, y: 100, width: 200, height: 40 });
  const bytes = await doc.save();
  return new File([bytes.slice().buffer as ArrayBuffer], 'modulo.pdf', { type: 'application/pdf' });
}

async function withSigner(el: SportelloSignComposer, file: File) {
  await addFiles(el, [file]);
  await uploaded(el);
  await goToStep(el, /Signers/);
  button(el, 'Add a signer').click();
  await el.updateComplete;
  await type(el, field(el, 'First name'), 'Mario');
  await type(el, field(el, 'Last name'), 'Rossi');
  await type(el, field(el, 'E-mail'), 'mario.rossi@acme.test');
  await goToStep(el, /Areas/);
  await until(() => page(el, 1), 'page 1 drawn');
}

async function send(el: SportelloSignComposer, name: string): Promise<SignSentDetail> {
  await goToStep(el, /Options/);
  await type(el, field(el, 'Name of the practice'), name);
  const sent = oneEvent(el, 'sportello-sign-sent');
  button(el, 'Send for signature').click();
  const shown = await until(
    () => root(el).querySelector('#sent-title') ?? root(el).querySelector('#problems'),
    'sent, or the problems listed',
  );
  expect(shown.id, shown.textContent ?? '').to.equal('sent-title');
  return ((await sent) as CustomEvent<SignSentDetail>).detail;
}

type Stored = { signers: Array<Record<string, unknown>>; placeholders?: Array<Record<string, unknown>> };

describe('<sportello-sign-composer> areas, fields and drafts', () => {
  beforeEach(resetSim);
  afterEach(() => unmountComposers());

  it('places a signature on a keyword of the text, and sends it as an anchor', async () => {
    const el = await composer();
    await withSigner(el, await pdfFile('lettera.pdf', 1, 'Firma del cliente'));
    await type(el, field(el, 'Place by keyword'), 'cliente');
    button(el, 'Find and place').click();
    await until(() => areas(el).length === 1, 'the anchored area');
    expect(root(el).querySelector('.keyword [role="status"]')!.textContent).to.equal(
      '“cliente” is on page 1: the area is placed there.',
    );
    expect(root(el).querySelector('.properties')!.textContent).to.include('placed at “cliente”');
    await expectAxeClean(document, 'keyword placed');
    const { idFile } = await send(el, `Anchor ${Date.now()}`);
    const practice = await signGet<Stored>(`/files/${idFile}`);
    const [c] = practice.signers[0]!.signatureCoordinates as Array<Record<string, unknown>>;
    expect(c).to.include({ anchorKeyword: 'cliente', page: 1 });
    expect(c).to.not.have.property('positionX');
  });

  it('says when a keyword is not in the document, and places nothing', async () => {
    const el = await composer();
    await withSigner(el, await pdfFile('lettera.pdf', 1, 'Firma del cliente'));
    await type(el, field(el, 'Place by keyword'), 'fornitore');
    button(el, 'Find and place').click();
    await until(() => root(el).querySelector('.keyword [role="status"]'), 'the note');
    expect(root(el).querySelector('.keyword [role="status"]')!.textContent).to.equal(
      '“fornitore” is not in this document.',
    );
    expect(areas(el)).to.have.length(0);
  });

  it('offers the PDF’s own form fields as ready signature areas', async () => {
    const el = await composer();
    await withSigner(el, await pdfWithField('firma_cliente'));
    button(el, 'Use firma_cliente').click();
    await until(() => areas(el).length === 1, 'the field area');
    // The field's rectangle: 60,100 200×40 points on A4, from the bottom-left.
    expect(areas(el)[0]!.getAttribute('aria-label')).to.equal(
      'Signature, Mario Rossi, page 1, 10% from the left, 83% from the top, 34% wide, 5% high',
    );
    const { idFile } = await send(el, `Field ${Date.now()}`);
    const practice = await signGet<Stored>(`/files/${idFile}`);
    expect(practice.signers[0]!.acrofields).to.deep.equal([
      { acrofieldMatch: 'full', acrofieldKeyword: 'firma_cliente' },
    ]);
  });

  it('places a field to fill in with its rules and condition, and sends them', async () => {
    const el = await composer();
    await withSigner(el, await pdfFile());
    // The signer's signature; a practice-level free text; a checkbox of the signer that requires it when ticked.
    page(el, 1)!.focus();
    page(el, 1)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await until(() => areas(el).length === 1, 'the signature');
    root(el).querySelectorAll<HTMLInputElement>('input[name="tool"]')[1]!.click();
    await el.updateComplete;
    await choose(el, field<HTMLSelectElement>(el, 'For'), '');
    page(el, 1)!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowUp', shiftKey: true, bubbles: true, composed: true }),
    );
    page(el, 1)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await until(() => areas(el).length === 2, 'the text field');
    await type(el, field(el, 'Field code'), 'note');
    await choose(el, field<HTMLSelectElement>(el, 'Kind of field'), 'I');
    const signer = field<HTMLSelectElement>(el, 'For').querySelector('option')!.value;
    await choose(el, field<HTMLSelectElement>(el, 'For'), signer);
    page(el, 1)!.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'ArrowDown', shiftKey: true, bubbles: true, composed: true }),
    );
    page(el, 1)!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true }));
    await until(() => areas(el).length === 3, 'the checkbox');
    await type(el, field(el, 'Field code'), 'consenso');
    const when = field<HTMLSelectElement>(el, 'When');
    const note = [...when.options].find((o) => /note/.test(o.textContent!))!;
    await choose(el, when, note.value);
    await choose(el, field<HTMLSelectElement>(el, 'Is compared'), 'isNotEmpty');
    await choose(el, field<HTMLSelectElement>(el, 'Then this field is'), 'required');
    await expectAxeClean(document, 'field with a condition');
    const { idFile } = await send(el, `Fields ${Date.now()}`);
    const practice = await signGet<Stored>(`/files/${idFile}`);
    expect(practice.placeholders?.map((p) => [p.type, p.code])).to.deep.equal([['T', 'note']]);
    const [checkbox] = practice.signers[0]!.placeholders as Array<Record<string, unknown>>;
    expect(checkbox).to.include({
      type: 'I',
      code: 'consenso',
      cfCondition: 'isNotEmpty',
      cfConditionComparePlaceholder: 1,
      cfBehavior: 'required',
    });
  });

  it('saves a draft at the service and opens it in another composer', async () => {
    const el = await composer();
    await withSigner(el, await pdfFile());
    await goToStep(el, /Options/);
    const name = `Draft ${Date.now()}`;
    await type(el, field(el, 'Name of the practice'), name);
    const saved = oneEvent(el, 'sportello-sign-draft-saved');
    button(el, 'Save as draft').click();
    const { detail } = (await saved) as CustomEvent<SignDraftSavedDetail>;
    expect(detail.name).to.equal(name);

    const other = await composer();
    button(other, 'Drafts').click();
    const open = await until(
      () =>
        [...root(other).querySelectorAll('dialog button')].find(
          (b) => b.getAttribute('aria-label') === `Open the draft ${name}`,
        ),
      'the draft listed',
    );
    await expectAxeClean(document, 'drafts dialog');
    (open as HTMLButtonElement).click();
    await until(() => !root(other).querySelector('dialog[open]'), 'the dialog closed');
    await goToStep(other, /Signers/);
    expect(field(other, 'First name').value).to.equal('Mario');
    await goToStep(other, /Options/);
    expect(field(other, 'Name of the practice').value).to.equal(name);
  });

  it('adds files dropped on the drop zone or pasted', async () => {
    const el = await composer();
    const drop = root(el).querySelector<HTMLElement>('[part="drop-zone"]')!;
    const dropped = new DataTransfer();
    dropped.items.add(await pdfFile('dropped.pdf'));
    drop.dispatchEvent(new DragEvent('dragenter', { dataTransfer: dropped, bubbles: true, cancelable: true }));
    await el.updateComplete;
    expect(drop.textContent).to.include('Drop to add them');
    drop.dispatchEvent(new DragEvent('drop', { dataTransfer: dropped, bubbles: true, cancelable: true }));
    const pasted = new DataTransfer();
    pasted.items.add(await pdfFile('pasted.pdf'));
    root(el)
      .querySelector('.composer')!
      .dispatchEvent(new ClipboardEvent('paste', { clipboardData: pasted, bubbles: true, cancelable: true }));
    await uploaded(el, 2);
    expect([...root(el).querySelectorAll('.doc-name')].map((n) => n.textContent)).to.deep.equal([
      'dropped.pdf',
      'pasted.pdf',
    ]);
  });
});
