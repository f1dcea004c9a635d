/**
 * Helpers for the live-chat browser tests: the simulator's chat endpoint, the operator side over
 * real STOMP + REST, and another tab of the same site. The visitor's side is driven and read
 * through the element's harness (test/harness/live-chat.ts).
 */
import { expect } from '@open-wc/testing';
import '../../../components/live-chat/index.js';
import type { SportelloLiveChat } from '../../../components/live-chat/live-chat.js';
import { StompSession, toWebSocketUrl } from '../../../src/transport/stomp.js';
import { HttpClient } from '../../../src/transport/http.js';
import { chatToken } from '../../../src/transport/auth.js';
import { eventually, until } from '../../harness/harness.js';

// The test runner's virtual module; imported by a variable so the type checker (and the library
// build, which includes this file) does not try to resolve the virtual path.
const ENV_MODULE = '/__sportello/env.js';
export const { SIM_URL } = (await import(/* @vite-ignore */ ENV_MODULE)) as { SIM_URL: string };
export const CHAT_URL = `${SIM_URL}/chat`;
/** Reconnect tuning for tests: a dropped socket comes back in tens of milliseconds. */
export const FAST_RECONNECT = { reconnect: { baseDelayMs: 50, maxDelayMs: 400 } };

export async function resetSim(): Promise<void> {
  await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
  await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  localStorage.clear();
  sessionStorage.clear();
}

/** Another "tab" of the same site: a same-origin iframe with its own inline chat (same locks, storage, channels). */
export async function openTab(): Promise<{ frame: HTMLIFrameElement; chat: SportelloLiveChat }> {
  const frame = document.createElement('iframe');
  frame.src = new URL('../fixtures/two-tabs-frame.html', import.meta.url).href;
  document.body.append(frame);
  const chat = await until(() => (frame.contentWindow as (Window & { __chat?: SportelloLiveChat }) | null)?.__chat);
  return { frame, chat };
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
    const server = await eventually(async () => {
      const record = await this.history(idChat);
      return record.messages.filter(flow).length >= count && record;
    }, 100);
    expect(server.messages.filter(flow), 'numbered messages on the server').to.have.length(count);
    return server.messages.map((m) => `${m.id}:${m.text}`);
  }

  stop(): Promise<void> {
    return this.session.stop();
  }
}
