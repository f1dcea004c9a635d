// `?worker&url` makes Vite emit pdf.js' worker as an asset beside the bundle and hands back its URL
// relative to this chunk (`base: './'`), so dist/ works from any CDN path. In the single-file build
// (scripts/vite-plugins.ts) it is a `blob:` URL made from the worker's code inside the bundle.
// web-test-runner serves the suffix through test/setup/worker-url-plugin.mjs; the tests still name
// the worker with `setPdfWorkerSrc()`.
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?worker&url';

export default workerSrc;
