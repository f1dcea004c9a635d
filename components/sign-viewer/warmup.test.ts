// pdf.js warm before the bytes (#23 deliverable 3). A file of its own: pdf.js is loaded once per
// page, and this page must not have asked for it before the viewer below does.
import { expect } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { pdfjsRequested } from '../../src/pdf/pdfjs.js';
import { firstPagePainted, resetSim, shadow, viewer } from './test-helpers.js';
import { until } from './test-wait.js';

describe('sportello-sign-viewer: pdf.js starts before the practice arrives', () => {
  before(resetSim);
  after(resetSim);

  it('a viewer near the viewport asks for pdf.js and its worker while its practice is still on the way', async () => {
    expect(pdfjsRequested(), 'nothing asked for pdf.js before the viewer').to.equal(false);
    // The practice answers only after 3 s; pdf.js must not wait for it.
    await fetch(`${SIM_URL}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'delay', match: '/sign/api/v2/files/1002', delayMs: 3000, count: 1 }),
    });
    const el = await viewer(1002);
    await until(() => pdfjsRequested(), 'pdf.js not requested');
    expect(shadow(el).querySelector('.practice-name'), 'the practice is still on its way').to.equal(null);
    const view = await firstPagePainted(el);
    expect(view.pageCount).to.be.greaterThan(0);
  });
});
