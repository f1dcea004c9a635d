import { expect, waitUntil, oneEvent } from '@open-wc/testing';
import { docView, firstPagePainted, hasInk, practiceShown, resetSim, shadow, viewer } from './test-helpers.js';

describe('sportello-sign-viewer: practice and pages', () => {
  beforeEach(resetSim);

  it('shows the practice, its signers and renders the first page with ink', async () => {
    const el = await viewer(1001, { 'signer-email': 'laura.bianchi@acme.test' });
    await practiceShown(el);
    const root = shadow(el);
    expect(root.querySelector('.practice-name')!.textContent).to.contain('Contratto di fornitura');
    expect(root.querySelector('[part="status"]')!.textContent!.trim()).to.equal('In progress');
    const signers = [...root.querySelectorAll('.signer')];
    expect(signers.map((s) => s.getAttribute('data-email'))).to.deep.equal(['mario.rossi@acme.test', 'laura.bianchi@acme.test']);
    const view = await firstPagePainted(el);
    const canvas = view.shadowRoot!.querySelector<HTMLCanvasElement>('canvas[data-painted]')!;
    expect(hasInk(canvas)).to.equal(true);
    void docView;
    void oneEvent;
    void waitUntil;
  });
});
