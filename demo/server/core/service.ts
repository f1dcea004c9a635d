import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Router } from './http-kit.js';
import type { Faults } from './faults.js';

/** The status + body a service answers with on failure, in that service's own error shape. */
export interface ErrorAnswer {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** Things every service module may use. */
export interface SimContext {
  faults: Faults;
  /** Delay between streamed chunks (ms); small in tests, human-like in the demo. */
  paceMs: number;
  /** The simulator's clock in epoch ms (the real one, or a test's: token expiry is read from it). */
  now(): number;
  /** Public base URL of the simulator, e.g. `http://127.0.0.1:8790` (known once listening). */
  baseUrl(): string;
  /** The identity provider's verifier for `Authorization: Bearer` (desk, and sign's OAuth mode). */
  verifyBearer(
    header: string | undefined,
  ): Promise<{ ok: true; clientId: string; scope: string[] } | { ok: false; reason: string }>;
  /** Registers a callback run by `POST /__sim/reset` (restore seed data, close sockets). */
  onReset(fn: () => void): void;
}

/** One open WebSocket as the control path reports it. */
export interface OpenSocket {
  service: ServiceModule['name'];
  id: string;
  /** Who connected: e.g. `visitor` or `operator` for the chat. */
  kind: string;
  [detail: string]: unknown;
}

export interface ServiceModule {
  name: 'ai' | 'sign' | 'desk' | 'chat' | 'auth';
  router: Router;
  /** Builds this service's error shape (spec section 7 of each service). */
  errorAnswer(status: number, message: string, code?: string): ErrorAnswer;
  /** Takes a WebSocket upgrade for a path under this service, if it has one. Return true if handled. */
  upgrade?(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** Drops every open WebSocket (fault injection). */
  dropSockets?(): number;
  /** The WebSockets open right now, described for `GET /__sim/ws` (test observability). */
  sockets?(): OpenSocket[];
  /** Event-stream responses still open (test observability: a client that stopped must close them). */
  eventStreams?(): number;
  /**
   * Test actions at `/__sim/<name>/<action>` that no request of the service's API makes happen (an
   * operator leaving a chat, which the real service allows but the spec has no call for). Answers
   * undefined for an action it does not know.
   */
  control?(method: string, action: string): { status: number; body: unknown } | undefined;
  /** Sends one malformed frame on every open socket (fault injection). */
  close?(): Promise<void> | void;
}
