/**
 * On-demand element code for the script-tag bundle: `sportello.js` stays a few KB and each
 * element's module (with its own chunks) is fetched only when its tag appears in the document.
 * Chunks resolve relative to the entry's URL, so this works from any CDN path.
 *
 * Pages that render our tags inside their own shadow roots, or need an element's methods before
 * it is in the document, call `loadElements()` or import the element's own entry
 * (`sportello/ai-chat.js`, …), which defines it at once.
 */
const LOADERS: Record<string, () => Promise<unknown>> = {
  'sportello-config': () => import('./config.js'),
  'sportello-ai-chat': () => import('./ai-chat.js'),
  'sportello-live-chat': () => import('./live-chat.js'),
  'sportello-sign-viewer': () => import('./sign-viewer.js'),
  'sportello-sign-composer': () => import('./sign-composer.js'),
  'sportello-desk-form': () => import('./desk-form.js'),
  'sportello-desk-request': () => import('./desk-form.js'),
  'sportello-desk-requests': () => import('./desk-requests.js'),
};

/**
 * What the watcher loads the first time it sees a tag, where that is less than the whole element:
 * the AI panel's small loader paints a closed launcher bubble and fetches the panel on the
 * visitor's first sign of intent (an inline or open panel it loads at once). `loadElements()`
 * still loads and defines the whole element.
 */
const FIRST_SIGHT: Readonly<Record<string, () => Promise<unknown>>> = {
  'sportello-ai-chat': () => import('./ai-launcher.js'),
};
const sighted = new Set<string>();

export type LazyTag = keyof typeof LOADERS;
export const LAZY_TAGS = Object.keys(LOADERS) as LazyTag[];

const loading = new Map<string, Promise<void>>();

/** Loads and defines the given elements (all by default); resolves when they are defined. */
export function loadElements(tags: readonly string[] = LAZY_TAGS): Promise<void> {
  return Promise.all(tags.map(loadOne)).then(() => undefined);
}

function loadOne(tag: string): Promise<void> {
  const loader = LOADERS[tag];
  if (!loader || customElements.get(tag)) return Promise.resolve();
  let pending = loading.get(tag);
  if (!pending) {
    pending = loader().then(
      () => undefined,
      (error: unknown) => {
        loading.delete(tag); // a later appearance of the tag may try again (e.g. back online)
        console.warn(`[sportello] could not load <${tag}>:`, error);
      },
    );
    loading.set(tag, pending);
  }
  return pending;
}

const CONFIG_TAG = 'sportello-config';

/**
 * What an element loads after: `<sportello-config>`'s definition when the page has one that is
 * not defined yet, so the elements inside resolve their configuration from it the first time (and
 * never report a missing endpoint that is on its way).
 */
function configFirst(doc: Document): Promise<void> {
  return !customElements.get(CONFIG_TAG) && doc.querySelector(CONFIG_TAG) ? loadOne(CONFIG_TAG) : Promise.resolve();
}

function scan(root: ParentNode, doc: Document): void {
  for (const tag of LAZY_TAGS) {
    if (
      !customElements.get(tag) &&
      !sighted.has(tag) &&
      ((root as Element).localName === tag || root.querySelector(tag))
    ) {
      const firstSight = FIRST_SIGHT[tag];
      const waitFor = tag === CONFIG_TAG ? Promise.resolve() : configFirst(doc);
      sighted.add(tag);
      // A tag seen again after its load failed (e.g. offline) tries again; a first-sight loader
      // that arrived watches for its tag itself from then on.
      void waitFor.then(firstSight ?? (() => loadOne(tag))).then(
        () => {
          if (!firstSight && !customElements.get(tag)) sighted.delete(tag); // loadOne said why
        },
        (error: unknown) => {
          sighted.delete(tag);
          console.warn(`[sportello] could not load <${tag}>:`, error);
        },
      );
    }
  }
}

/** Watches the document for our tags and loads each element the first time it is seen. */
export function watchForElements(doc: Document = document): void {
  const start = () => {
    scan(doc, doc);
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) if (node.nodeType === Node.ELEMENT_NODE) scan(node as Element, doc);
      }
    }).observe(doc.documentElement, { childList: true, subtree: true });
  };
  if (doc.readyState === 'loading') {
    // Tags already parsed are found now; the rest as the parser adds them.
    scan(doc, doc);
    doc.addEventListener('DOMContentLoaded', start, { once: true });
  } else start();
}
