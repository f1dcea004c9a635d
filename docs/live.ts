/**
 * The script of an element's page on the documentation site: the kit, and the element's live
 * example put into `#live` (its tag in `data-tag`, the simulator's URL in the page's
 * `<meta name="sportello-simulator">`, both written by the site's build). No inline script: the
 * pages keep the strict policy of the README's "Content Security Policy".
 */
import '../entries/index.js';
import { liveExample } from './live-examples.js';

const slot = document.querySelector<HTMLElement>('#live');
const sim = document.querySelector<HTMLMetaElement>('meta[name="sportello-simulator"]')?.content;
const example = slot?.dataset.tag && sim ? liveExample(slot.dataset.tag, sim) : undefined;
if (slot && example) slot.append(example);
