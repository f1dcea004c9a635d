/**
 * Every state of every element, for the pseudo-locale test. Each entry mounts an element in
 * `lang="qps"` against the real simulator and drives it (as a visitor would) to one state, then
 * says which of what it shows is data (simulator content, what the visitor typed) rather than
 * the kit's own words. To cover a new state: add an entry here, nothing else.
 */
import { fixture, html, waitUntil } from '@open-wc/testing';
import { GATEWAY_URL, SIM_URL } from '/__sportello/env.js';
import '../../../components/ai-chat/index.js';
import '../../../components/live-chat/index.js';
import '../../../components/desk-form/index.js';
import '../../../components/sign-viewer/index.js';
import '../../../components/shared/sportello-config.js';
import { setPdfWorkerSrc } from '../../../src/pdf/pdfjs.js';
import { clientCredentials } from '../../../src/transport/auth.js';
import { until } from '../helpers/chat-frames.js';
import { changeWidget } from '../helpers/chat-widget.js';
import { TestOperator } from '../helpers/live-chat.js';
import { settled } from '../../harness/harness.js';
import { LiveChatHarness } from '../../harness/live-chat.js';
import type { SportelloAiChat } from '../../../components/ai-chat/ai-chat.js';
import type { SportelloDeskForm } from '../../../components/desk-form/desk-form.js';
import type { SportelloSignViewer } from '../../../components/sign-viewer/sign-viewer.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

export interface Shown {
  /** The element whose rendering is checked (its shadow tree, nested elements included). */
  root: Element;
  /** Text that is data here: exact strings or patterns. */
  data?: ReadonlyArray<string | RegExp>;
  /** Selectors of regions that are data as a whole (an answer's markdown, a PDF's text layer). */
  skip?: readonly string[];
  /** Lets go of what the state needed once it has been read (an operator's connection). */
  done?: () => Promise<void>;
}

export interface ElementState {
  element: string;
  state: string;
  show: () => Promise<Shown>;
}

export const LANG = 'qps';

async function faults(body: unknown): Promise<void> {
  await fetch(`${SIM_URL}/__sim/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
}

export async function resetSim(): Promise<void> {
  await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  localStorage.clear();
  sessionStorage.clear();
}

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

const aiStates: ElementState[] = [
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

// ---- Live chat ---------------------------------------------------------------------------------

/** The widget's configuration, categories, operators' and bot's words are the service's data. */
const CHAT_DATA = {
  skip: ['.bubble', '.author', 'option', '.privacy'],
  // What the visitor typed, and the pre-chat fields the widget's configuration adds (its own labels).
  data: ['Ada', 'ada@example.com', 'Buongiorno', 'Numero d’ordine (facoltativo)', 'Order number (optional)'],
};

async function liveChat(options: { widgetKey?: string; mode?: 'inline' | 'launcher' } = {}): Promise<LiveChatHarness> {
  return LiveChatHarness.mount({ lang: LANG, ...options });
}

async function chatStarted(): Promise<LiveChatHarness> {
  const chat = await liveChat();
  await chat.startChat('2');
  return chat;
}

/** A chat the simulator's scripted operator has joined: what is kept of it names her. */
async function chatWithGiulia(): Promise<LiveChatHarness> {
  const chat = await chatStarted();
  await until(() => chat.operatorName() === 'Giulia');
  return chat;
}

/** A verified visitor's token, as the site's backend mints it (for calls through the gateway). */
const visitorToken = async (): Promise<string> =>
  ((await (await fetch('/__sportello/visitor-token?user=ada')).json()) as { token: string }).token;

const chatStates: ElementState[] = [
  {
    element: 'live-chat',
    state: 'launcher closed',
    show: async () => {
      const chat = await liveChat({ mode: 'launcher' });
      await until(() => chat.launcher?.getAttribute('aria-label'));
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'loading',
    show: async () => {
      await faults({ kind: 'delay', match: '/chat/public/api/widget', count: 1, delayMs: 4000 });
      const chat = await liveChat();
      await chat.waitFor('loading');
      await until(() => chat.inWindow('[role="status"]'));
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'pre-chat form',
    show: async () => {
      const chat = await liveChat();
      await chat.waitFor('prechat');
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'pre-chat form with errors',
    show: async () => {
      const chat = await liveChat();
      await chat.waitFor('prechat');
      await chat.submit();
      await until(() => chat.invalidFields().length);
      await settled(chat.window);
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'chatting (queue, operator, system messages)',
    show: async () => {
      const chat = await chatStarted();
      await until(() => chat.inWindow('sportello-message-list'));
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'end confirmation',
    show: async () => {
      const chat = await chatStarted();
      (await chat.findInWindow<HTMLButtonElement>('header .end-chat')).click();
      await chat.findInWindow('#confirm-end .end');
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'ended (rating, transcript)',
    show: async () => {
      const chat = await chatStarted();
      await chat.endChat();
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'past conversations',
    show: async () => {
      // Giulia has answered before the chat ends: the list names her in every run, not in some.
      const chat = await chatWithGiulia();
      await chat.sendAndConfirm('Buongiorno');
      await chat.endChat();
      await chat.openPast();
      // The list names who answered: the simulator's scripted operator (its nickname is data).
      return { root: chat.element, ...CHAT_DATA, data: [...CHAT_DATA.data, 'Giulia'] };
    },
  },
  {
    element: 'live-chat',
    state: 'a past conversation, opened',
    show: async () => {
      const chat = await chatWithGiulia();
      await chat.sendAndConfirm('Buongiorno');
      await chat.endChat();
      const [item] = await chat.openPast();
      item!.click();
      await chat.findInWindow('#past-chat-title');
      await until(() => chat.inWindow('.past-chat sportello-message-list'));
      // Her name is said inside the catalogue's "with {name}".
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'the greeting above the closed launcher',
    show: async () => {
      await changeWidget('demo-greeting', { greeting: { id: 'qps', delaySeconds: 0, text: 'Need a hand?' } });
      const chat = await liveChat({ mode: 'launcher', widgetKey: 'demo-greeting' });
      chat.element.setAttribute('greeting', '');
      await chat.find('.greeting .say');
      return { root: chat.element, ...CHAT_DATA, data: [...CHAT_DATA.data, 'Need a hand?'] };
    },
  },
  {
    element: 'live-chat',
    state: 'a new message previewed above the closed launcher',
    show: async () => {
      const chat = await liveChat({ mode: 'launcher' });
      await chat.open();
      // A category without the scripted operator: the demo operator answers, and nobody else writes.
      const idChat = await chat.startChat('4');
      const operator = await TestOperator.joined(idChat);
      await until(() => chat.operatorName() === 'Operatore Demo');
      await chat.element.close();
      operator.send(idChat, 'Your parcel is on its way.');
      await chat.find('.above.preview');
      await until(() => chat.$('.above-status[role=status]')?.textContent?.includes('Your parcel'));
      return {
        root: chat.element,
        ...CHAT_DATA,
        data: [...CHAT_DATA.data, 'Operatore Demo', 'Your parcel is on its way.'],
        done: () => operator.stop(),
      };
    },
  },
  {
    element: 'live-chat',
    state: 'answers before a chat, under the question',
    show: async () => {
      const config = await fixture<HTMLElement>(html`<sportello-config ai-endpoint=${`${GATEWAY_URL}/ai/api/v2`}>
        <sportello-live-chat
          lang=${LANG}
          widget-key="demo"
          mode="inline"
          answers-kb="2"
          endpoint=${`${GATEWAY_URL}/chat`}
          .tokenProvider=${visitorToken}
          .reportNavigation=${false}
        ></sportello-live-chat>
      </sportello-config>`);
      const chat = new LiveChatHarness(config.querySelector<SportelloLiveChat>('sportello-live-chat')!);
      await chat.waitFor('prechat');
      await chat.fill({ message: 'How much does shipping cost to Italy?' });
      await until(() => chat.inWindow('.answers .answer'));
      await settled(chat.window);
      // The knowledge base's questions and answers are data.
      return { root: chat.element, ...CHAT_DATA, skip: [...CHAT_DATA.skip, '.answer h4', '.answer-body'] };
    },
  },
  {
    element: 'live-chat',
    state: 'offline form',
    show: async () => {
      const chat = await liveChat({ widgetKey: 'demo-offline' });
      await chat.waitFor('offline');
      return { root: chat.element, ...CHAT_DATA };
    },
  },
  {
    element: 'live-chat',
    state: 'error (unknown widget)',
    show: async () => {
      const chat = await liveChat({ widgetKey: 'no-such-widget' });
      await chat.waitFor('error');
      return { root: chat.element, ...CHAT_DATA };
    },
  },
];

// ---- Signing viewer ----------------------------------------------------------------------------

const SIGN = `${SIM_URL}/sign/api/v2`;
/** The practice's name, signers, file names and the PDF's own text are data. */
const SIGN_DATA = {
  skip: ['.practice-name', '.summary', '.who', '.textLayer', '.switcher button'],
  // The service's own event descriptions (shown instead of ours when it gives one), file names.
  data: ['Pratica inviata in firma', /Firmata da \p{Lu}\p{L}+ \p{Lu}\p{L}+/gu, /[\w.-]+\.pdf/g],
};

async function signViewer(idFile: string | undefined): Promise<SportelloSignViewer> {
  const el = document.createElement('sportello-sign-viewer');
  el.setAttribute('lang', LANG);
  el.setAttribute('style', '--sportello-sign-viewer-height: 700px; width: 1000px');
  for (const [k, v] of Object.entries({
    endpoint: SIGN,
    'sign-token': 'demo-sign-token',
    'sign-user': 'demo',
    'poll-interval': '150',
  }))
    el.setAttribute(k, v);
  if (idFile) el.setAttribute('id-file', idFile);
  return fixture<SportelloSignViewer>(el);
}
const sign$ = (el: Element, s: string) => el.shadowRoot!.querySelector(s);
/** A viewer in link-only mode on one file of the real-world corpus (test/fixtures/pdf-corpus). */
function corpusViewer(file: string): Promise<SportelloSignViewer> {
  const el = document.createElement('sportello-sign-viewer');
  el.setAttribute('lang', LANG);
  el.setAttribute('style', 'width: 390px; --sportello-sign-viewer-height: 700px');
  el.setAttribute('signing-url', `${SIM_URL}/sign/app/sign/corpus`);
  el.setAttribute('document-src', `/test/fixtures/pdf-corpus/${file}`);
  return fixture<SportelloSignViewer>(el);
}

const signStates: ElementState[] = [
  {
    element: 'sign-viewer',
    state: 'loading',
    show: async () => {
      await faults({ kind: 'delay', match: '/sign/api/v2', count: 1, delayMs: 4000 });
      const el = await signViewer('1001');
      await waitUntil(() => sign$(el, '.loading'), 'loading shown', { timeout: 10000 });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'practice with the PDF toolbar',
    show: async () => {
      const el = await signViewer('1001');
      await waitUntil(
        () => sign$(el, 'sportello-sign-document')?.shadowRoot?.querySelector('canvas[data-painted]'),
        'painted',
        { timeout: 15000 },
      );
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'signed practice',
    show: async () => {
      const el = await signViewer('1004');
      await waitUntil(() => sign$(el, '.practice-name'), 'shown', { timeout: 10000 });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'error (404)',
    show: async () => {
      const el = await signViewer('999999');
      await waitUntil(() => sign$(el, '[part="error"]'), 'error', { timeout: 10000 });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'password asked, a wrong one said to be wrong',
    show: async () => {
      const el = await corpusViewer('encrypted-user-password.pdf');
      await waitUntil(() => sign$(el, '#document-password'), 'no prompt', { timeout: 15000 });
      (sign$(el, '#document-password') as HTMLInputElement).value = 'wrong';
      sign$(el, '.password-form')!.querySelector<HTMLButtonElement>('button[type="submit"]')!.click();
      await waitUntil(() => sign$(el, '.password-wrong'), 'wrong password not said', { timeout: 15000 });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'password cancelled: the document is protected',
    show: async () => {
      const el = await corpusViewer('encrypted-user-password.pdf');
      await waitUntil(() => sign$(el, '.password-form'), 'no prompt', { timeout: 15000 });
      [...sign$(el, '.password-form')!.querySelectorAll('button')].find((b) => b.type !== 'submit')!.click();
      await waitUntil(() => sign$(el, '.password [role="status"]'), 'cancel says nothing', { timeout: 15000 });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'damaged document',
    show: async () => {
      const el = await corpusViewer('damaged-garbage.pdf');
      await waitUntil(() => sign$(el, '.doc-state [part="error"], .doc-state sportello-error-notice'), 'not said', {
        timeout: 15000,
      });
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'a damaged page among readable ones',
    show: async () => {
      const el = await corpusViewer('damaged-page-2.pdf');
      await waitUntil(
        () => sign$(el, 'sportello-sign-document')?.shadowRoot?.querySelector('.page-error'),
        'not said',
        {
          timeout: 15000,
        },
      );
      return { root: el, ...SIGN_DATA };
    },
  },
  {
    element: 'sign-viewer',
    state: 'error (not configured)',
    show: async () => {
      const el = await signViewer(undefined);
      el.removeAttribute('endpoint');
      await waitUntil(() => sign$(el, '[part="error"]'), 'error', { timeout: 10000 });
      return { root: el, ...SIGN_DATA };
    },
  },
];

// ---- Help-desk form ----------------------------------------------------------------------------

const DESK = `${SIM_URL}/desk`;
const provider = clientCredentials({
  tokenUrl: `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`,
  clientId: 'sportello-demo',
  clientSecret: 'demo-secret',
});
/** The catalogue's names (services, assets, request types, urgencies) and a request's contents are data. */
const DESK_DATA = {
  skip: ['option', '.subject', '.description', '.meta strong', 'p.text', '[part="section"] legend'],
  data: [
    'Wi-Fi drops',
    'NB-2291',
    // The labels of the request type's extra attributes (the service's catalogue).
    'Numero di inventario',
    'Data del guasto',
    'Impatto sul lavoro',
    'Postazioni coinvolte',
    'Il problema si era gia presentato',
    // The service's names for priorities, workflows, services, request types, people, and its ticket numbers.
    'Alta',
    'Bassa',
    'Flusso con ticket di secondo livello',
    'Amministrazione',
    'Richiesta informazioni',
    'Anna Russo',
    /TCK-\d{4}-\d+/g,
  ],
};

async function deskForm(extra: Partial<SportelloDeskForm> = {}): Promise<SportelloDeskForm> {
  const host = await fixture<HTMLElement>(html`<div></div>`);
  const form = document.createElement('sportello-desk-form');
  form.setAttribute('no-draft', '');
  form.setAttribute('lang', LANG);
  form.setAttribute('user-id', '501');
  form.endpoint = DESK;
  form.tokenProvider = provider;
  if (!('catalog' in extra)) form.catalogSrc = `${SIM_URL}/desk/__catalog.json`;
  Object.assign(form, extra);
  host.append(form);
  if (!form.requestId)
    await waitUntil(
      () => form.shadowRoot?.querySelector('select[data-field="servizio"] option:nth-child(2)'),
      'catalogue',
      { timeout: 5000 },
    );
  return form;
}
const desk$ = <T extends Element = HTMLElement>(el: Element, s: string) => el.shadowRoot!.querySelector<T>(s);
async function choose(el: SportelloDeskForm, field: string, value: string): Promise<void> {
  await waitUntil(
    () => desk$(el, `[data-field="${CSS.escape(field)}"] option[value="${CSS.escape(value)}"]`),
    `${field} offers ${value}`,
  );
  const select = desk$<HTMLSelectElement>(el, `[data-field="${CSS.escape(field)}"]`)!;
  select.value = value;
  select.dispatchEvent(new Event('change', { bubbles: true }));
  await el.updateComplete;
}
async function type(el: SportelloDeskForm, field: string, value: string): Promise<void> {
  const input = desk$<HTMLInputElement>(el, `[data-field="${CSS.escape(field)}"]`)!;
  input.value = value;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  await el.updateComplete;
}
async function fillFault(el: SportelloDeskForm): Promise<void> {
  await choose(el, 'servizio', 'id:1');
  await choose(el, 'assetRoot', 'id:20');
  await choose(el, 'assetFiglio', 'id:22');
  await choose(el, 'tipoRichiesta', 'id:100');
  await choose(el, 'urgenza', 'id:3');
  await waitUntil(() => desk$(el, '[data-field="extra.id:101"]'), 'extra attributes', { timeout: 5000 });
  await type(el, 'extra.id:101', 'NB-2291');
  await type(el, 'extra.id:102', '2026-02-12');
  await choose(el, 'extra.id:103', 'BLOCCANTE');
  await type(el, 'oggetto', 'Wi-Fi drops');
}

const deskStates: ElementState[] = [
  {
    element: 'desk-form',
    state: 'loading the catalogue',
    show: async () => {
      await faults({ kind: 'delay', match: '/desk/__catalog.json', count: 1, delayMs: 4000 });
      const host = await fixture<HTMLElement>(html`<div></div>`);
      const form = document.createElement('sportello-desk-form');
      form.setAttribute('no-draft', '');
      form.setAttribute('lang', LANG);
      form.endpoint = DESK;
      form.tokenProvider = provider;
      form.catalogSrc = `${SIM_URL}/desk/__catalog.json`;
      host.append(form);
      await waitUntil(() => form.shadowRoot?.querySelector('[role="status"]')?.textContent?.trim(), 'loading shown');
      return { root: form, ...DESK_DATA };
    },
  },
  { element: 'desk-form', state: 'empty form', show: async () => ({ root: await deskForm(), ...DESK_DATA }) },
  {
    element: 'desk-form',
    state: 'form with errors',
    show: async () => {
      const el = await deskForm();
      desk$<HTMLButtonElement>(el, 'button[type="submit"]')!.click();
      await waitUntil(() => desk$(el, '[aria-invalid="true"]'), 'errors shown');
      await el.updateComplete;
      return { root: el, ...DESK_DATA };
    },
  },
  {
    element: 'desk-form',
    state: 'filled form with expected times',
    show: async () => {
      const el = await deskForm();
      await fillFault(el);
      await waitUntil(() => !desk$(el, '[aria-busy="true"]'), 'preview settled', { timeout: 5000 });
      return { root: el, ...DESK_DATA };
    },
  },
  {
    element: 'desk-form',
    state: 'confirmation (request created)',
    show: async () => {
      const el = await deskForm();
      await fillFault(el);
      await el.submit();
      await el.updateComplete;
      return { root: el, ...DESK_DATA };
    },
  },
  {
    element: 'desk-form',
    state: 'following a request',
    show: async () => {
      const el = await deskForm({ requestId: '7002' });
      const view = await until(() => desk$(el, 'sportello-desk-request'));
      await waitUntil(() => view.shadowRoot?.querySelector('.facts'), 'detail loaded', { timeout: 5000 });
      return { root: el, ...DESK_DATA };
    },
  },
  {
    element: 'desk-form',
    state: 'error (unknown request)',
    show: async () => {
      const el = await deskForm({ requestId: '999999' });
      const view = await until(() => desk$(el, 'sportello-desk-request'));
      await waitUntil(() => view.shadowRoot?.querySelector('[role="alert"], .error'), 'error', { timeout: 5000 });
      return { root: el, ...DESK_DATA };
    },
  },
];

export const ELEMENT_STATES: readonly ElementState[] = [...aiStates, ...chatStates, ...signStates, ...deskStates];
