/**
 * How each framework uses an element, for its page on the documentation site: plain HTML, React
 * (the `sportello/react` wrappers), Vue 3, Angular and, for the elements it offers, a WordPress
 * shortcode. Written from the element's own reference (its attributes, function-valued properties
 * and events), following the README's "Frameworks" table of how each framework hands a value over.
 */
import type { ElementReference } from './model.js';

/** The WordPress plugin's shortcodes (integrations/wordpress/sportello/includes/shortcodes.php). */
const SHORTCODES: Record<string, string> = {
  'sportello-live-chat': '[sportello_live_chat mode="inline"]',
  'sportello-ai-chat': '[sportello_ai_chat agent="1"]',
  'sportello-sign-viewer': '[sportello_sign_viewer id_file="1002"]',
  'sportello-desk-form': '[sportello_desk_form]',
  'sportello-desk-requests': '[sportello_desk_requests]',
};

const pascal = (tag: string) => tag.replace(/(^|-)([a-z])/g, (_, _dash: string, c: string) => c.toUpperCase());
/** `sportello-chat-started` → `onChatStarted`, the wrappers' event prop. */
const reactEvent = (event: string) => `on${pascal(event.replace(/^sportello-/, ''))}`;
/** The entry a page imports for the tag: `sportello/ai-chat.js`. */
const entry = (tag: string) =>
  `sportello/${tag === 'sportello-desk-request' ? 'desk-requests' : tag.replace(/^sportello-/, '')}.js`;

export function frameworkSnippets(ref: ElementReference): Array<{ framework: string; code: string }> {
  const rows = (id: string) => ref.sections.find((s) => s.id === id)?.rows ?? [];
  const attribute = rows('attributes').find((a) => a.name !== 'lang')?.name ?? 'lang';
  const hasEndpoint = rows('attributes').some((a) => a.name === 'endpoint');
  const tokenProvider = rows('properties').some((p) => p.name === 'tokenProvider');
  const event = rows('events').find((e) => e.name !== 'sportello-error')?.name ?? 'sportello-error';
  const component = pascal(ref.tag);
  const shortcode = SHORTCODES[ref.tag];
  const lines = (...l: Array<string | false>) => l.filter((x): x is string => x !== false).join('\n');
  return [
    {
      framework: 'Plain HTML',
      code: lines(
        '<script type="module" src="https://cdn.example.com/sportello/sportello.js"></script>',
        `<${ref.tag} ${attribute}="…"${hasEndpoint ? ' endpoint="https://gateway.example.com/…"' : ''}></${ref.tag}>`,
        '<script type="module">',
        `  const el = document.querySelector('${ref.tag}');`,
        tokenProvider && "  el.tokenProvider = () => fetch('/my/token').then((r) => r.text());",
        `  el.addEventListener('${event}', (e) => console.log(e.detail));`,
        '</script>',
      ),
    },
    {
      framework: 'React (sportello/react)',
      code: lines(
        `import { ${component} } from 'sportello/react';`,
        '',
        `<${component}${hasEndpoint ? ' endpoint={url}' : ''}${tokenProvider ? ' tokenProvider={getToken}' : ''} ${reactEvent(event)}={(e) => console.log(e.detail)} />`,
      ),
    },
    {
      framework: 'Vue 3',
      code: lines(
        `import '${entry(ref.tag)}'; // once, e.g. in main.ts`,
        '',
        `<${ref.tag}${hasEndpoint ? ' :endpoint="url"' : ''}${tokenProvider ? ' .tokenProvider="getToken"' : ''} @${event}="onEvent" />`,
      ),
    },
    {
      framework: 'Angular',
      code: lines(
        `import '${entry(ref.tag)}'; // in main.ts; schemas: [CUSTOM_ELEMENTS_SCHEMA] in the component`,
        '',
        `<${ref.tag}${hasEndpoint ? ' [endpoint]="url"' : ''}${tokenProvider ? ' [tokenProvider]="getToken"' : ''} (${event})="onEvent($event)"></${ref.tag}>`,
      ),
    },
    ...(shortcode ? [{ framework: 'WordPress', code: shortcode }] : []),
  ];
}
