import '../../../../components/ai-chat/index.js';
import { fixture } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { until } from '../../helpers/chat-frames.js';
import type { SportelloAiChat } from '../../../../components/ai-chat/ai-chat.js';
import { faults, LANG, type Shown, type ElementState } from './shared.js';

// ---- AI assistant ------------------------------------------------------------------------------

const AI = `${SIM_URL}/ai/api/v2`;
/** What the assistant answers is data: its markdown, the sources' titles, the tools it names. */
const AI_DATA = {
  skip: ['.md', '.sources a', '.sources .title', '.chip', '.follow-up'],
  data: [/\b[a-z]+(_[a-z]+)+\b/g],
};

async function aiPanel(attrs: Record<string, string> = {}): Promise<SportelloAiChat> {
  const el = document.createElement('sportello-ai-chat') as SportelloAiChat;
  for (const [k, v] of Object.entries({ endpoint: AI, 'api-key': 'spk_demo', 'agent-id': '1', lang: LANG, ...attrs }))
    el.setAttribute(k, v);
  return fixture(el);
}
const aiRoots = (el: SportelloAiChat) =>
  [el.shadowRoot!, el.shadowRoot!.querySelector('sportello-ai-thread')?.shadowRoot].filter((r): r is ShadowRoot => !!r);
const ai$ = (el: SportelloAiChat, s: string) =>
  aiRoots(el)
    .map((r) => r.querySelector(s))
    .find(Boolean) ?? null;
const aiBusy = (el: SportelloAiChat) => aiRoots(el).some((r) => r.querySelector('[aria-busy="true"], .footer .bar'));

async function aiAsk(el: SportelloAiChat, text: string): Promise<void> {
  const composer = (await until(() => ai$(el, 'sportello-composer'))) as HTMLElement & {
    updateComplete: Promise<unknown>;
  };
  await composer.updateComplete;
  const area = composer.shadowRoot!.querySelector('textarea')!;
  area.value = text;
  area.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await composer.updateComplete;
  area.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }));
}

async function aiAnswered(el: SportelloAiChat, question: string, extra: string[] = []): Promise<Shown> {
  await aiAsk(el, question);
  await until(() => !aiBusy(el) && ai$(el, '.msg.assistant'));
  return { root: el, ...AI_DATA, data: [...AI_DATA.data, question, ...extra] };
}

export const aiStates: ElementState[] = [
  {
    element: 'ai-chat',
    state: 'empty (welcome, suggestions)',
    show: async () => {
      const el = await aiPanel();
      el.suggestions = ['What are your opening hours?'];
      await el.updateComplete;
      return { root: el, ...AI_DATA };
    },
  },
  {
    element: 'ai-chat',
    state: 'answer with sources and confidence',
    show: async () => aiAnswered(await aiPanel(), 'What are your opening hours?'),
  },
  {
    element: 'ai-chat',
    state: 'reasoning',
    show: async () => aiAnswered(await aiPanel(), 'think step by step: how do I pay an invoice?'),
  },
  { element: 'ai-chat', state: 'needs review', show: async () => aiAnswered(await aiPanel(), 'who won the match?') },
  {
    element: 'ai-chat',
    state: 'tool call',
    show: async () => aiAnswered(await aiPanel(), 'track my parcel BS123456789IT'),
  },
  {
    element: 'ai-chat',
    state: 'loading (an answer streaming in)',
    show: async () => {
      await faults({ kind: 'slow-stream', match: '/ai/api/v2/chat', count: 1, delayMs: 400 });
      const el = await aiPanel();
      await aiAsk(el, 'What are your opening hours?');
      await until(() => aiBusy(el) && ai$(el, '.msg.assistant'));
      return { root: el, ...AI_DATA, data: [...AI_DATA.data, 'What are your opening hours?'] };
    },
  },
  {
    element: 'ai-chat',
    state: 'tool approval',
    show: async () => {
      const el = await aiPanel();
      await aiAsk(el, 'cancel my order 1234');
      await until(() => ai$(el, '[part="approval"]'));
      return { root: el, ...AI_DATA, data: [...AI_DATA.data, 'cancel my order 1234'] };
    },
  },
  {
    element: 'ai-chat',
    state: 'error (500) with retry',
    show: async () => {
      await faults({ kind: 'status', match: '/ai/api/v2/chat', count: 1, status: 500 });
      const el = await aiPanel();
      await aiAsk(el, 'hello');
      await until(() => ai$(el, '[part="error"]'));
      return { root: el, ...AI_DATA, data: [...AI_DATA.data, 'hello'] };
    },
  },
  {
    element: 'ai-chat',
    state: 'error (bad attributes)',
    show: async () => {
      const el = document.createElement('sportello-ai-chat') as SportelloAiChat;
      el.setAttribute('lang', LANG);
      await fixture(el);
      await until(() => ai$(el, '[part="error"], [role="alert"]'));
      return { root: el, ...AI_DATA };
    },
  },
  {
    element: 'ai-chat',
    state: 'past conversations (persist): the list',
    show: async () => {
      sessionStorage.clear();
      const el = await aiPanel({ persist: 'session', id: 'pseudo-history' });
      await aiAnswered(el, 'What are your opening hours?');
      el.newConversation();
      const shown = await aiAnswered(el, 'How do I reset my password?', ['What are your opening hours?']);
      (await until(() => ai$(el, '.past-toggle') as HTMLButtonElement | null)).click();
      await until(() => ai$(el, '.past-open'));
      // The dates are the service's moment in the language's Intl formatting: data, not words.
      return { ...shown, skip: [...(shown.skip ?? []), 'time'] };
    },
  },
  {
    element: 'ai-chat',
    state: 'past conversations (persist): the delete confirmation',
    show: async () => {
      sessionStorage.clear();
      const el = await aiPanel({ persist: 'session', id: 'pseudo-confirm' });
      const shown = await aiAnswered(el, 'What are your opening hours?');
      (await until(() => ai$(el, '.past-toggle') as HTMLButtonElement | null)).click();
      (await until(() => ai$(el, '.past-delete') as HTMLButtonElement | null)).click();
      await until(() => (ai$(el, 'dialog.confirm') as HTMLDialogElement | null)?.open);
      return { ...shown, skip: [...(shown.skip ?? []), 'time'] };
    },
  },
  {
    element: 'ai-chat',
    state: 'edited question left empty: its error',
    show: async () => {
      const el = await aiPanel();
      const shown = await aiAnswered(el, 'What are your opening hours?');
      (await until(() => ai$(el, '.icon-button.edit') as HTMLButtonElement | null)).click();
      const field = await until(() => ai$(el, '.edit-form textarea') as HTMLTextAreaElement | null);
      field.value = '';
      field.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      field.dispatchEvent(new FocusEvent('blur'));
      await until(() => ai$(el, '.edit-form .field-error'));
      return shown;
    },
  },
  {
    element: 'ai-chat',
    state: 'suggested follow-ups and the feedback form after thumbs down',
    show: async () => {
      const el = await aiPanel();
      const shown = await aiAnswered(el, 'How do I reset my password?');
      await until(() => ai$(el, '[part~="follow-ups"]'));
      (ai$(el, '[part~="answer-actions"] .rating:last-child') as HTMLButtonElement).click();
      await until(() => ai$(el, 'form[part~="feedback"]'));
      return shown;
    },
  },
  {
    element: 'ai-chat',
    state: 'feedback sent',
    show: async () => {
      const el = await aiPanel();
      const shown = await aiAnswered(el, 'What are your opening hours?');
      (ai$(el, '[part~="answer-actions"] .rating') as HTMLButtonElement).click();
      const form = await until(() => ai$(el, 'form[part~="feedback"]'));
      form.querySelector<HTMLInputElement>('input[type="radio"]')!.click();
      await el.updateComplete;
      form.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      await until(() => ai$(el, '.feedback-sent'));
      return shown;
    },
  },
  {
    element: 'ai-chat',
    state: 'a pasted picture in the composer, its thumbnail beside its name',
    show: async () => {
      const el = await aiPanel();
      const picture = new DataTransfer();
      picture.items.add(new File([new Uint8Array([137, 80, 78, 71])], 'photo.png', { type: 'image/png' }));
      const composer = (await until(() => ai$(el, 'sportello-composer')))!;
      composer
        .shadowRoot!.querySelector('textarea')!
        .dispatchEvent(new ClipboardEvent('paste', { clipboardData: picture, bubbles: true, cancelable: true }));
      await until(() => composer.shadowRoot!.querySelector('[part="attachment"].done sportello-image-thumb'));
      return { root: el, ...AI_DATA, data: [...AI_DATA.data, 'photo.png'] };
    },
  },
  {
    element: 'ai-chat',
    state: 'conversation downloaded (its announcement)',
    show: async () => {
      const el = await aiPanel();
      const shown = await aiAnswered(el, 'What are your opening hours?');
      // The download link is clicked inside the panel: the file itself is not saved here.
      el.shadowRoot!.addEventListener('click', (e) => (e.target as Element).tagName === 'A' && e.preventDefault(), {
        capture: true,
      });
      (ai$(el, 'header [part~="export"]') as HTMLButtonElement).click();
      await until(() => el.shadowRoot!.querySelector('[aria-live="polite"]')?.textContent?.includes('.md'));
      return { ...shown, data: [...(shown.data ?? []), /conversation-\d{4}-\d{2}-\d{2}\.md/g] };
    },
  },
  {
    element: 'ai-chat',
    state: 'launcher closed and open',
    show: async () => {
      const el = await aiPanel({ mode: 'launcher' });
      (el.shadowRoot!.querySelector('.launcher') as HTMLButtonElement).click();
      await el.updateComplete;
      return { root: el, ...AI_DATA };
    },
  },
];
