/**
 * Where pdf.js' worker and its data files come from when the integrator says so. Apart from
 * pdfjs.ts so that the package's public types (`setPdfWorkerSrc` and `setPdfAssetsUrl` are exported
 * by `sportello/sign-viewer.js`) never name `pdfjs-dist`: pdf.js is bundled into our own chunks, not
 * a dependency a portal installs.
 */
let override: string | undefined;
let assetsOverride: string | undefined;

/** Uses this URL for pdf.js' worker script instead of the one emitted beside the bundle. Call before the first document. */
export function setPdfWorkerSrc(url: string): void {
  override = new URL(url, document.baseURI).href;
}

/** The URL given to `setPdfWorkerSrc`, if any. */
export function pdfWorkerSrcOverride(): string | undefined {
  return override;
}

/**
 * Uses this folder for pdf.js' data files instead of the `pdfjs/` folder built beside the script: it
 * holds `cmaps/` (character maps of CJK text), `standard_fonts/` (the 14 standard fonts a PDF may
 * leave out), `wasm/` (the JPEG 2000, JBIG2 and colour-profile decoders) and `iccs/`, as in
 * `dist/pdfjs/` and `cdn/pdfjs/`. Call before the first document.
 */
export function setPdfAssetsUrl(url: string): void {
  const href = new URL(url, document.baseURI).href;
  assetsOverride = href.endsWith('/') ? href : `${href}/`;
}

/** The folder given to `setPdfAssetsUrl`, if any. */
export function pdfAssetsOverride(): string | undefined {
  return assetsOverride;
}
