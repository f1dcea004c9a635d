// The document controller alone, on a real document from the simulator: which areas it places when
// the practice's areas change while the document is still loading, or after a switch and back.
import { expect } from '@open-wc/testing';
import { LitElement } from 'lit';
import { SignDocumentController, type DocumentSource } from '../../src/controllers/sign/document-controller.js';
import type { AreaSpec } from '../../src/pdf/areas.js';
import { resetSim, signingLink } from '../../test/browser/helpers/sign-viewer.js';
import { until } from '../../test/browser/helpers/sign-wait.js';

class DocumentHost extends LitElement {
  readonly doc = new SignDocumentController(this);
}
if (!customElements.get('test-document-host')) customElements.define('test-document-host', DocumentHost);

const area = (id: string, x: number): AreaSpec => ({
  id,
  document: 0,
  page: 1,
  kind: 'placeholder',
  code: 'T',
  box: { x, y: 0.1, width: 0.2, height: 0.05 },
});

async function host(): Promise<DocumentHost> {
  const el = document.createElement('test-document-host') as DocumentHost;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

const ids = (el: DocumentHost) => el.doc.areas.map((a) => a.spec.id);

describe('SignDocumentController: the areas it places', () => {
  let el: DocumentHost | undefined;
  beforeEach(resetSim);
  afterEach(() => el?.remove());

  it('areas updated while the document loads: the newest are placed, not the ones it started with', async () => {
    const link = await signingLink(1002);
    const source: DocumentSource = { kind: 'url', url: `${link}/documents/10021`, filename: 'a.pdf', index: 0 };
    el = await host();
    const first = [area('old', 0.1)];
    const newer = [area('new', 0.5)];
    const loading = el.doc.show(source, undefined, first);
    // The practice changed (a refresh brought other areas) before the bytes arrived.
    expect(el.doc.phase).to.equal('pending');
    void el.doc.show(source, undefined, newer);
    await loading;
    expect(el.doc.phase).to.equal('complete');
    await until(() => el!.doc.areas.length > 0, 'no areas placed');
    expect(ids(el)).to.deep.equal(['new']);
  });

  it('switching to another document and back: the areas of the last update are placed', async () => {
    const link = await signingLink(1002);
    const a: DocumentSource = { kind: 'url', url: `${link}/documents/10021`, filename: 'a.pdf', index: 0 };
    const b: DocumentSource = { kind: 'url', url: `${link}/documents/10021?again`, filename: 'b.pdf', index: 0 };
    el = await host();
    await el.doc.show(a, undefined, [area('first', 0.1)]);
    await until(() => ids(el!).join() === 'first', 'first areas not placed');
    el.doc.updateAreas([area('second', 0.3)]);
    await until(() => ids(el!).join() === 'second', 'updated areas not placed');
    await el.doc.show(b, undefined, [area('third', 0.6)]);
    await until(() => ids(el!).join() === 'third', 'areas of the other document not placed');
    el.doc.retry();
    await until(() => el!.doc.phase === 'complete' && ids(el!).join() === 'third', 'retry lost the areas');
  });
});
