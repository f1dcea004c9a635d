// web-test-runner plugin: the CommonMark spec's examples (the `commonmark-spec` package, which reads
// its spec.txt with Node's fs) as the virtual module `/__sportello/commonmark-spec.js` for the
// markdown renderer's conformance test. As the spec's own runner does, `→` in an example stands for
// a tab.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export function commonmarkSpecPlugin() {
  return {
    name: 'commonmark-spec',
    serve(context) {
      if (context.path !== '/__sportello/commonmark-spec.js') return undefined;
      const examples = require('commonmark-spec').tests.map(({ markdown, html, section, number }) => ({
        markdown: markdown.replace(/→/g, '\t'),
        html: html.replace(/→/g, '\t'),
        section,
        number,
      }));
      return { body: `export const examples = ${JSON.stringify(examples)};\n`, type: 'js' };
    },
  };
}
