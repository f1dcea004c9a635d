import '../../entries/index.js';
import { SIM_URL } from '../demo-env.js';
import { withPage } from './spa-links.js';
import type { SportelloLiveChat } from '../../components/live-chat/live-chat.js';

let chat = document.querySelector<SportelloLiveChat>('#chat')!;
chat.endpoint = `${SIM_URL}/chat`;
const log = document.querySelector('#log')!;
const say = (text: string) => (log.textContent = text);

for (const name of ['sportello-chat-started', 'sportello-chat-ended', 'sportello-error'] as const) {
  document.addEventListener(name, (e) => {
    const detail = (e as CustomEvent).detail as { idChat?: string; operation?: string; error?: Error };
    say(`${name}: ${detail.idChat ?? `${detail.operation} – ${detail.error?.message}`}`);
  });
}

document.querySelector('#open')!.addEventListener('click', () => void chat.open());
document.querySelector('#prefill')!.addEventListener('click', () => {
  chat.setPrefill({ name: 'Maria Rossi', email: 'maria.rossi@example.com', message: 'Where is my order 1042?' });
  void chat.open();
});
// A single-page site changes its URL with pushState: the operator sees the visitor move.
for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-spa]')) {
  link.addEventListener('click', (e) => {
    e.preventDefault();
    // The page's own query (`?sim=` and the like) stays: only the shop page changes.
    history.pushState({}, '', withPage(location.href, new URL(link.href).searchParams.get('page') ?? ''));
    document.title = `Sportello — ${link.textContent}`;
    say(`pushState: ${location.pathname}${location.search}`);
  });
}
document.querySelector('#toggle')!.addEventListener('click', () => void chat.toggle());
document.querySelector('#handoff')!.addEventListener(
  'click',
  () =>
    void chat.startFromHandoff({
      name: 'Ada',
      transcript:
        'Visitor: How do I sign the contract?\nAssistant: Open the link in the e-mail…\nVisitor: I want to talk to a person.',
      summary: 'The visitor cannot find the signing link.',
    }),
);
document
  .querySelector('#drop')!
  .addEventListener(
    'click',
    () => void fetch(`${SIM_URL}/__sim/ws/drop`, { method: 'POST' }).then(() => say('WebSocket dropped')),
  );
document.querySelector<HTMLSelectElement>('#key')!.addEventListener('change', (e) => {
  const key = (e.target as HTMLSelectElement).value;
  replace({ 'widget-key': key });
  // The widget with a proactive greeting shows it where the page asks for it.
  chat.toggleAttribute('greeting', key === 'demo-greeting');
});
document.querySelector<HTMLInputElement>('#lang-it')!.addEventListener('change', (e) => {
  document.documentElement.lang = (e.target as HTMLInputElement).checked ? 'it' : 'en';
  replace({});
});
document
  .querySelector('#inline')!
  .addEventListener('click', () => replace({ mode: 'inline' }, document.querySelector('#inline-host')!));

/** Swaps the chat element for a new one (another key, language or mode). */
function replace(attributes: Record<string, string>, parent: Element = document.body): void {
  const next = document.createElement('sportello-live-chat');
  for (const a of chat.getAttributeNames()) if (a !== 'open') next.setAttribute(a, chat.getAttribute(a)!);
  for (const [k, v] of Object.entries(attributes)) next.setAttribute(k, v);
  next.id = 'chat';
  next.endpoint = `${SIM_URL}/chat`;
  chat.remove();
  parent.append(next);
  chat = next;
}
