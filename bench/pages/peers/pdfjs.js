// pdf.js's own viewer (PDFViewer + EventBus + PDFLinkService, with its CSS), loaded with the page
// as an integrator's bundle would; the practice's PDF fetched from the simulator's signing API and
// handed over as bytes, with the same marks as <sportello-sign-viewer>.
import * as pdfjsLib from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import 'pdfjs-dist/web/pdf_viewer.css';
import { sim } from './sse.js';

globalThis.pdfjsLib = pdfjsLib; // pdf_viewer.mjs reads the library from the global
pdfjsLib.GlobalWorkerOptions.workerSrc = workerSrc;
const { PDFViewer, EventBus, PDFLinkService } = await import('pdfjs-dist/web/pdf_viewer.mjs');

const headers = { 'X-SignToken': 'demo-sign-token', 'X-SignUser': 'demo' };
/** The mounted viewer: { container, viewer, linkService, loading }. */
let current;

/**
 * Closes the mounted viewer as pdf.js's own app closes a document (web/app.js close():
 * setDocument(null) on the viewer and the link service, then the loading task destroyed) and
 * removes its container. Only emptying the old `#viewer` and building a second PDFViewer on the
 * same container left the first viewer alive on it: its listeners kept scrolling page divs that
 * were no longer in the document ("offsetParent is not set -- cannot scroll") and the second
 * viewer never painted its first page, so the warm mount waited until the bench killed the browser.
 */
async function unmount() {
  if (!current) return;
  const { container, viewer, linkService, loading } = current;
  current = undefined;
  viewer.setDocument(null);
  linkService.setDocument(null);
  await loading?.destroy();
  container.remove();
}

/** A fresh scroller as pdf.js's viewer wants it: absolutely positioned, laid out, sized (pdfjs.html's CSS). */
function newContainer() {
  const container = document.createElement('div');
  container.className = 'viewerContainer';
  const inner = document.createElement('div');
  inner.className = 'pdfViewer';
  container.append(inner);
  document.body.append(container);
  return container;
}

/** Mounts the practice's first document; resolves with bytes → first page and mount → first page. */
window.__mount = async (idFile) => {
  await unmount();
  performance.clearMarks();
  const started = performance.now();
  const container = newContainer();
  const eventBus = new EventBus();
  const linkService = new PDFLinkService({ eventBus });
  const viewer = new PDFViewer({ container, eventBus, linkService });
  linkService.setViewer(viewer);
  current = { container, viewer, linkService };
  const painted = new Promise((resolve) =>
    eventBus.on('pagerendered', ({ pageNumber }) => pageNumber === 1 && resolve()),
  );
  eventBus.on('pagesinit', () => (viewer.currentScaleValue = 'page-width'));
  const api = `${sim}/sign/api/v2`;
  const [doc] = await (await fetch(`${api}/files/${idFile}/documents`, { headers })).json();
  const data = new Uint8Array(
    await (await fetch(`${api}/documents/viewer/${doc.idDocument}`, { headers })).arrayBuffer(),
  );
  performance.mark('sportello-sign:bytes');
  // The options <sportello-sign-viewer> opens documents with (src/pdf/pdfjs.ts).
  current.loading = pdfjsLib.getDocument({
    data,
    isEvalSupported: false,
    enableXfa: false,
    useSystemFonts: true,
    verbosity: 0,
  });
  const pdf = await current.loading.promise;
  viewer.setDocument(pdf);
  linkService.setDocument(pdf);
  // As <sportello-sign-viewer>'s bench wait: a page that never paints is an error, not a hang.
  let timer;
  const late = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('pdf.js: first page not painted within 30 s')), 30000);
  });
  await Promise.race([painted, late]).finally(() => clearTimeout(timer));
  performance.mark('sportello-sign:first-page');
  const bytes = performance.getEntriesByName('sportello-sign:bytes')[0].startTime;
  const first = performance.getEntriesByName('sportello-sign:first-page')[0].startTime;
  return { bytesToFirstPageMs: first - bytes, mountToFirstPageMs: first - started, pages: pdf.numPages };
};

window.__canvases = () => document.querySelectorAll('.viewerContainer canvas').length;
window.__scroller = () => document.querySelector('.viewerContainer');
window.__ready = true;
