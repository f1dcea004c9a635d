/**
 * The messages between the page and the stream worker (sse-worker.ts). Types only, plus the one
 * function both sides agree on: how a raw event becomes an item (JSON data, or its raw text kept
 * when it is not JSON).
 *
 * A request's life: page `fetch` → worker `head` (status, headers; the body text when not ok) →
 * `items` (one message per network read that completed any event) → `end` or `fail`. The page
 * may send `abort` at any time; the worker then posts nothing more for that id.
 */
import type { EventSourceMessage } from 'eventsource-parser';

export type WireItem =
  | { kind: 'event'; event: string; id?: string; data: unknown }
  | { kind: 'malformed'; event: string; raw: string; reason: string };

export type ToWorker =
  | { type: 'fetch'; id: number; url: string; method: string; headers: Record<string, string>; body: string | null }
  | { type: 'abort'; id: number };

export type FromWorker =
  | { type: 'ready' }
  /** `stream`: the answer is an ok event stream and its items follow; `body`: the text of a non-ok answer. */
  | { type: 'head'; id: number; status: number; statusText: string; headers: Array<[string, string]>; stream: boolean; body: string | null }
  | { type: 'items'; id: number; items: WireItem[] }
  | { type: 'end'; id: number }
  /** `phase` fetch: no answer at all (network, CORS); read: the body broke off mid-stream. */
  | { type: 'fail'; id: number; phase: 'fetch' | 'read'; message: string };

export const EVENT_STREAM = /^text\/event-stream\b/i;

/** One raw event as an item: the data parsed as JSON, or kept as text with the parser's reason. */
export function wireItem(message: EventSourceMessage): WireItem {
  const event = message.event ?? 'message';
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch (error) {
    return { kind: 'malformed', event, raw: message.data, reason: error instanceof Error ? error.message : String(error) };
  }
  return message.id !== undefined ? { kind: 'event', event, id: message.id, data } : { kind: 'event', event, data };
}
