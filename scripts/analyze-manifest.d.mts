/** custom-elements.json analysed afresh from the elements' JSDoc (see analyze-manifest.mjs). */
export function analyzeManifest(): unknown;
