/**
 * Where the build put each of pdf.js' data files (`cmaps/…`, `standard_fonts/…`, `wasm/…`,
 * `iccs/…`). The build (scripts/vite-plugins.ts, `pdfjsAssets()`) copies them as `pdfjs/` beside
 * the entries and writes, in place of the marker, one `new URL('<path from this chunk>',
 * import.meta.url)` per file: literal paths, so that a portal's bundler finds each file and copies
 * it into the app (renamed and moved, maybe), as it does pdf.js' worker. Left as the marker when no
 * build ran (the test server): then only `setPdfAssetsUrl()` names a folder.
 */
// `Object(…)`: a bare string constant would be folded away by the bundler before the build names
// the files (and the build fails, see `pdfjsAssets()`). Without a build it is a `String` wrapper.
const files: object = Object('__SPORTELLO_PDFJS_FILES__');

/** The URL of one data file (`cmaps/UniJIS-UCS2-H.bcmap`) as the build or the app's bundler placed it. */
export function emittedAssetUrl(path: string): string | undefined {
  return files instanceof String ? undefined : (files as Readonly<Record<string, URL>>)[path]?.href;
}
