/**
 * DOMPurify (html-format.ts) is a third of the AI panel's code and only `html` answers need it, so
 * the views load it on demand: the first html answer imports it, every later one finds it here.
 * Code that imports html-format.ts statically (the renderer's index) hands it over with
 * provideHtmlSanitiser; html-format.ts itself imports nothing from here.
 */
export type HtmlSanitiser = (html: string, doc?: Document) => DocumentFragment | null;

let sanitiser: HtmlSanitiser | undefined;
let loading: Promise<HtmlSanitiser | null> | undefined;

/** Hands over the sanitiser a caller imported statically: html then renders at once. */
export function provideHtmlSanitiser(fn: HtmlSanitiser): void {
  sanitiser = fn;
}

/** The sanitiser if it is loaded, else undefined (see loadHtmlSanitiser). */
export function loadedHtmlSanitiser(): HtmlSanitiser | undefined {
  return sanitiser;
}

/** Loads the sanitiser once; null when the chunk cannot be loaded (the caller shows text). */
export function loadHtmlSanitiser(): Promise<HtmlSanitiser | null> {
  if (sanitiser) return Promise.resolve(sanitiser);
  loading ??= import('./html-format.js').then(
    (module) => (sanitiser = module.sanitiseHtml),
    () => {
      loading = undefined; // a later answer may try again (e.g. after a network blip)
      return null;
    },
  );
  return loading;
}
