// `sportello/sign-composer.js` (and `cdn/sign-composer.js`): defines <sportello-sign-composer>; pdf.js
// loads from its own chunk, shared with the viewer, when the first page is about to be shown.
export * from '../components/sign-composer/index.js';
