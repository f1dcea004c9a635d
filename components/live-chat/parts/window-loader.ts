/**
 * How the closed launcher fetches the chat window: one chunk (Lit, STOMP, forms, list, composer)
 * behind `import()`, its files hinted all at once. Part of the closed launcher's file: nothing here
 * imports code statically.
 */
export type WindowModule = typeof import('./chat-window.js');

let windowModule: Promise<WindowModule> | undefined;

/**
 * The window's chunk and the chunks it imports, relative to this file: filled in by the CDN build
 * (scripts/vite-plugins.ts, `modulePreloadLists`); left as it is where the window is no chunk of
 * its own (dev server, single-file bundle) or where the app's bundler names the chunks (npm).
 */
const WINDOW_FILES = '__SPORTELLO_PRELOAD:components/live-chat/parts/chat-window.ts__';

/** Asks for every file of the window at once, instead of learning each level's imports from the one before. */
function preloadWindowFiles(): void {
  if (WINDOW_FILES.startsWith('__')) return;
  for (const file of WINDOW_FILES.split(',')) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = new URL(file, import.meta.url).href;
    document.head.append(link);
  }
}

/** The window (Lit, STOMP, forms, list, composer) is a separate chunk; the launcher alone stays tiny. */
export function loadWindow(): Promise<WindowModule> {
  if (!windowModule) preloadWindowFiles();
  return (windowModule ??= import('./chat-window.js'));
}

/** Work that can wait for the browser to be idle (with a ceiling, so it does happen). */
export const idle = (fn: () => void): void => {
  if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout: 4000 });
  else setTimeout(fn, 1500);
};
