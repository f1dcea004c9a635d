import DOMPurify, { type Config } from 'dompurify';
import { safeImageUrl, safeLinkUrl } from './safe-url.js';
import { parseHtmlWithPolicy } from '../security/trusted-types.js';

/**
 * Answers the service sends as HTML (`response_format: html`): DOMPurify parses them in an inert
 * document and hands back a DOM fragment (RETURN_DOM_FRAGMENT), so no string of markup ever
 * reaches innerHTML of the page. Our URL allow-list and link attributes are applied on top.
 *
 * DOMPurify's own parse is a Trusted Types sink; under `require-trusted-types-for 'script'` it
 * needs a policy: the kit's shared `sportello` policy, which accepts HTML only during this parse.
 */

const CONFIG: Config = {
  RETURN_DOM_FRAGMENT: true,
  USE_PROFILES: { html: true },
  FORBID_TAGS: [
    'style',
    'form',
    'input',
    'button',
    'textarea',
    'select',
    'option',
    'iframe',
    'frame',
    'object',
    'embed',
    'link',
    'meta',
    'base',
    'svg',
    'math',
    'template',
    'dialog',
  ],
  FORBID_ATTR: ['style', 'id', 'name', 'class', 'srcset', 'action', 'formaction', 'autofocus', 'tabindex', 'target'],
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  SANITIZE_DOM: true,
};

/** Sanitised DOM for an HTML answer, or null when it cannot be sanitised here (the caller shows text). */
export function sanitiseHtml(html: string, doc: Document = document): DocumentFragment | null {
  if (!DOMPurify.isSupported) return null;
  let fragment: DocumentFragment;
  try {
    fragment = parseHtmlWithPolicy(
      (policy) =>
        DOMPurify.sanitize(html, {
          ...CONFIG,
          TRUSTED_TYPES_POLICY: policy as Config['TRUSTED_TYPES_POLICY'],
        }) as unknown as DocumentFragment,
    );
  } catch {
    return null;
  }
  for (const anchor of Array.from(fragment.querySelectorAll('a'))) {
    const href = safeLinkUrl(anchor.getAttribute('href'));
    if (!href) {
      anchor.replaceWith(...Array.from(anchor.childNodes));
      continue;
    }
    anchor.setAttribute('href', href);
    anchor.setAttribute('target', '_blank');
    anchor.setAttribute('rel', 'noopener noreferrer');
  }
  for (const image of Array.from(fragment.querySelectorAll('img'))) {
    const src = safeImageUrl(image.getAttribute('src'));
    if (!src) {
      image.replaceWith(doc.createTextNode(image.getAttribute('alt') ?? ''));
      continue;
    }
    image.setAttribute('src', src);
    image.setAttribute('loading', 'lazy');
    image.setAttribute('referrerpolicy', 'no-referrer');
    if (!image.hasAttribute('alt')) image.setAttribute('alt', '');
  }
  // Media and anything else with a URL we did not check: keep the words only.
  for (const media of Array.from(fragment.querySelectorAll('video, audio, source, track, picture, area, map'))) {
    media.replaceWith(...Array.from(media.childNodes));
  }
  return doc === document ? fragment : (doc.importNode(fragment, true) as DocumentFragment);
}
