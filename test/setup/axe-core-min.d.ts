/** axe-core's browser build: a UMD script that registers `window.axe` when imported (no module types). */
declare module 'axe-core/axe.min.js';
