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
let viewer;
let loading;

/** Mounts the practice's first document; resolves with bytes → first page and mount → first page. */
window.__mount = async (idFile) => {
  performance.clearMarks();
  const started = performance.now();
  await loading?.destroy();
  const container = document.querySelector('#viewerContainer');
  container.querySelector('#viewer').replaceChildren();
  const eventBus = new EventBus();
  const linkService = new PDFLinkService({ eventBus });
  viewer = new PDFViewer({ container, eventBus, linkService });
  linkService.setViewer(viewer);
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
  loading = pdfjsLib.getDocument({ data });
  const pdf = await loading.promise;
  viewer.setDocument(pdf);
  linkService.setDocument(pdf);
  await painted;
  performance.mark('sportello-sign:first-page');
  const bytes = performance.getEntriesByName('sportello-sign:bytes')[0].startTime;
  const first = performance.getEntriesByName('sportello-sign:first-page')[0].startTime;
  return { bytesToFirstPageMs: first - bytes, mountToFirstPageMs: first - started, pages: pdf.numPages };
};

window.__canvases = () => document.querySelectorAll('#viewer canvas').length;
window.__scroller = () => document.querySelector('#viewerContainer');
window.__ready = true;
