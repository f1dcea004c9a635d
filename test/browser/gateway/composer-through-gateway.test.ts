// <sportello-sign-composer> through the Sportello gateway, as a portal deploys it: no key in the
// page, a visitor token minted by the site's backend (Ada is an author, `sportello.sign.author`;
// Bruno is not), the gateway in front of the real simulator. A user adds a PDF, a signer and an
// area and sends; the new practice is then Ada's to view, and nobody else's. A session that ended
// (401), a permission the user lacks (403) and a refusal of the service (400, spec §7) each end in
// a state the user reads in their words and recovers from, with nothing typed lost.
import { expect, oneEvent } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { GATEWAY_URL } from '/__sportello/env.js';
import '../../../components/sign-viewer/index.js';
import type { SignSentDetail } from '../../../components/sign-composer/events.js';
import type { SportelloSignComposer } from '../../../components/sign-composer/sign-composer.js';
import { expectAxeClean } from '../helpers/axe-page.js';
import {
  addFiles,
  areas,
  button,
  composer,
  field,
  goToStep,
  page,
  pdfFile,
  prepareSimple,
  root,
  type,
  unmountComposers,
  until,
  uploaded,
} from '../helpers/sign-composer.js';
import { resetSim } from '../helpers/sign-viewer.js';

type Provider = (o: { forceRefresh: boolean }) => Promise<string>;

const SIGN_GATEWAY = `${GATEWAY_URL}/sign/api/v2`;

/** The visitor's token, from the test setup's pretend site backend (demo/site-backend.ts accounts). */
const tokenOf = async (user: 'ada' | 'bruno'): Promise<string> =>
  ((await (await fetch(`/__sportello/visitor-token?user=${user}`)).json()) as { token: string }).token;

/** A token provider whose visitor the test changes, as a site's sign-in would. */
function session(initial: 'ada' | 'bruno' | 'signed-out'): { provider: Provider; become(who: 'ada' | 'bruno'): void } {
  let who = initial;
  return {
    provider: async () => (who === 'signed-out' ? 'not.a-valid.token' : tokenOf(who)),
    become(next) {
      who = next;
    },
  };
}

const asVisitor = async (user: 'ada' | 'bruno', path: string) =>
  fetch(`${SIGN_GATEWAY}${path}`, { headers: { Authorization: `Bearer ${await tokenOf(user)}` } });

/** The error notice shown on the document being uploaded, once it has its words. */
async function uploadNotice(el: SportelloSignComposer): Promise<Element> {
  const found = await until(() => root(el).querySelector('.document sportello-error-notice'), 'the upload’s error');
  await until(() => found.textContent?.trim(), 'the notice’s words');
  return found;
}

function retry(notice: Element): HTMLButtonElement {
  return notice.shadowRoot?.querySelector('[part="error-retry"]') ?? notice.querySelector('[part="error-retry"]')!;
}

describe('through the gateway: sportello-sign-composer', () => {
  beforeEach(resetSim);
  afterEach(() => unmountComposers());

  it('an author adds a PDF, a signer and an area and sends; the practice is then hers to view, and no one else’s', async () => {
    const el = await composer({ endpoint: SIGN_GATEWAY, 'open-viewer': '' }, session('ada').provider);
    const name = `Through the gateway ${Date.now()}`;
    await prepareSimple(el, name);
    const sent = oneEvent(el, 'sportello-sign-sent');
    button(el, 'Send for signature').click();
    const { idFile, signers } = ((await sent) as CustomEvent<SignSentDetail>).detail;
    expect(idFile).to.be.a('number');
    expect(signers.map((s) => s.email)).to.deep.equal(['mario.rossi@acme.test']);
    // Ada's token does not grant remote signers' links: the gateway kept Mario's from the page.
    expect(signers[0]!.signingUrl).to.equal(undefined);

    // The viewer below shows it, through the gateway, with Ada's token.
    const viewer = await until(() => root(el).querySelector('sportello-sign-viewer'), 'the viewer below');
    await until(
      () => viewer.shadowRoot?.querySelector('.practice-name')?.textContent?.includes(name),
      'the new practice shown in the viewer',
    );
    await expectAxeClean(document, 'sent, with the viewer');

    const mine = await asVisitor('ada', `/files/${idFile}`);
    expect(mine.status).to.equal(200);
    expect(((await mine.json()) as { name: string }).name).to.equal(name);
    const theirs = await asVisitor('bruno', `/files/${idFile}`);
    expect(theirs.status).to.equal(404);
    expect(await theirs.text()).to.not.include(name);
  });

  it('a signer who signs here, on this device, is taken straight to their signing step in the viewer’s dialog', async () => {
    const el = await composer({ endpoint: SIGN_GATEWAY, 'open-viewer': '' }, session('ada').provider);
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

    // No click: the viewer below opens Mario's signing page in its dialog, through the gateway
    // (which hands Ada the link of the signer she hosts, and of no one else).
    const viewer = await until(() => root(el).querySelector('sportello-sign-viewer'), 'the viewer below');
    const dialog = await until(
      () => viewer.shadowRoot?.querySelector<HTMLDialogElement>('dialog[open]'),
      'the signing dialog open',
    );
    const frame = dialog.querySelector('iframe')!;
    const link = await (await fetch(`${frame.src}/status`)).json();
    expect(link).to.deep.include({ idFile });
    expect(link.signer.email).to.equal('mario.rossi@acme.test');
    await expectAxeClean(document, 'in-person signing dialog');

    // Mario signs on Ada's device: the dialog closes by itself and the practice is signed.
    const signed = await fetch(`${frame.src}/sign`, { method: 'POST', headers: { Accept: 'application/json' } });
    expect(signed.status).to.equal(200);
    await until(() => !viewer.shadowRoot?.querySelector('dialog[open]'), 'the dialog closed when done');
  });

  it('a session that ended (401): the user is asked to sign in again, and the upload goes on after', async () => {
    const visitor = session('signed-out');
    const el = await composer({ endpoint: SIGN_GATEWAY }, visitor.provider);
    await addFiles(el, [await pdfFile('polizza.pdf')]);
    const shown = await uploadNotice(el);
    expect(shown.textContent).to.include('Your session has expired, or you are not signed in.');
    // The user's words, not the gateway's (its message is for developers).
    expect(shown.textContent).to.not.include('visitor token');
    await expectAxeClean(document, 'upload refused: signed out');
    // The user signs in again on the site; Retry sends the same file.
    visitor.become('ada');
    retry(shown).click();
    await uploaded(el);
    expect(root(el).querySelector('.document')!.textContent).to.include('polizza.pdf');
    expect(root(el).querySelector('.document sportello-error-notice')).to.equal(null);
  });

  it('a permission the user lacks (403): said in their words, and it works once the site grants it', async () => {
    const visitor = session('bruno');
    const el = await composer({ endpoint: SIGN_GATEWAY }, visitor.provider);
    await addFiles(el, [await pdfFile('polizza.pdf')]);
    const shown = await uploadNotice(el);
    expect(shown.textContent).to.include('You do not have permission to do this.');
    expect(shown.textContent).to.include('contact whoever gave you access');
    expect(shown.textContent).to.not.include('author permission');
    await expectAxeClean(document, 'upload refused: no permission');
    visitor.become('ada');
    retry(shown).click();
    await uploaded(el);
  });

  it('a refusal of the service (400) lands on the field it names, in the user’s words, and the fix sends', async () => {
    const el = await composer({ endpoint: SIGN_GATEWAY }, session('ada').provider);
    const name = `Refused field ${Date.now()}`;
    await addFiles(el, [await pdfFile()]);
    await uploaded(el);
    await goToStep(el, /Signers/);
    button(el, 'Add a signer').click();
    await el.updateComplete;
    field(el, 'A user of the signing service').click();
    await el.updateComplete;
    await type(el, field(el, 'Username'), 'nessuno.qui');
    await goToStep(el, /Areas/);
    await until(() => page(el, 1), 'page 1 drawn');
    page(el, 1)!.focus();
    await sendKeys({ press: 'Enter' });
    await until(() => areas(el).length === 1, 'the area placed');
    await goToStep(el, /Options/);
    await type(el, field(el, 'Name of the practice'), name);
    button(el, 'Send for signature').click();

    // The service knows no such user: the composer takes the user back to the Username field.
    const username = await until(
      () => root(el).querySelector<HTMLInputElement>('input[aria-invalid="true"]'),
      'a field marked',
    );
    expect(username).to.equal(field(el, 'Username'));
    const error = root(el).getElementById(`${username.id}-error`)!;
    expect(error.textContent).to.include('nessuno.qui is not a user');
    expect(username.getAttribute('aria-describedby')).to.include(error.id);
    await until(() => root(el).activeElement === username, 'the focus on the field refused');
    await expectAxeClean(document, 'refused field');

    await type(el, username, 'hr.manager');
    await goToStep(el, /Options/);
    const sent = oneEvent(el, 'sportello-sign-sent');
    button(el, 'Send for signature').click();
    const { idFile } = ((await sent) as CustomEvent<SignSentDetail>).detail;
    expect((await asVisitor('ada', `/files/${idFile}`)).status).to.equal(200);
  });
});
