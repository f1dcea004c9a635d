// `sportello/sign-viewer.js` (and `cdn/sign-viewer.js`): defines <sportello-sign-viewer>; pdf.js loads from its
// own chunk when the first document is about to be shown.
export * from '../components/sign-viewer/index.js';
