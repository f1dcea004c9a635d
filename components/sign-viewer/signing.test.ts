// Round two of signing (#19): each signer sees only their own step; the simulator's signing page
// signed in a real browser (window and dialog modes); link-only mode follows the link to the end.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import { SIM_URL } from '/__sportello/env.js';
import type { SportelloSignViewer } from './sign-viewer.js';
import type { SignStatusDetail } from './events.js';
import { actOnLink, practiceShown, resetSim, shadow, viewer } from '../../test/browser/helpers/sign-viewer.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

const EMILY = 'emily.carter@northwind.test';
const GIOVANNI = 'giovanni.verdi@example.test';
const link = (token: string) => `${SIM_URL}/sign/app/sign/${token}`;

interface SignPageResult {
  opened: string;
  status: number;
  text: string;
}

const turn = (el: SportelloSignViewer) => shadow(el).querySelector<HTMLElement>('[part="turn"]');
const signAction = (el: SportelloSignViewer) => shadow(el).querySelector<HTMLElement>('[part="sign-button"]');
/** Every signing link the viewer shows anywhere (anchors and the dialog's frame). */
const shownLinks = (el: SportelloSignViewer) =>
  [...shadow(el).querySelectorAll<HTMLAnchorElement | HTMLIFrameElement>('a[href], iframe[src]')].map((x) =>
    x instanceof HTMLAnchorElement ? x.href : x.src,
  );
function statusEvents(el: SportelloSignViewer): SignStatusDetail[] {
  const seen: SignStatusDetail[] = [];
  el.addEventListener('sportello-sign-status', (e) => seen.push(e.detail));
  return seen;
}

describe("sportello-sign-viewer: each signer's own step", () => {
  beforeEach(resetSim);

  it("after Emily signs, her viewer never offers the next signer's link, and says she is waiting for the others", async () => {
    const el = await viewer(1003, { 'signer-email': EMILY });
    await practiceShown(el);
    await until(() => signAction(el), 'no Sign action on her turn');
    expect(turn(el)!.dataset.turn).to.equal('your-turn');
    await until(() => shownLinks(el).includes(link('link-1003-1')), 'her link is not offered');
    expect((await actOnLink(link('link-1003-1'), 'sign')).status).to.equal(200);
    // The viewer follows a named signer by itself.
    await until(() => turn(el)?.dataset.turn === 'signed-waiting', 'did not notice her signature');
    // Two more polls later (each poll holds a new practice object), the next signer's link has still
    // not appeared: before the fix the poll that saw her signature fetched and showed link-1003-2.
    for (let i = 0; i < 2; i++) {
      const seen = el.practice;
      await until(() => el.practice !== seen, 'the viewer stopped following');
    }
    await el.updateComplete;
    expect(signAction(el)).to.equal(null);
    expect(shownLinks(el).filter((u) => u.includes('/sign/app/sign/'))).to.deep.equal([]);
    expect(turn(el)!.textContent).to.contain('You have signed');
  });

  it('Laura waits for Emily: no Sign action, "waiting for Emily Carter", then her turn when Emily has signed', async () => {
    const el = await viewer(1003, { 'signer-email': 'laura.bianchi@acme.test' });
    await practiceShown(el);
    await until(() => turn(el), 'no turn notice');
    expect(turn(el)!.dataset.turn).to.equal('waiting');
    expect(turn(el)!.textContent).to.contain('Emily Carter');
    expect(signAction(el)).to.equal(null);
    await expect(el).to.be.accessible();
    expect(el.matches(':state(waiting)'), 'the page can style the waiting state').to.equal(true);
    expect(el.matches(':state(your-turn)')).to.equal(false);
    const events = statusEvents(el);
    await actOnLink(link('link-1003-1'), 'sign');
    await until(() => turn(el)?.dataset.turn === 'your-turn' && signAction(el), 'her turn did not come');
    await until(() => shownLinks(el).includes(link('link-1003-2')), 'her own link is not offered');
    expect(el.matches(':state(your-turn)')).to.equal(true);
    // A per-signer event for Emily's step, and the live region said it.
    const step = events.find((d) => d.signer?.email === EMILY);
    expect(step?.signer).to.include({ status: 'F', previousStatus: 'L', name: 'Emily Carter' });
    expect(step?.signer?.at).to.be.a('string');
    expect(step).to.include({ idFile: 1003, status: 'L', final: false });
    expect(shadow(el).querySelector('[role="status"][aria-live]')!.textContent).to.contain('Emily Carter has signed');
    await expect(el).to.be.accessible();
  });

  it('signed areas look signed, with who and when', async () => {
    const el = await viewer(1004, { 'signer-email': 'mario.rossi@acme.test' });
    await practiceShown(el);
    await until(() => turn(el)?.dataset.turn === 'completed', 'not completed');
    const areas = () => [
      ...(shadow(el).querySelector('sportello-sign-document')?.shadowRoot?.querySelectorAll<HTMLElement>('.area') ??
        []),
    ];
    await until(() => areas().length > 0, 'no areas');
    for (const a of areas().filter((x) => x.dataset.signer)) {
      expect(a.dataset.state).to.equal('signed');
      expect(a.classList.contains('signed')).to.equal(true);
      expect(a.getAttribute('aria-label')).to.match(/signed by (Mario Rossi|Laura Bianchi) on /);
    }
    // The page can style the areas through the exported parts.
    const style = document.createElement('style');
    style.textContent = 'sportello-sign-viewer::part(area-signed) { outline: 3px solid rgb(1, 2, 3); }';
    document.head.append(style);
    try {
      const signed = areas().find((x) => x.dataset.state === 'signed')!;
      expect(getComputedStyle(signed).outlineColor).to.equal('rgb(1, 2, 3)');
    } finally {
      style.remove();
    }
    await expect(el).to.be.accessible();
  });

  it('a wrong key reads as refused credentials, not as an expired session (defect 7)', async () => {
    const el = await viewer(1001, { 'sign-token': 'not-the-token' });
    await until(() => shadow(el).querySelector('[part="error"]'), 'no error');
    const notice = shadow(el).querySelector('[part="error"]')!;
    const text = notice.shadowRoot?.textContent ?? notice.textContent!;
    expect(text).not.to.match(/session has expired/i);
    expect(text).to.contain('not set up correctly on this page');
  });
});

describe('sportello-sign-viewer: the signing page in a real browser', () => {
  beforeEach(resetSim);

  it('window mode: the signer signs on the page that opened (defect 2), the viewer ends on completed', async () => {
    const el = await viewer(1002, { 'signer-email': GIOVANNI });
    await practiceShown(el);
    await until(() => shownLinks(el).includes(link('link-1002-1')), 'no signing link');
    await expect(el).to.be.accessible();
    const events = statusEvents(el);
    const result = await executeServerCommand<SignPageResult, unknown>('sign-page', { open: 'window', action: 'sign' });
    expect(result.opened).to.contain('/sign/app/sign/link-1002-1');
    expect(result.status, result.text).to.equal(200);
    expect(result.text).to.match(/Hai firmato questa pratica|You have signed this practice/);
    await until(() => turn(el)?.dataset.turn === 'completed', 'the viewer did not follow');
    expect(events.some((d) => d.signer?.email === GIOVANNI && d.signer.status === 'F')).to.equal(true);
    expect(events.some((d) => !d.signer && d.status === 'F' && d.final)).to.equal(true);
    expect(signAction(el)).to.equal(null);
    await expect(el).to.be.accessible();
  });

  it('dialog mode: the signer signs inside the dialog, which closes by itself when they are done', async () => {
    const el = await viewer(1003, { 'signer-email': EMILY, 'sign-mode': 'dialog' });
    await practiceShown(el);
    await until(() => signAction(el), 'no Sign action');
    signAction(el)!.click();
    await until(() => shadow(el).querySelector('dialog[open] iframe'), 'no dialog');
    await expect(el).to.be.accessible();
    const result = await executeServerCommand<SignPageResult, unknown>('sign-page', { open: 'dialog', action: 'sign' });
    expect(result.opened).to.contain('/sign/app/sign/link-1003-1');
    expect(result.status, result.text).to.equal(200);
    await until(() => !shadow(el).querySelector('dialog[open]'), 'the dialog stayed open');
    await until(() => turn(el)?.dataset.turn === 'signed-waiting', 'the viewer did not follow');
    expect(signAction(el)).to.equal(null);
  });

  it('openSigning(): the page opens the dialog on the named signer’s turn only, and never a window by itself', async () => {
    // Asked at once, before the practice loaded: it waits for it.
    const laura = await viewer(1003, { 'signer-email': 'laura.bianchi@acme.test', 'sign-mode': 'dialog' });
    expect(await laura.openSigning(), 'not her turn: Emily signs first').to.equal(false);
    const windowed = await viewer(1003, { 'signer-email': EMILY });
    expect(await windowed.openSigning(), 'a window needs the signer’s own click').to.equal(false);
    for (const el of [laura, windowed]) expect(shadow(el).querySelector('dialog[open]')).to.equal(null);

    const emily = await viewer(1003, { 'signer-email': EMILY, 'sign-mode': 'dialog' });
    expect(await emily.openSigning()).to.equal(true);
    const frame = shadow(emily).querySelector<HTMLIFrameElement>('dialog[open] iframe');
    expect(frame?.src).to.equal(link('link-1003-1'));
    expect(await emily.openSigning(), 'already open: not twice').to.equal(false);
    await until(() => turn(emily)?.dataset.turn === 'your-turn', 'her turn shown behind the dialog');
  });
});

describe('sportello-sign-viewer: link-only mode follows the link', () => {
  beforeEach(resetSim);

  it('after signing on the page, it ends on "Signed. Thank you." without a Sign action (defect 3)', async () => {
    const url = link('link-1002-1');
    const el = await viewer('', { 'signing-url': url, 'document-src': `${url}/documents/10021` });
    el.removeAttribute('id-file');
    await until(() => signAction(el), 'no Sign action');
    // The page opens the window itself here; the viewer follows all the same.
    el.addEventListener('sportello-sign-open', (e) => e.preventDefault(), { once: true });
    const events = statusEvents(el);
    signAction(el)!.click();
    expect((await actOnLink(url, 'sign')).status).to.equal(200);
    await until(() => turn(el)?.dataset.turn === 'signed', 'link-only mode did not notice the signature');
    // The page hears of it too, as it does of a practice followed by id-file (#33 item 7).
    expect(events).to.have.length(1);
    const [done] = events;
    expect(done!.link).to.equal(url);
    expect(done).to.deep.include({ outcome: 'signed', idFile: 1002, status: 'F', previousStatus: 'L', final: true });
    expect(done!.signer).to.deep.include({ status: 'F', previousStatus: 'L' });
    expect(turn(el)!.textContent).to.equal('Signed. Thank you.');
    expect(signAction(el)).to.equal(null);
    expect(shadow(el).querySelector('[role="status"][aria-live]')!.textContent).to.contain('Signed. Thank you.');
  });
});

describe('sportello-sign-viewer: a signing page that refuses the frame', () => {
  beforeEach(resetSim);
  afterEach(() => fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' }));

  it('dialog mode: the dialog offers the page in a new window, where the signer signs; the viewer follows to the end', async () => {
    // The service's page refuses to be framed (X-Frame-Options: DENY and CSP frame-ancestors 'none').
    await fetch(`${SIM_URL}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'refuse-framing' }),
    });
    const el = await viewer(1002, { 'signer-email': GIOVANNI, 'sign-mode': 'dialog' });
    await practiceShown(el);
    await until(() => signAction(el), 'no Sign action');
    signAction(el)!.click();
    await until(() => shadow(el).querySelector('dialog[open] iframe'), 'no dialog');
    // The browser refused the frame: Chromium shows its error page in it.
    const frames = async () =>
      (await executeServerCommand<{ frames: string[] }, unknown>('sign-page', { inspect: 'frames' })).frames;
    await until(async () => (await frames()).some((u) => u.startsWith('chrome-error:')), 'the frame was not refused');
    // The way out, in the visitor's words, to the signer's own page.
    const fallback = shadow(el).querySelector<HTMLAnchorElement>('dialog[open] a[data-fallback]')!;
    expect(fallback.closest('p')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal(
      'Is the signing page not showing here? Open it in a new window',
    );
    expect(fallback.href).to.equal(link('link-1002-1'));
    expect(fallback.target).to.equal('_blank');
    expect(fallback.rel).to.equal('noopener noreferrer');
    await expect(el).to.be.accessible();

    const opens: string[] = [];
    el.addEventListener('sportello-sign-open', (e) => opens.push(`${e.detail.mode} ${e.detail.url}`));
    const result = await executeServerCommand<SignPageResult, unknown>('sign-page', {
      open: 'window',
      via: 'a[data-fallback]',
      action: 'sign',
    });
    expect(result.opened).to.contain('/sign/app/sign/link-1002-1');
    expect(result.status, result.text).to.equal(200);
    expect(opens).to.deep.equal([`window ${link('link-1002-1')}`]);
    // The dialog gave way to the window, and the viewer followed the signature there.
    expect(shadow(el).querySelector('dialog[open]')).to.equal(null);
    await until(() => turn(el)?.dataset.turn === 'completed', 'the viewer did not follow');
    expect(signAction(el)).to.equal(null);
    await expect(el).to.be.accessible();
  });
});
