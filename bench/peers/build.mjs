// The peers' pages (bench/pages/peers/{deep-chat,streamdown,pdfjs}.html) built with the project's
// Vite into .bench/peers/ at bench time, from the devDependencies: production, minified, split as
// Vite splits an application. Nothing is downloaded; our own pages load cdn/ as customers do.
import { join } from 'node:path';
import { build } from 'vite';

const root = new URL('../..', import.meta.url).pathname;
export const PEER_PAGES = ['deep-chat', 'deep-chat-launcher', 'streamdown', 'pdfjs'];
export const peerPage = (name) => `.bench/peers/${name}.html`;

let built;
export function buildPeers() {
  built ??= build({
    configFile: false,
    root: join(root, 'bench/pages/peers'),
    base: './',
    logLevel: 'error',
    mode: 'production',
    build: {
      outDir: join(root, '.bench/peers'),
      emptyOutDir: true,
      target: 'esnext', // pdfjs.js awaits at top level
      reportCompressedSize: false,
      rolldownOptions: {
        input: Object.fromEntries(PEER_PAGES.map((n) => [n, join(root, `bench/pages/peers/${n}.html`)])),
      },
    },
  });
  return built;
}
