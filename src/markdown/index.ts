/**
 * The one sanitising markdown renderer of the kit. Markdown becomes DOM built node by node
 * (never an HTML string), raw HTML shows as text, URLs pass an allow-list; `html` answers go
 * through DOMPurify into a DOM fragment. `MarkdownView` renders a growing text incrementally.
 */
import { sanitiseHtml } from './html-format.js';
import { provideHtmlSanitiser } from './html-loader.js';

// The whole renderer has DOMPurify already: `html` renders at once, with no chunk to wait for.
provideHtmlSanitiser(sanitiseHtml);

export { MarkdownView, renderMarkdown, type ContentFormat, type MarkdownViewOptions } from './markdown-view.js';
export { safeLinkUrl, safeImageUrl, encodeUrl } from './safe-url.js';
export { decodeEntities } from './entities.js';
export { blockEnds, splitBlocks, BlockScanner } from './blocks.js';
export { sanitiseHtml };
export { loadHtmlSanitiser } from './html-loader.js';
export { plainText } from './plain-text.js';
export type { BuildOptions } from './dom-builder.js';
