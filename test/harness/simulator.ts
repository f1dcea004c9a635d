/**
 * The test simulator's control path (`/__sim/...`, see demo/server): reset, faults, the sockets it
 * holds open, and the actions no API request makes happen. What the other side of the wire sees.
 */
import { eventually } from './harness.js';

// The test runner's virtual module; imported by a variable so the type checker (and the library
// build) does not try to resolve the virtual path.
const ENV_MODULE = '/__sportello/env.js';
export const { SIM_URL } = (await import(/* @vite-ignore */ ENV_MODULE)) as { SIM_URL: string };

/** A fault the simulator injects (demo/server/core/faults.ts). */
export interface FaultInput {
  kind: string;
  match?: string;
  count?: number;
  status?: number;
  retryAfter?: number;
  delayMs?: number;
  afterEvents?: number;
  durationMs?: number;
}

/** A WebSocket the simulator holds open: a visitor's or an operator's STOMP session. */
export interface SimSocket {
  service: string;
  id: string;
  kind: 'visitor' | 'operator';
  visitorId?: string;
  widgetKey?: string;
  username?: string;
  /** What the session subscribed to. */
  destinations: string[];
}

/** An AI chat request as the simulator received it (spec ai-service.md §4.2; files without their data). */
export interface AiChatReceived {
  message: string;
  conversation_id?: number;
  external_conversation_id?: string;
  stream?: boolean;
}

async function control(path: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(`${SIM_URL}/__sim/${path}`, init);
  if (!response.ok) throw new Error(`simulator ${init.method ?? 'GET'} /__sim/${path}: HTTP ${response.status}`);
  return response;
}

export const simulator = {
  /** Seed data back, faults cleared; this page's storage cleared too (a new visitor). */
  async reset(): Promise<void> {
    await control('faults', { method: 'DELETE' });
    await control('reset', { method: 'POST' });
    localStorage.clear();
    sessionStorage.clear();
  },

  async fault(...faults: FaultInput[]): Promise<void> {
    await control('faults', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(faults),
    });
  },

  /** How many requests the faults of `kind` in force have affected (e.g. refused reconnects). */
  async faultHits(kind: string): Promise<number> {
    const faults = (await (await control('faults')).json()) as Array<{ kind: string; hits: number }>;
    return faults.filter((f) => f.kind === kind).reduce((n, f) => n + f.hits, 0);
  },

  async clearFaults(): Promise<void> {
    await control('faults', { method: 'DELETE' });
  },

  /** The event streams (SSE answers) the simulator still has open: a client that stopped closes its own. */
  async openStreams(): Promise<number> {
    return ((await (await control('health')).json()) as { eventStreams: number }).eventStreams;
  },

  /** The STOMP sessions the simulator holds open now. */
  async sockets(): Promise<SimSocket[]> {
    return ((await (await control('ws')).json()) as { sockets: SimSocket[] }).sockets;
  },

  /** The visitor sessions open now (for one visitor id when given). */
  async visitorSockets(visitorId?: string): Promise<SimSocket[]> {
    return (await this.sockets()).filter(
      (s) => s.kind === 'visitor' && (visitorId === undefined || s.visitorId === visitorId),
    );
  },

  /** The visitor id the one visitor session open now speaks for (waits for it). */
  async visitorId(): Promise<string> {
    return eventually(async () => (await this.visitorSockets()).at(-1)?.visitorId);
  },

  /** Waits until a visitor session listens to chat `idChat` (its socket up and subscribed); returns its id. */
  async visitorListening(idChat: string): Promise<string> {
    return eventually(
      async () => (await this.visitorSockets()).find((s) => s.destinations.includes(`/topic/chat.${idChat}`))?.id,
    );
  },

  /** Drops every socket without a goodbye (clients see 1006); answers how many. */
  async dropSockets(): Promise<number> {
    return ((await (await control('ws/drop', { method: 'POST' })).json()) as { dropped: number }).dropped;
  },

  /** Refuses WebSocket upgrades for `durationMs` (the network is down for sockets). */
  async refuseSockets(durationMs: number, match = '/chat/websocket'): Promise<void> {
    await this.fault({ kind: 'refuse-ws', match, durationMs });
  },

  /** The uploaded files the chat service holds now. */
  async chatAttachments(): Promise<Array<{ uuid: string; name: string }>> {
    return (await control('chat/attachments')).json();
  },

  /** The chat's operator leaves and nobody takes over. */
  async operatorLeaves(idChat: string): Promise<void> {
    await control(`chat/leave/${idChat}`, { method: 'POST' });
  },

  /** The AI chat requests the simulator received since the reset, in order: what the service was asked. */
  async aiChats(): Promise<AiChatReceived[]> {
    return (await control('ai/chats')).json();
  },

  /** Every AI conversation with the turns the service holds (oldest first). */
  async aiConversations(): Promise<Array<{ id: number; messages: Array<{ role: string; content: string }> }>> {
    return (await control('ai/conversations')).json();
  },

  /** The next request opens a new HTTP connection (fresh TCP buffers: upload progress shows steps). */
  async closeIdleConnections(): Promise<void> {
    await control('http/close-idle', { method: 'POST' });
  },
};
