// Vite-only module: `?worker&url` makes Vite emit pdf.js' worker as an asset beside the bundle and
// hands back its URL relative to this chunk (`base: './'`), so dist/ works from any CDN path.
// Test runners without Vite never import this file: they call `setPdfWorkerSrc()` first
// (see pdfjs.ts), because esbuild/web-test-runner do not understand the `?worker&url` suffix.
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?worker&url';

export default workerSrc;
