/**
 * Where pdf.js' worker comes from when the integrator says so. Apart from pdfjs.ts so that the
 * package's public types (`setPdfWorkerSrc` is exported by `sportello/sign-viewer.js`) never name
 * `pdfjs-dist`: pdf.js is bundled into our own chunks, not a dependency a portal installs.
 */
let override: string | undefined;

/** Uses this URL for pdf.js' worker script instead of the one emitted beside the bundle. Call before the first document. */
export function setPdfWorkerSrc(url: string): void {
  override = new URL(url, document.baseURI).href;
}

/** The URL given to `setPdfWorkerSrc`, if any. */
export function pdfWorkerSrcOverride(): string | undefined {
  return override;
}
