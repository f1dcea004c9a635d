/**
 * Where the build put pdf.js' data files (`pdfjs/`: character maps, standard fonts, decoders, ICC
 * profiles), relative to the file this code ends up in. The build (scripts/vite-plugins.ts,
 * `pdfjsAssets()`) copies the folder beside the entries and writes, in place of the marker, the path
 * from this module's chunk to it: `../pdfjs/` from `chunks/`, `./pdfjs/` from the single file. Left
 * as the marker when no build ran (the test server): then only `setPdfAssetsUrl()` names a folder.
 */
const relative = '__SPORTELLO_PDFJS_ASSETS__';

export function emittedAssetsUrl(): string | undefined {
  if (relative.startsWith('__')) return undefined;
  return new URL(relative, import.meta.url).href;
}
