import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { SIM_URL } from '/__sportello/env.js';
import type { SignSentDetail } from './events.js';
import type { PracticeDetail } from '../../src/services/sign.js';
import { expectAxeClean, siteLandmarks } from '../../test/browser/helpers/axe-page.js';
import {
  addFiles,
  areas,
  button,
  choose,
  composer,
  deepActive,
  field,
  goToStep,
  page,
  prepareSimple,
  pdfFile,
  practicesNamed,
  root,
  signGet,
  stepTitle,
  tabAndType,
  tabTo,
  type,
  until,
  unmountComposers,
  uploaded,
} from '../../test/browser/helpers/sign-composer.js';
import { resetSim } from '../../test/browser/helpers/sign-viewer.js';

const fault = (body: unknown) =>
  fetch(`${SIM_URL}/__sim/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('<sportello-sign-composer>', () => {
  beforeEach(async () => {
    await resetSim();
  });
  afterEach(() => unmountComposers());

  it('prepares and sends a practice with the keyboard alone, areas placed, moved and resized by keys', async () => {
    const el = await composer();
    const name = `Keyboard ${Date.now()}`;
    await expectAxeClean(document, 'documents step, empty');
    // Files come from the system's picker: the input stands for it.
    await addFiles(el, [await pdfFile('contratto.pdf', 2)]);
    await uploaded(el);

    await tabTo(button(el, 'Next: Signers'));
    await sendKeys({ press: 'Enter' });
    await until(() => stepTitle(el)?.includes('Signers'), 'signers step');
    await tabTo(button(el, 'Add a signer'));
    await sendKeys({ press: 'Enter' });
    await until(() => root(el).querySelector('.signer'), 'a signer card');
    // Adding a signer takes the focus to their first field.
    await until(() => deepActive() === field(el, 'First name'), 'focus in the new signer');
    await sendKeys({ type: 'Mario' });
    await tabAndType(field(el, 'Last name'), 'Rossi');
    await tabAndType(field(el, 'E-mail'), 'mario.rossi@acme.test');
    await expectAxeClean(document, 'signers step');

    await tabTo(button(el, 'Next: Areas'));
    await sendKeys({ press: 'Enter' });
    await until(() => page(el, 1), 'page 1 drawn');
    await expectAxeClean(document, 'areas step');
    await tabTo(page(el, 1)!);
    // Enter places a signature for the first signer at the cursor (the page's middle)…
    await sendKeys({ press: 'Enter' });
    await until(() => areas(el).length === 1, 'an area placed');
    const area = areas(el)[0]!;
    await until(() => deepActive() === area, 'the new area has the focus');
    expect(area.getAttribute('aria-label')).to.match(
      /^Signature, Mario Rossi, page 1, 36% from the left, 47% from the top/,
    );
    // …arrows move it, Shift+arrows resize it, Page Down takes it to page 2.
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ up: 'Shift' });
    await sendKeys({ press: 'PageDown' });
    await until(() => areas(el)[0]?.getAttribute('aria-label')?.includes('page 2,'), 'moved to page 2');
    expect(areas(el)[0]!.getAttribute('aria-label')).to.equal(
      'Signature, Mario Rossi, page 2, 38% from the left, 47% from the top, 28% wide, 8% high',
    );
    await expectAxeClean(document, 'areas step with an area');

    await tabTo(button(el, 'Next: Options and send'));
    await sendKeys({ press: 'Enter' });
    await until(() => stepTitle(el)?.includes('Options'), 'options step');
    await tabAndType(field(el, 'Name of the practice'), name);
    await expectAxeClean(document, 'options step');
    const sent = oneEvent(el, 'sportello-sign-sent');
    await tabTo(button(el, 'Send for signature'));
    await sendKeys({ press: 'Enter' });
    const { detail } = (await sent) as CustomEvent<SignSentDetail>;
    expect(detail.signers.map((s) => [s.email, s.name, s.inPerson])).to.deep.equal([
      ['mario.rossi@acme.test', 'Mario Rossi', false],
    ]);
    await until(() => root(el).querySelector('#sent-title'), 'sent view');
    await expectAxeClean(document, 'sent');

    // The service holds what the keys made: page 2, the area's place to the thousandth.
    const practice = await signGet<PracticeDetail & { signers: Array<{ signatureCoordinates?: unknown[] }> }>(
      `/files/${detail.idFile}`,
    );
    expect(practice.name).to.equal(name);
    const coordinates = practice.signers[0]!.signatureCoordinates as Array<Record<string, number>>;
    expect(coordinates).to.have.length(1);
    const c = coordinates[0]!;
    expect([c.page, c.positionX, c.positionY, c.width, c.height]).to.deep.equal([2, 0.38, 0.465, 0.28, 0.08]);
  });

  it('sends one practice for a double click, and for a Send again after every answer was lost', async () => {
    const el = await composer();
    const name = `Once ${Date.now()}`;
    await prepareSimple(el, name);
    // The service applies the practice, and no answer ever comes back (the transport's own retries included).
    await fault({ kind: 'lose-answer', match: '/sign/api/v2/files/send', count: 50 });
    const send = button(el, 'Send for signature');
    send.click();
    send.click();
    const notice = await until(() => root(el).querySelector('sportello-error-notice'), 'the lost answer shown');
    expect(root(el).textContent).to.include('Trying again will not create a second practice.');
    expect(notice.textContent).to.not.match(/socket|Failed to fetch|POST/);
    expect(field(el, 'Name of the practice').value, 'nothing typed is lost').to.equal(name);
    await expectAxeClean(document, 'send failed');
    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
    const sent = oneEvent(el, 'sportello-sign-sent');
    button(el, 'Send for signature').click();
    await sent;
    expect(await practicesNamed(name)).to.equal(1);
  });

  it('shows what must be fixed before sending, and takes the user to it', async () => {
    const el = await composer();
    await goToStep(el, /Options/);
    button(el, 'Send for signature').click();
    await until(() => root(el).querySelector('#problems'), 'problems listed');
    const problems = root(el).querySelector('#problems')!;
    expect(problems.textContent).to.match(/document/i);
    await until(() => deepActive() === problems, 'focus on the problems');
    await expectAxeClean(document, 'problems');
    button(el, /Go to/, problems).click();
    await until(() => stepTitle(el)?.includes('Documents'), 'taken to the documents');
  });

  it('keeps the work across a reload, files included, and sends it afterwards', async () => {
    const key = `reload-${Date.now()}`;
    const el = await composer({ 'draft-key': key });
    await addFiles(el, [await pdfFile('kept.pdf')]);
    await uploaded(el);
    await goToStep(el, /Signers/);
    button(el, 'Add a signer').click();
    await el.updateComplete;
    await type(el, field(el, 'First name'), 'Anna');
    // Kept shortly after the last keystroke.
    await until(() => /Saved on this device/.test(root(el).querySelector('.kept')?.textContent ?? ''), 'kept');
    el.remove();

    const again = await composer({ 'draft-key': key });
    await until(() => root(again).querySelector('.document'), 'the document restored');
    expect(root(again).querySelector('.kept')!.textContent).to.include('We restored what you were preparing');
    expect(root(again).querySelector('.doc-name')!.textContent).to.equal('kept.pdf');
    await goToStep(again, /Signers/);
    expect(field(again, 'First name').value).to.equal('Anna');
    await goToStep(again, /Areas/);
    // The file itself came back: its page is drawn again.
    await until(() => page(again, 1), 'the restored file drawn');
  });

  it('says a refusal of the service in the user’s words and keeps what was typed', async () => {
    const el = await composer();
    const name = `Refused ${Date.now()}`;
    await prepareSimple(el, name);
    await fault({ kind: 'status', status: 503, match: '/sign/api/v2/files/send', count: 5 });
    button(el, 'Send for signature').click();
    const notice = await until(() => root(el).querySelector('sportello-error-notice'), 'the failure shown');
    await until(() => notice.textContent?.trim(), 'notice words');
    expect(notice.textContent).to.include('The service is having a problem.');
    expect(notice.textContent).to.not.match(/Injected|Service Unavailable/);
    expect(field(el, 'Name of the practice').value).to.equal(name);
    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
    const sent = oneEvent(el, 'sportello-sign-sent');
    button(el, 'Send for signature').click();
    await sent;
    expect(await practicesNamed(name)).to.equal(1);
  });

  it('starts from a process type: its documents preloaded and its fixed signers shown, not editable', async () => {
    const el = await composer();
    const select = await until(
      () => root(el).querySelector<HTMLSelectElement>('select option[value="302"]')?.parentElement as HTMLSelectElement,
      'process types listed',
    );
    await choose(el, select, '302');
    await until(() => root(el).querySelector('.document'), 'template documents');
    expect(root(el).querySelector('.type-facts')!.textContent).to.match(/fixed/i);
    await expectAxeClean(document, 'process type chosen');
  });

  it('a signer who signs here, on this device, is taken straight to their signing step in the viewer’s dialog', async () => {
    const el = await composer({ 'open-viewer': '' });
    const name = `In person ${Date.now()}`;
    await prepareSimple(el, name);
    await goToStep(el, /Signers/);
    field(el, 'Signs here, on this device').click();
    await el.updateComplete;
    await goToStep(el, /Options/);
    const sent = oneEvent(el, 'sportello-sign-sent');
    button(el, 'Send for signature').click();
    const { idFile, signers } = ((await sent) as CustomEvent<SignSentDetail>).detail;
    expect(signers[0]).to.include({ email: 'mario.rossi@acme.test', inPerson: true });
    expect(root(el).querySelector('.sent')!.textContent).to.include('Mario Rossi signs now, on this device.');

    // No click: the viewer below opens Mario's signing page in its dialog, and the keyboard is in it.
    const viewer = await until(() => root(el).querySelector('sportello-sign-viewer'), 'the viewer below');
    const dialog = await until(
      () => viewer.shadowRoot?.querySelector<HTMLDialogElement>('dialog[open]'),
      'the signing dialog open',
    );
    await until(() => dialog.contains(deepActive()), 'the focus in the signing dialog');
    const frame = dialog.querySelector('iframe')!;
    const link = (await (await fetch(`${frame.src}/status`)).json()) as { idFile: number; signer: { email: string } };
    expect(link.idFile).to.equal(idFile);
    expect(link.signer.email).to.equal('mario.rossi@acme.test');
    await expectAxeClean(document, 'in-person signing dialog');

    // Mario signs on this device: the dialog closes by itself and the service has his signature.
    const signed = await fetch(`${frame.src}/sign`, { method: 'POST', headers: { Accept: 'application/json' } });
    expect(signed.status).to.equal(200);
    await until(() => !viewer.shadowRoot?.querySelector('dialog[open]'), 'the dialog closed when done');
    await until(() => deepActive() === root(el).querySelector('#sent-title'), 'the focus back on the practice sent');
    const practice = await signGet<PracticeDetail>(`/files/${idFile}`);
    expect(practice.status).to.equal('F');
  });

  it('speaks each built-in language, axe clean in each', async () => {
    const titles: Record<string, [string, string]> = {
      en: ['Prepare a practice', 'Send for signature'],
      it: ['Prepara una pratica', 'Invia in firma'],
      de: ['Vorgang vorbereiten', 'Zur Unterschrift senden'],
      fr: ['Préparer un dossier', 'Envoyer pour signature'],
      es: ['Preparar un expediente', 'Enviar a firmar'],
    };
    for (const [lang, [title, send]] of Object.entries(titles)) {
      const el = await composer({ lang });
      expect(root(el).querySelector('.title')!.textContent, lang).to.equal(title);
      await goToStep(el, /4/);
      expect(root(el).querySelector('[part="send-button"]')!.textContent!.trim(), lang).to.equal(send);
      await expectAxeClean(document, `options step in ${lang}`);
      unmountComposers();
    }
  });

  it('right to left: the steps start on the right, the pages stay as drawn and the arrows move areas as they point', async () => {
    const host = siteLandmarks();
    host.setAttribute('dir', 'rtl');
    try {
      const el = await composer();
      const steps = [...root(el).querySelectorAll<HTMLElement>('.steps button')];
      expect(steps[0]!.getBoundingClientRect().left).to.be.greaterThan(steps[1]!.getBoundingClientRect().left);
      await addFiles(el, [await pdfFile()]);
      await uploaded(el);
      await goToStep(el, /Signers/);
      button(el, 'Add a signer').click();
      await el.updateComplete;
      await type(el, field(el, 'First name'), 'Rania');
      await goToStep(el, /Areas/);
      await until(() => page(el, 1), 'page 1 drawn');
      page(el, 1)!.focus();
      await sendKeys({ press: 'Enter' });
      const area = await until(() => areas(el)[0], 'area placed');
      await until(() => deepActive() === area, 'area focused');
      await sendKeys({ press: 'ArrowRight' });
      await until(() => /37% from the left/.test(areas(el)[0]!.getAttribute('aria-label')!), 'moved right, as drawn');
      await expectAxeClean(document, 'areas step right to left');
    } finally {
      host.removeAttribute('dir');
    }
  });
});
