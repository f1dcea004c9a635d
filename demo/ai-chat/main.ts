import '../../entries/index.js';
import { SIM_URL } from '../demo-env.js';
import type { SportelloAiChat } from '../../components/ai-chat/ai-chat.js';

// Development only: a raw key in the page. A real site sets `endpoint` to its own proxy.
const assistant = document.querySelector<SportelloAiChat>('#assistant')!;
assistant.endpoint = `${SIM_URL}/ai/api/v2`;
document.querySelector('sportello-live-chat')!.setAttribute('endpoint', `${SIM_URL}/chat`);

const events = document.querySelector('#events')!;
function log(text: string): void {
  const item = document.createElement('li');
  item.textContent = text;
  events.prepend(item);
  while (events.children.length > 8) events.lastElementChild!.remove();
}

assistant.addEventListener('sportello-usage', (e) =>
  log(`sportello-usage: ${e.detail.tokens_output ?? '?'} tokens out, conversation ${e.detail.conversation_id}`),
);
assistant.addEventListener('sportello-handoff', (e) =>
  log(`sportello-handoff (${e.detail.trigger}): ${e.detail.summary}`),
);
assistant.addEventListener('sportello-error', (e) => log(`sportello-error: ${e.detail.error.message}`));
assistant.addEventListener('sportello-ai-message', (e) => log(`sportello-ai-message: ${e.detail.role}`));
// A rating at once; why (a reason code and a comment) in a second event when the visitor says so.
assistant.addEventListener('sportello-feedback', (e) =>
  log(
    `sportello-feedback: ${e.detail.rating ?? 'taken back'}${e.detail.reason ? `, ${e.detail.reason}` : ''}${e.detail.comment ? `: “${e.detail.comment}”` : ''}`,
  ),
);

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-ask]')) {
  button.addEventListener('click', () => void assistant.ask(button.dataset.ask!));
}

const fault = (body: object) =>
  fetch(`${SIM_URL}/__sim/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
document
  .querySelector('#cut')!
  .addEventListener(
    'click',
    () =>
      void fault({ kind: 'cut-stream', match: '/ai/api/v2/chat', count: 1, afterEvents: 12 }).then(() =>
        log('next stream will be cut'),
      ),
  );
document
  .querySelector('#rate')!
  .addEventListener(
    'click',
    () =>
      void fault({ kind: 'status', match: '/ai/api/v2/chat', count: 3, status: 429, retryAfter: 1 }).then(() =>
        log('next request: 429 (after retries)'),
      ),
  );
document
  .querySelector('#e500')!
  .addEventListener(
    'click',
    () =>
      void fault({ kind: 'status', match: '/ai/api/v2/chat', count: 1, status: 500 }).then(() =>
        log('next request: 500'),
      ),
  );

const toggle = (id: string, apply: (on: boolean) => void) =>
  document
    .querySelector<HTMLInputElement>(id)!
    .addEventListener('change', (e) => apply((e.target as HTMLInputElement).checked));
toggle('#hidden', (on) => (assistant.includeHiddenSources = on));
toggle('#nostream', (on) => (assistant.stream = !on));
toggle('#html', (on) => (assistant.responseFormat = on ? 'html' : 'markdown'));
toggle('#it', (on) => {
  document.documentElement.lang = on ? 'it' : 'en';
  assistant.lang = on ? 'it' : 'en';
});
