/**
 * The demo's operator console: plain TypeScript over the kit's transport (no product element).
 * Logs in over STOMP with CHAT_WS_USER/CHAT_WS_PASSWORD, lists chats through the authenticated
 * REST API (X-ChatToken), joins one (POST /api/chat/join), follows its topic, answers, shows
 * typing, sends read receipts and closes it (PUT /api/chat/close/{idChat}).
 * Every server string goes into the page through textContent.
 */
import { SIM_URL } from '../demo-env.js';
import { HttpClient } from '../../src/transport/http.js';
import { chatToken } from '../../src/transport/auth.js';
import { StompSession, toWebSocketUrl } from '../../src/transport/stomp.js';

const endpoint = `${SIM_URL}/chat`;
const OPERATOR = { idUser: 1, username: 'operator', password: 'operator' };
const http = new HttpClient({ service: 'chat', baseUrl: endpoint, auth: chatToken('demo-chat-token') });
const session = new StompSession({
  url: toWebSocketUrl(endpoint, '/websocket'),
  connectHeaders: { CHAT_WS_USER: OPERATOR.username, CHAT_WS_PASSWORD: OPERATOR.password },
});

interface ChatRow {
  idChat: number;
  name: string;
  status: string;
  category?: { title?: string };
  assignedUser?: { idUser: number } | null;
}
interface Message {
  type: 'message';
  id: number;
  clientMessageId: string | null;
  from: string;
  text: string;
  attachments?: Array<{ name: string }>;
  author?: { name: string };
}

/** The service's one-letter chat status, as the console says it. */
const STATUS: Record<string, string> = { A: 'active', P: 'waiting', C: 'closed' };

const $ = <T extends HTMLElement>(sel: string) => document.querySelector<T>(sel)!;
const list = $('#chats');
const messagesEl = $('#messages');
const text = $<HTMLInputElement>('#text');
let current: number | undefined;
let unsubscribe: (() => void) | undefined;
let seen = new Map<number, Message>();
let typingSentAt = 0;

session.onState((s) => ($('#conn').textContent = s));
session.onError((e) => ($('#conn').textContent = `error: ${e.message}`));
session.subscribe('/topic/operators', () => void refresh());
session.onConnected(() => {
  void refresh();
  if (current !== undefined) sync(current);
});
session.start();

async function refresh(): Promise<void> {
  const page = await http.json<{ content: ChatRow[] }>('/api/chat/', {
    query: { active: true, sort: 'tsIns,desc', size: 50 },
  });
  list.replaceChildren(
    ...page.content.map((c) => {
      const li = document.createElement('li');
      li.classList.toggle('current', c.idChat === current);
      const label = document.createElement('span');
      label.textContent = `#${c.idChat} ${c.name} — ${c.category?.title ?? ''} (${STATUS[c.status] ?? c.status})`;
      const button = document.createElement('button');
      button.type = 'button';
      const mine = c.assignedUser?.idUser === OPERATOR.idUser;
      button.textContent = mine ? 'Open' : c.assignedUser ? 'Take over' : 'Join';
      button.addEventListener('click', () => void open(c, !mine));
      li.append(label, button);
      return li;
    }),
  );
}

async function open(chat: ChatRow, join: boolean): Promise<void> {
  if (join)
    await http.json('/api/chat/join', { method: 'POST', json: { idChat: chat.idChat, idUser: OPERATOR.idUser } });
  unsubscribe?.();
  current = chat.idChat;
  seen = new Map();
  messagesEl.replaceChildren();
  $('#chat-title').textContent = `#${chat.idChat} ${chat.name}`;
  for (const el of [text, $('#send'), $('#close')] as HTMLInputElement[]) el.disabled = false;
  unsubscribe = session.subscribe(`/topic/chat.${chat.idChat}`, (frame) => onEvent(JSON.parse(frame.body)));
  sync(chat.idChat);
  text.focus();
  void refresh();
  void followPages(chat.idChat);
}

/** Where the visitor is: the chat's navigation pages (GET /api/chat/{idChat}), looked at every few seconds. */
let pagesTimer: ReturnType<typeof setTimeout> | undefined;
async function followPages(idChat: number): Promise<void> {
  clearTimeout(pagesTimer);
  if (current !== idChat) return;
  try {
    const detail = await http.json<{ navigationPages?: Array<{ url: string; title: string }> }>(`/api/chat/${idChat}`);
    const last = detail.navigationPages?.at(-1);
    $('#page').textContent = last
      ? `Visitor is on: ${last.title || last.url} — ${last.url} (${detail.navigationPages!.length} pages)`
      : '';
  } catch {
    // the chat may be gone: the next refresh says so
  }
  pagesTimer = setTimeout(() => void followPages(idChat), 3000);
}

function sync(idChat: number): void {
  const last = Math.max(0, ...seen.keys());
  session.publish(`/app/chat.${idChat}.sync`, { afterId: last });
}

function onEvent(event: { type: string; [k: string]: unknown }): void {
  if (event.type === 'message') addMessage(event as unknown as Message);
  else if (event.type === 'history') for (const m of event.messages as Message[]) addMessage(m);
  else if (event.type === 'typing' && event.from === 'visitor')
    $('#typing').textContent = event.typing ? 'The visitor is typing…' : '';
  else if (event.type === 'closed') {
    note('The chat was closed.');
    for (const el of [text, $('#send'), $('#close')] as HTMLInputElement[]) el.disabled = true;
  } else if (event.type === 'joined')
    note(`${(event.operator as { nickname?: string })?.nickname ?? 'An operator'} joined.`);
}

function addMessage(m: Message): void {
  if (seen.has(m.id)) return;
  seen.set(m.id, m);
  const p = document.createElement('p');
  p.className = m.from;
  const files = m.attachments?.length ? ` [${m.attachments.map((a) => a.name).join(', ')}]` : '';
  p.textContent = `${m.from === 'operator' ? 'You' : m.from === 'visitor' ? 'Visitor' : (m.author?.name ?? m.from)}: ${m.text}${files}`;
  // Keep DOM order equal to server order even when history and live events interleave.
  const after = [...messagesEl.children].find((c) => Number((c as HTMLElement).dataset.id) > m.id);
  p.dataset.id = String(m.id);
  messagesEl.insertBefore(p, after ?? null);
  messagesEl.scrollTop = messagesEl.scrollHeight;
  if (m.from === 'visitor' && current !== undefined) {
    $('#typing').textContent = '';
    session.publish(`/app/chat.${current}.read`, { upToId: m.id });
  }
}

function note(textContent: string): void {
  const p = document.createElement('p');
  p.className = 'system';
  p.textContent = textContent;
  messagesEl.append(p);
}

$('#composer').addEventListener('submit', (e) => {
  e.preventDefault();
  if (current === undefined || !text.value.trim()) return;
  session.publish(`/app/chat.${current}.message`, { clientMessageId: crypto.randomUUID(), text: text.value.trim() });
  session.publish(`/app/chat.${current}.typing`, { typing: false });
  text.value = '';
});
text.addEventListener('input', () => {
  if (current === undefined || Date.now() - typingSentAt < 3000) return;
  typingSentAt = Date.now();
  session.publish(`/app/chat.${current}.typing`, { typing: true });
});
$('#close').addEventListener('click', () => {
  if (current !== undefined) void http.json(`/api/chat/close/${current}`, { method: 'PUT' }).then(refresh);
});
$('#refresh').addEventListener('click', () => void refresh());
