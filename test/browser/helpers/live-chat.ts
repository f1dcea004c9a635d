/**
 * Helpers for the live-chat browser tests: mount the element against the test simulator, drive
 * the operator side over real STOMP + REST, and wait for states without timed assertions.
 */
import { expect, fixture, html } from '@open-wc/testing';
import '../../../components/live-chat/index.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';
import type { SportelloLiveChatWindow } from '../../../components/live-chat/parts/chat-window.js';
import type { ChatPhase } from '../../../src/controllers/chat/live-chat-controller.js';
import { StompSession, toWebSocketUrl } from '../../../src/transport/stomp.js';
import { HttpClient } from '../../../src/transport/http.js';
import { chatToken } from '../../../src/transport/auth.js';
import { until } from './chat-frames.js';

export { until };

/** Confirmed by the server: `sent`, or already `read` when the operator saw it before the test looked. */
export const delivered = (m: { state: string } | undefined): boolean => m?.state === 'sent' || m?.state === 'read';

// The test runner's virtual module; imported by a variable so the type checker (and the library
// build, which includes this file) does not try to resolve the virtual path.
const ENV_MODULE = '/__sportello/env.js';
export const { SIM_URL } = (await import(/* @vite-ignore */ ENV_MODULE)) as { SIM_URL: string };
export const CHAT_URL = `${SIM_URL}/chat`;
export const FAST_RECONNECT = { reconnect: { baseDelayMs: 50, maxDelayMs: 400 } };

export async function resetSim(): Promise<void> {
  await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  localStorage.clear();
  sessionStorage.clear();
}

export async function mountChat(
  options: { widgetKey?: string; mode?: 'inline' | 'launcher'; category?: string; parent?: Element } = {},
): Promise<SportelloLiveChat> {
  const el = await fixture<SportelloLiveChat>(
    html`<sportello-live-chat
    lang="en"
    widget-key=${options.widgetKey ?? 'demo'}
    mode=${options.mode ?? 'inline'}
    category=${options.category ?? ''}
    endpoint=${CHAT_URL}
    .stomp=${FAST_RECONNECT}
    .reportNavigation=${false}
  ></sportello-live-chat>`,
    options.parent ? { parentNode: options.parent } : {},
  );
  return el;
}

export async function windowOf(el: SportelloLiveChat): Promise<SportelloLiveChatWindow> {
  return until(() => el.chatWindow);
}

export async function phase(el: SportelloLiveChat, ...phases: ChatPhase[]): Promise<SportelloLiveChatWindow> {
  const win = await windowOf(el);
  await until(() => phases.includes(win.chat.phase));
  await win.updateComplete;
  return win;
}

/**
 * The visitor's transcript as the server holds it: its messages, without the system lines the
 * widget adds itself (an operator joined, the chat ended), which the server's record has as events.
 */
export const serverLines = (win: SportelloLiveChatWindow) => win.chat.transcript.messages.filter((m) => !m.notice);

export const $ = <T extends Element = HTMLElement>(win: SportelloLiveChatWindow, selector: string): T | null =>
  win.shadowRoot!.querySelector<T>(selector);

/** Another "tab" of the same site: a same-origin iframe with its own inline chat (same locks, storage, channels). */
export async function openTab(): Promise<{ frame: HTMLIFrameElement; chat: SportelloLiveChat }> {
  const frame = document.createElement('iframe');
  frame.src = new URL('../fixtures/two-tabs-frame.html', import.meta.url).href;
  document.body.append(frame);
  const chat = await until(() => (frame.contentWindow as (Window & { __chat?: SportelloLiveChat }) | null)?.__chat);
  return { frame, chat };
}

/**
 * Two tabs of one site: tab A (an iframe) loads first and takes the socket lock; this page's chat
 * then follows it. Both wait in the pre-chat form.
 */
export async function leaderAndFollower(): Promise<{
  tabA: { frame: HTMLIFrameElement; chat: SportelloLiveChat };
  winA: SportelloLiveChatWindow;
  el: SportelloLiveChat;
  win: SportelloLiveChatWindow;
}> {
  const tabA = await openTab();
  const winA = await phase(tabA.chat, 'prechat');
  await until(() => winA.chat.tabRole === 'leader');
  const el = await mountChat();
  const win = await phase(el, 'prechat');
  await until(() => win.chat.tabRole === 'follower');
  return { tabA, winA, el, win };
}

/** A WebSocket the simulator holds open (`GET /__sim/ws`): a visitor's or an operator's STOMP session. */
export interface SimSocket {
  service: string;
  id: string;
  kind: 'visitor' | 'operator';
  visitorId?: string;
  username?: string;
}

/** The STOMP sessions the simulator holds open right now. */
export async function simSockets(): Promise<SimSocket[]> {
  return ((await (await fetch(`${SIM_URL}/__sim/ws`)).json()) as { sockets: SimSocket[] }).sockets;
}

/** The visitor sockets the simulator holds open right now for one visitor id. */
export async function visitorSockets(visitorId: string): Promise<number> {
  return (await simSockets()).filter((s) => s.kind === 'visitor' && s.visitorId === visitorId).length;
}

/** Like `until`, for a condition that needs an answer from the simulator. */
export async function eventually<T>(check: () => Promise<T | undefined | null | false>, stepMs = 50): Promise<T> {
  for (;;) {
    const value = await check();
    if (value) return value;
    await new Promise((r) => setTimeout(r, stepMs));
  }
}

/** Fills and submits the pre-chat form like a person would. */
export async function fillPrechat(
  win: SportelloLiveChatWindow,
  values: { name?: string; email?: string; category?: string; message?: string; consent?: boolean },
): Promise<void> {
  // The phase can say 'prechat' a render before the form is in the DOM (a loaded machine shows it).
  await eventually(async () => {
    await win.updateComplete;
    return $<HTMLButtonElement>(win, 'form button[type=submit]');
  });
  const set = (id: string, value: string | undefined) => {
    const field = $<HTMLInputElement>(win, `#${id}`);
    if (field && value !== undefined) {
      field.value = value;
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };
  set('name', values.name);
  set('email', values.email);
  set('idChatCategory', values.category);
  set('message', values.message);
  const consent = $<HTMLInputElement>(win, '#privacy')!;
  consent.checked = values.consent ?? true;
  $<HTMLButtonElement>(win, 'form button[type=submit]')!.click();
}

/**
 * A handover from the AI panel into a window where the visitor has not given the privacy consent
 * yet: the pre-chat form asks for it (and for an e-mail when the handover had none), the visitor
 * ticks it and starts.
 */
export async function handoffWithConsent(
  el: SportelloLiveChat,
  input: { name?: string; email?: string; transcript: string; summary?: string },
): Promise<SportelloLiveChatWindow> {
  await el.startFromHandoff(input);
  const win = await phase(el, 'prechat');
  await fillPrechat(win, { email: input.email ? undefined : 'visitor@example.com', consent: true });
  await phase(el, 'queued', 'chatting');
  return win;
}

export async function startChat(
  el: SportelloLiveChat,
  category: string,
  name = 'Ada',
): Promise<SportelloLiveChatWindow> {
  const win = await phase(el, 'prechat');
  await fillPrechat(win, { name, email: 'ada@example.com', category });
  await phase(el, 'queued', 'chatting');
  return win;
}

export async function composerSend(win: SportelloLiveChatWindow, text: string): Promise<void> {
  const composer = await until(() => $<HTMLElement & { updateComplete: Promise<boolean> }>(win, 'sportello-composer'));
  await composer.updateComplete;
  const area = composer.shadowRoot!.querySelector('textarea')!;
  area.value = text;
  area.dispatchEvent(new Event('input'));
  await composer.updateComplete;
  composer.shadowRoot!.querySelector<HTMLButtonElement>('button.send')!.click();
}

export interface OperatorMessage {
  id: number;
  from: string;
  text: string;
  clientMessageId: string | null;
}

/** One message as it reached the operator: pushed live on the chat topic, or replayed by a sync. */
export interface OperatorDelivery extends OperatorMessage {
  via: 'live' | 'history';
}

const OPERATOR = { username: 'operator', password: 'operator', idUser: 1 };
/** The simulator's second real operator (transfers, a message from someone who did not join). */
export const MARTA = { username: 'marta', password: 'marta', idUser: 3 };

/** The operator of the demo, over real STOMP and REST. */
export class TestOperator {
  readonly http = new HttpClient({ service: 'chat', baseUrl: CHAT_URL, auth: chatToken('demo-chat-token') });
  /**
   * While true the operator's network is "down": its reconnect attempts go to a path the simulator
   * refuses, so it stays away until `release()` (a peer whose outage lasts longer than the visitor's).
   */
  private held = false;
  readonly session = new StompSession({
    url: toWebSocketUrl(CHAT_URL, '/websocket'),
    connectHeaders: { CHAT_WS_USER: this.user.username, CHAT_WS_PASSWORD: this.user.password },
    webSocketFactory: (url) => new WebSocket(this.held ? `${url}-held` : url, ['v12.stomp', 'v11.stomp', 'v10.stomp']),
    ...FAST_RECONNECT,
  });
  readonly events: Array<{ type: string; [k: string]: unknown }> = [];

  /** The demo's operator by default; `MARTA` is the simulator's second real operator. */
  constructor(private readonly user: { username: string; password: string; idUser: number } = OPERATOR) {}
  /** The chat's messages by server id (a replayed or re-echoed message replaces itself here). */
  readonly messages = new Map<number, OperatorMessage>();
  /** Every message delivery, in arrival order, duplicates included. */
  readonly deliveries: OperatorDelivery[] = [];
  private seq = 0;

  /** An operator connected over STOMP who has taken the chat. */
  static async joined(idChat: string): Promise<TestOperator> {
    const operator = new TestOperator();
    await operator.connect();
    await operator.join(idChat);
    return operator;
  }

  async connect(): Promise<void> {
    this.session.start();
    await until(() => this.session.state === 'open');
  }

  async join(idChat: string): Promise<void> {
    this.session.subscribe(`/topic/chat.${idChat}`, (frame) => {
      const e = JSON.parse(frame.body) as { type: string; messages?: OperatorMessage[] };
      this.events.push(e);
      if (e.type === 'message') this.record(e as unknown as OperatorMessage, 'live');
      if (e.type === 'history') for (const m of e.messages ?? []) this.record(m, 'history');
    });
    // After a reconnect: what it missed, asked for before its own outbox goes out (the session
    // sends a hook's publish first), so the answer holds no echo of what it wrote offline.
    this.session.onConnected(() =>
      this.session.publish(`/app/chat.${idChat}.sync`, { afterId: Math.max(0, ...this.messages.keys()) }),
    );
    await this.http.json('/api/chat/join', {
      method: 'POST',
      json: { idChat: Number(idChat), idUser: this.user.idUser },
    });
  }

  private record(m: OperatorMessage, via: OperatorDelivery['via']): void {
    const message = { id: m.id, from: m.from, text: m.text, clientMessageId: m.clientMessageId };
    this.messages.set(m.id, message);
    this.deliveries.push({ ...message, via });
  }

  /** The operator's network goes down: from now on its reconnects fail (see `held`). */
  hold(): void {
    this.held = true;
  }

  /** The operator's network is back: the next reconnect attempt reaches the simulator. */
  release(): void {
    this.held = false;
  }

  send(idChat: string, text: string): string {
    const clientMessageId = `op-${Date.now()}-${++this.seq}`;
    this.session.publish(`/app/chat.${idChat}.message`, { clientMessageId, text });
    return clientMessageId;
  }

  typing(idChat: string, typing: boolean): void {
    this.session.publish(`/app/chat.${idChat}.typing`, { typing });
  }

  /** Reassigns the chat (PUT /api/chat/assign) to the operator `idUser`: a transfer. */
  assign(idChat: string, idUser: number): Promise<unknown> {
    return this.http.json('/api/chat/assign', { method: 'PUT', json: { idChat: Number(idChat), idUser } });
  }

  /** The server's own record of the chat. */
  history(idChat: string): Promise<{ messages: OperatorMessage[] }> {
    return this.http.json(`/api/chat/history/${idChat}`);
  }

  /**
   * The server's record once it holds `count` of the flow tests' numbered messages (`v1`, `o2`…),
   * as `id:text` lines: what both sides' transcripts must end equal to.
   */
  async recordOfFlow(idChat: string, count: number): Promise<string[]> {
    const flow = (m: { text: string }) => /^[vo]\d+$/.test(m.text);
    let server = await this.history(idChat);
    while (server.messages.filter(flow).length < count) {
      await new Promise((r) => setTimeout(r, 100));
      server = await this.history(idChat);
    }
    expect(server.messages.filter(flow), 'numbered messages on the server').to.have.length(count);
    return server.messages.map((m) => `${m.id}:${m.text}`);
  }

  stop(): Promise<void> {
    return this.session.stop();
  }
}

/** Ends the chat as a visitor does: "End chat" in the header, then the confirmation. */
export async function endChatByClick(win: SportelloLiveChatWindow): Promise<void> {
  const end = await until(() => win.shadowRoot!.querySelector<HTMLButtonElement>('header .end-chat'));
  end.click();
  const confirm = await until(() => win.shadowRoot!.querySelector<HTMLButtonElement>('#confirm-end .end'));
  confirm.click();
}
