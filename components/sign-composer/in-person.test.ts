/**
 * In-person signing after sending: the signers the user hosts sign on this device one after
 * another, each one's signing step opening in the viewer's dialog as soon as the one before has
 * signed here (they are in the room). Against the simulator, signing through the signing page.
 */
import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import type { SignSentDetail } from './events.js';
import type { PracticeDetail } from '../../src/services/sign.js';
import type { SportelloSignComposer } from './sign-composer.js';
import { expectAxeClean } from '../../test/browser/helpers/axe-page.js';
import {
  areas,
  button,
  choose,
  composer,
  deepActive,
  field,
  goToStep,
  page,
  prepareSimple,
  root,
  signGet,
  type,
  until,
  unmountComposers,
} from '../../test/browser/helpers/sign-composer.js';
import { resetSim } from '../../test/browser/helpers/sign-viewer.js';

/** The viewer's signing dialog, once open on a page other than `after`, and whose link its frame shows. */
async function signingDialog(el: SportelloSignComposer, why: string, after?: HTMLIFrameElement) {
  const viewer = await until(() => root(el).querySelector('sportello-sign-viewer'), 'the viewer below');
  const dialog = await until(() => {
    const open = viewer.shadowRoot?.querySelector<HTMLDialogElement>('dialog[open]');
    return open && open.querySelector('iframe')!.src !== after?.src ? open : undefined;
  }, why);
  const frame = dialog.querySelector('iframe')!;
  const link = (await (await fetch(`${frame.src}/status`)).json()) as { idFile: number; signer: { email: string } };
  return { viewer, dialog, frame, signer: link.signer.email, idFile: link.idFile };
}

/** Signs on the signing page shown in the frame, as the signer does there. */
async function signThere(frame: HTMLIFrameElement): Promise<void> {
  const signed = await fetch(`${frame.src}/sign`, { method: 'POST', headers: { Accept: 'application/json' } });
  expect(signed.status).to.equal(200);
}

describe('<sportello-sign-composer open-viewer>: signers in person, one after another', () => {
  beforeEach(async () => {
    await resetSim();
  });
  afterEach(() => unmountComposers());

  it('after the first in-person signer signs here, the second one’s signing step opens at once', async () => {
    const el = await composer({ 'open-viewer': '' });
    await prepareSimple(el, `Two in person ${Date.now()}`);
    // A second signer, Anna, also in the room, with her own signature area.
    await goToStep(el, /Signers/);
    button(el, 'Add a signer').click();
    await el.updateComplete;
    await type(el, field(el, 'First name', 1), 'Anna');
    await type(el, field(el, 'Last name', 1), 'Bianchi');
    await type(el, field(el, 'E-mail', 1), 'anna.bianchi@acme.test');
    for (const nth of [0, 1]) {
      field(el, 'Signs here, on this device', nth).click();
      await el.updateComplete;
    }
    await goToStep(el, /Areas/);
    const forWhom = field<HTMLSelectElement>(el, 'For');
    const anna = [...forWhom.options].find((o) => o.textContent!.includes('Anna'))!;
    await choose(el, forWhom, anna.value);
    await until(() => page(el, 1), 'page 1 drawn');
    page(el, 1)!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => areas(el).length === 2, 'Anna’s area placed');
    await goToStep(el, /Options/);

    const sent = oneEvent(el, 'sportello-sign-sent');
    button(el, 'Send for signature').click();
    const { idFile, signers } = ((await sent) as CustomEvent<SignSentDetail>).detail;
    expect(signers.map((s) => [s.email, s.inPerson])).to.deep.equal([
      ['mario.rossi@acme.test', true],
      ['anna.bianchi@acme.test', true],
    ]);

    const notices = [...root(el).querySelectorAll('.sent-signers .notice')].map((n) => n.textContent!.trim());
    expect(notices).to.deep.equal([
      'Mario Rossi signs now, on this device.',
      'Anna Bianchi signs later, here on this device.',
    ]);

    // Mario first, with no click; he signs on this device.
    const mario = await signingDialog(el, 'Mario’s signing dialog');
    expect([mario.signer, mario.idFile]).to.deep.equal(['mario.rossi@acme.test', idFile]);
    await signThere(mario.frame);

    // Anna is next, in the room: her signing step opens by itself, the keyboard in it, and it is said.
    const annaStep = await signingDialog(el, 'Anna’s signing dialog', mario.frame);
    expect(annaStep.signer).to.equal('anna.bianchi@acme.test');
    expect(annaStep.viewer.getAttribute('signer-email')).to.equal('anna.bianchi@acme.test');
    await until(() => annaStep.dialog.contains(deepActive()), 'the focus in Anna’s signing dialog');
    expect(root(el).querySelector('[role=status]')!.textContent).to.include(
      'Next to sign here, on this device: Anna Bianchi.',
    );
    await expectAxeClean(document, 'the second in-person signer’s dialog');

    await signThere(annaStep.frame);
    await until(() => !annaStep.viewer.shadowRoot?.querySelector('dialog[open]'), 'the dialog closed when done');
    await until(() => deepActive() === root(el).querySelector('#sent-title'), 'the focus back on the practice sent');
    const practice = await signGet<PracticeDetail>(`/files/${idFile}`);
    expect(practice.status).to.equal('F');
    expect(practice.signers.map((s) => s.status)).to.deep.equal(['F', 'F']);
  });
});
