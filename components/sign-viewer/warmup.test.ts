// pdf.js warm before the bytes (#23 deliverable 3). A file of its own: pdf.js is loaded once per
// page, and this page must not have asked for it before the viewer below does.
import { expect } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { pdfjsRequested } from '../../src/pdf/pdfjs.js';
import { firstPagePainted, resetSim, shadow, SIGN_API } from '../../test/browser/helpers/sign-viewer.js';
import type { SportelloSignViewer } from './sign-viewer.js';

describe('sportello-sign-viewer: pdf.js starts before the practice arrives', () => {
  before(resetSim);
  after(resetSim);

  it('a viewer near the viewport asks for pdf.js and its worker while its practice is still on the way', async () => {
    expect(pdfjsRequested(), 'nothing asked for pdf.js before the viewer').to.equal(false);
    // The practice is held by the simulator until the test lets it go; pdf.js must not wait for it.
    await fetch(`${SIM_URL}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'hold', match: '/sign/api/v2/files/1002', count: 1 }),
    });
    const el = document.createElement('sportello-sign-viewer') as SportelloSignViewer;
    el.setAttribute('lang', 'en');
    el.setAttribute('style', '--sportello-sign-viewer-height: 700px; width: 1000px');
    el.setAttribute('endpoint', SIGN_API);
    el.setAttribute('sign-token', 'demo-sign-token');
    el.setAttribute('sign-user', 'demo');
    el.setAttribute('id-file', '1002');
    document.body.append(el);
    try {
      // At once, in the same task: not a frame later when the viewport observer first reports.
      expect(pdfjsRequested(), 'pdf.js and its worker requested as the viewer connected').to.equal(true);
      expect(shadow(el).querySelector('.practice-name'), 'the practice is still on its way').to.equal(null);
      await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
      const view = await firstPagePainted(el);
      expect(view.pageCount).to.be.greaterThan(0);
    } finally {
      el.remove();
    }
  });
});
