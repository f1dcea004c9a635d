// The shared renderer's browser tests live beside it in src/markdown/; the default web-test-runner
// glob only covers test/browser and components/, so this file brings them into `npm test`.
// (If the glob grows to src/**, delete this file to avoid running them twice.)
import '../../src/markdown/markdown.test.js';
import '../../src/markdown/xss.test.js';
