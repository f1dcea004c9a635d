/**
 * The messages the tabs of one site exchange over their BroadcastChannel (shared-realtime.ts), and
 * how an error crosses it: structured clone keeps data, not classes, so errors go as plain fields
 * and come back as the kit's errors.
 */
import { ServiceError, type ErrorKind } from '../transport/errors.js';
import { StartRejected, type ChatEvent, type FieldError, type StartChatInput } from '../services/chat.js';
import type { OutgoingMessage, RealtimeState } from './realtime-contract.js';

export interface WireError {
  kind: ErrorKind;
  status?: number | undefined;
  code?: string | undefined;
  message: string;
  reason?: string | undefined;
  fieldErrors?: FieldError[] | undefined;
}

/** Messages between the tabs. `from` is the sending tab; `to` addresses one tab. */
export type Wire =
  | { t: 'hello'; from: string }
  | { t: 'leader'; from: string; state: RealtimeState; hiddenSince: number | null; to?: string | undefined }
  | { t: 'state'; from: string; state: RealtimeState }
  | { t: 'visibility'; from: string; hiddenSince: number | null }
  | { t: 'leaving'; from: string }
  | { t: 'error'; from: string; error: WireError }
  | { t: 'event'; from: string; idChat: string; event: ChatEvent }
  | { t: 'watch'; from: string; idChat: string; afterId: string | null }
  | { t: 'unwatch'; from: string; idChat: string }
  | { t: 'bye'; from: string }
  | { t: 'send'; from: string; idChat: string; message: OutgoingMessage }
  | { t: 'typing'; from: string; idChat: string; typing: boolean }
  | { t: 'close'; from: string; idChat: string }
  | { t: 'reconnect'; from: string }
  | { t: 'start'; from: string; reqId: string; input: StartChatInput }
  | {
      t: 'start-result';
      from: string;
      to: string;
      reqId: string;
      idChat?: string | undefined;
      error?: WireError | undefined;
    };

export function toWire(error: unknown): WireError {
  const e = error as Partial<ServiceError> & { reason?: string; fieldErrors?: FieldError[] };
  return {
    kind: e.kind ?? 'protocol',
    status: e.status,
    code: e.code,
    message: e.message ?? String(error),
    reason: e.reason,
    fieldErrors: e.fieldErrors,
  };
}

export function fromWire(w: WireError): ServiceError {
  if (w.reason) return new StartRejected(w.reason, w.fieldErrors ?? []);
  return new ServiceError({ service: 'chat', kind: w.kind, status: w.status, code: w.code, message: w.message });
}

/** The greatest numeric server id among an event's messages (what a relay-only watch has seen). */
export function lastIdIn(event: ChatEvent, previous: string | undefined): string | undefined {
  const ids: unknown[] =
    event.type === 'message'
      ? [(event as { id?: unknown }).id]
      : event.type === 'history'
        ? ((event as { messages?: Array<{ id?: unknown }> }).messages ?? []).map((m) => m.id)
        : [];
  let best = previous;
  for (const id of ids) {
    if (id === undefined || id === null) continue;
    if (best === undefined || Number(id) > Number(best)) best = String(id);
  }
  return best;
}
