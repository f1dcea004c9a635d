// web-test-runner plugin: custom-elements.json analysed from the elements' JSDoc as they are now,
// served to test pages at `/__sportello/custom-elements.json` (analysed once, on first request).
import { analyzeManifest } from '../../scripts/analyze-manifest.mjs';

export function manifestPlugin() {
  let manifest;
  return {
    name: 'sportello-manifest',
    serve(context) {
      if (context.path !== '/__sportello/custom-elements.json') return undefined;
      manifest ??= JSON.stringify(analyzeManifest());
      return { body: manifest, type: 'json' };
    },
  };
}
