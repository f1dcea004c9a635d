/**
 * The lazy pdf.js loader. Nothing here imports pdf.js statically: `loadPdfjs()` pulls the library
 * (a chunk of its own beside the entry) only when a viewer is about to show a document, and starts
 * the worker once per page.
 *
 * Worker URL, in order: `setPdfWorkerSrc(url)` (tests, or an integrator who hosts the worker
 * elsewhere), else the URL Vite emitted beside the bundle (`worker-url.ts`). That URL is imported
 * statically (a string in this chunk, nothing fetched): behind an `import()` the worker could be
 * created only once that tiny chunk had arrived, one round trip after the library's request went
 * out, and the worker's fetch and compile are the longest part of a cold first page.
 *
 * CSP: the worker is a module worker. Same origin as the bundle: `worker-src 'self'`. Bundle on a
 * CDN (another origin): browsers refuse cross-origin worker scripts, so a `blob:` wrapper that
 * `import()`s it is used: `worker-src blob:` plus the CDN in `script-src`. Under Trusted Types the
 * URL goes through the `sportello` policy (`trusted-types lit-html sportello`).
 */
import type * as PdfjsLib from 'pdfjs-dist';
import { trustedScriptUrl } from '../security/trusted-types.js';
import { pdfAssetsOverride, pdfWorkerSrcOverride } from './worker-src.js';
import emittedWorkerSrc from './worker-url.js';
import { emittedAssetUrl } from './assets-url.js';

export { setPdfAssetsUrl, setPdfWorkerSrc } from './worker-src.js';

export type Pdfjs = typeof PdfjsLib;
export type PdfDocument = PdfjsLib.PDFDocumentProxy;
export type PdfPage = PdfjsLib.PDFPageProxy;

let loading: Promise<Pdfjs> | undefined;
let loaded: Pdfjs | undefined;
let sharedWorker: Promise<PdfjsLib.PDFWorker> | undefined;
let startedWorker: Promise<{ src: string; worker: Worker }> | undefined;

/** True once pdf.js and its worker have been requested on this page (used by tests and the bench). */
export function pdfjsRequested(): boolean {
  return loading !== undefined && startedWorker !== undefined;
}

export function loadPdfjs(): Promise<Pdfjs> {
  loading ??= import('pdfjs-dist').then(
    (pdfjs) => (loaded = pdfjs),
    (error: unknown) => {
      loading = undefined; // a failed chunk load (offline) may succeed on retry
      throw error;
    },
  );
  return loading;
}

/** pdf.js if it has loaded (it has whenever a document is open): for work that must start now, not a microtask later. */
export function loadedPdfjs(): Pdfjs | undefined {
  return loaded;
}

function resolveWorkerSrc(): string {
  return pdfWorkerSrcOverride() ?? new URL(emittedWorkerSrc, import.meta.url).href;
}

function isSameOrigin(url: string): boolean {
  return new URL(url, location.href).origin === location.origin;
}

function createWorker(src: string): Worker {
  let script = src;
  if (!isSameOrigin(src)) {
    // Workers must be same-origin: a one-line module in a blob: URL imports the CDN copy.
    script = URL.createObjectURL(new Blob([`await import(${JSON.stringify(src)});`], { type: 'text/javascript' }));
  }
  return new Worker(trustedScriptUrl(script) as string, { type: 'module', name: 'sportello-pdfjs' });
}

/**
 * Starts the worker script, without the library: the worker needs only its URL, so its fetch and
 * compile (the largest file, ~100-200 ms on a cold page) run beside the library's instead of after
 * it. Chained behind the library, the worker was ready only ~110-220 ms after the bytes arrived,
 * which was most of the cold first page's lead over pdf.js' own viewer.
 */
function startWorker(): Promise<{ src: string; worker: Worker }> {
  startedWorker ??= (async () => {
    const src = resolveWorkerSrc();
    const worker = createWorker(src);
    // A worker given as a port is trusted to be listening already. Through the blob: wrapper it is
    // not: the wrapper's `await import()` runs before pdf.js installs its handler, and messages
    // sent meanwhile are lost. pdf.js' worker announces itself with a "ready" message: wait for it.
    await new Promise<void>((resolve, reject) => {
      const onMessage = (e: MessageEvent) => {
        if ((e.data as { action?: string } | null)?.action !== 'ready') return;
        worker.removeEventListener('message', onMessage);
        worker.removeEventListener('error', onError);
        resolve();
      };
      const onError = (e: Event) => {
        worker.removeEventListener('message', onMessage);
        worker.terminate();
        reject(new Error(`pdf.js worker failed to start from ${src}: ${(e as ErrorEvent).message ?? 'error'}`));
      };
      worker.addEventListener('message', onMessage);
      worker.addEventListener('error', onError);
    });
    return { src, worker };
  })().catch((error: unknown) => {
    startedWorker = undefined; // a failed start (offline) may succeed on retry
    throw error;
  });
  return startedWorker;
}

/** One pdf.js worker for every viewer on the page; documents share it. */
async function getWorker(pdfjs: Pdfjs): Promise<PdfjsLib.PDFWorker> {
  sharedWorker ??= (async () => {
    const { src, worker } = await startWorker();
    // pdf.js checks this even with a port; keeping it right avoids a fake-worker fallback.
    pdfjs.GlobalWorkerOptions.workerSrc = src;
    return new pdfjs.PDFWorker({ port: worker as unknown as null });
  })().catch((error: unknown) => {
    sharedWorker = undefined;
    throw error;
  });
  return sharedWorker;
}

/** pdf.js and its worker, both started at once. */
async function libraryAndWorker(): Promise<{ pdfjs: Pdfjs; worker: PdfjsLib.PDFWorker }> {
  // The worker first: its request goes out before the library's, and it is the longer of the two.
  const worker = startWorker();
  const [pdfjs] = await Promise.all([loadPdfjs(), worker]);
  return { pdfjs, worker: await getWorker(pdfjs) };
}

/** Starts loading pdf.js and its worker (e.g. while a document's bytes are still downloading). */
export function preparePdfjs(): Promise<void> {
  return libraryAndWorker().then(() => undefined);
}

/** The folders of pdf.js' data files and one file in each, to tell whether the build's layout is intact. */
const ASSET_PROBES = [
  'cmaps/78-EUC-H.bcmap',
  'standard_fonts/FoxitDingbats.pfb',
  'wasm/openjpeg.wasm',
  'iccs/CGATS001Compat-v2-micro.icc',
];
/** pdf.js' names for its data folders, in `BinaryDataFactory.fetch({ kind })`. */
const KIND_FOLDERS: Record<string, string> = {
  cMapUrl: 'cmaps',
  standardFontDataUrl: 'standard_fonts',
  wasmUrl: 'wasm',
};

/**
 * The folder holding pdf.js' data files under their own names: the one given to `setPdfAssetsUrl()`,
 * else the `pdfjs/` folder the build put beside the script, when every file is still where the
 * build put it (the lazy folder, the single file, `dist/` served as it is).
 */
function assetsFolder(): string | undefined {
  const override = pdfAssetsOverride();
  if (override) return override;
  // Each probe is `folder/name`: the folder above its own is the one that holds all four.
  const probes = ASSET_PROBES.map((path) => {
    const url = emittedAssetUrl(path);
    return url && new URL(url).pathname.endsWith(`/${path}`) ? new URL('../', url).href : '';
  });
  return probes[0] && probes.every((folder) => folder === probes[0]) ? probes[0] : undefined;
}

/**
 * pdf.js' `BinaryDataFactory` when an app's bundler copied the data files one by one (renamed,
 * moved): each is fetched on the page by its own URL and handed to the worker.
 */
class BundledDataFiles {
  async fetch({ kind, filename }: { kind: string; filename: string }): Promise<Uint8Array> {
    const url = emittedAssetUrl(`${KIND_FOLDERS[kind] ?? kind}/${filename}`);
    if (!url) throw new Error(`pdf.js data file ${filename} is not in this build`);
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
}

/**
 * What pdf.js needs to find its data files, as its own viewer gives them: character maps (CJK text
 * in fonts a file does not embed), the standard fonts, the WebAssembly decoders (JPEG 2000, JBIG2,
 * ICC colour) and the CMYK profile. Without them such pages painted blank. From a folder (named, or
 * the build's `pdfjs/` as it is), pdf.js' worker fetches each when a document needs it. From files
 * an app's bundler copied one by one, the page fetches them by name for the worker; pdf.js then
 * goes without ICC colour (it needs a folder for it in its worker) and approximates those colours.
 */
export function pdfAssets(): Record<string, unknown> | undefined {
  const folder = assetsFolder();
  if (folder)
    return {
      cMapUrl: `${folder}cmaps/`,
      standardFontDataUrl: `${folder}standard_fonts/`,
      wasmUrl: `${folder}wasm/`,
      iccUrl: `${folder}iccs/`,
    };
  if (!emittedAssetUrl(ASSET_PROBES[0]!)) return undefined;
  return { BinaryDataFactory: BundledDataFiles, useWorkerFetch: false };
}

/** pdf.js asks for the password of a protected document: why (first time, or the last one was wrong), and where to send it. */
export interface PasswordRequest {
  incorrect: boolean;
  submit(password: string): void;
}

/** pdf.js and its worker are here, and the document is being opened: a failure from now on is the file's. */
export interface OpeningPdf {
  pdf: Promise<PdfDocument>;
  destroy: () => Promise<void>;
}

/**
 * Opens a PDF from bytes with scripting, XFA and eval off. The bytes are transferred to the worker.
 * Resolves once pdf.js and its worker are ready (a failure until then is a load failure: offline, a
 * refused chunk); its `pdf` then settles with the document or with why the file cannot be opened.
 * A protected document asks `onPassword`, again while the password given is wrong, and waits.
 */
export async function openPdf(data: Uint8Array, onPassword?: (request: PasswordRequest) => void): Promise<OpeningPdf> {
  const { pdfjs, worker } = await libraryAndWorker();
  const task = pdfjs.getDocument({
    data,
    worker,
    isEvalSupported: false,
    enableXfa: false,
    stopAtErrors: false,
    // Fonts a file leaves out come from the system first, then from pdf.js' standard fonts.
    useSystemFonts: true,
    disableFontFace: false,
    verbosity: 0,
    ...pdfAssets(),
  });
  if (onPassword)
    task.onPassword = (update: (password: string) => void, reason: number) =>
      onPassword({ incorrect: reason === pdfjs.PasswordResponses.INCORRECT_PASSWORD, submit: update });
  return { pdf: task.promise, destroy: () => task.destroy() };
}
