/**
 * The messages between the page and the stream worker (sse-worker.ts), and how a raw event becomes
 * an item (its data parsed as JSON, or its raw text kept when it is not JSON).
 *
 * The worker sends a read's items as one JSON text, not as objects: the page's one JSON.parse of
 * it costs less than the structured-clone copy of thousands of small objects (measured in
 * Chromium: ~1.5 ms against ~4.5 ms for 5,100 delta events), and far less than parsing each event.
 *
 * A request's life: page `fetch` (with its OffThreadOptions) → worker `head` (status, headers;
 * the body text when not ok) → `items` (per network read that completed any event, or per
 * delivery interval when reads come faster) → `end` or `fail`. The page may send `abort` at any
 * time; the worker then posts nothing more for that id.
 */
import type { EventSourceMessage } from 'eventsource-parser';

export type WireItem =
  | { kind: 'event'; event: string; id?: string; data: unknown }
  | { kind: 'malformed'; event: string; raw: string; reason: string };

/**
 * Events the worker may join into one: consecutive events of one name, without an id, whose data
 * is an object of exactly two fields, `field` holding one of `values` (the same one throughout)
 * and `text` a string. The joined event has the texts one after the other. Only for events whose
 * consumer takes a run as it takes the joined event, as AI `delta`s, which only ever append: a
 * fast model's thousands of token events then reach the page as a few.
 */
export interface JoinRule {
  field: string;
  values: readonly string[];
  text: string;
}

/** How the worker reads one request's stream (both optional). */
export interface OffThreadOptions {
  /** Runs of events the worker may join into one item. */
  join?: JoinRule;
  /**
   * Least time between two item messages (default and least 16 ms, at most 1 s): a page that
   * renders the text every 50 ms gains nothing from hearing of it every 16 ms, and each message
   * costs its main thread a task. The first read after a pause still goes at once.
   */
  deliveryIntervalMs?: number;
}

export type ToWorker =
  | ({
      type: 'fetch';
      id: number;
      url: string;
      method: string;
      headers: Record<string, string>;
      body: string | null;
      referrer?: string;
    } & OffThreadOptions)
  | { type: 'abort'; id: number };

export type FromWorker =
  | { type: 'ready' }
  /** `stream`: the answer is an ok event stream and its items follow; `body`: the text of a non-ok answer. */
  | {
      type: 'head';
      id: number;
      status: number;
      statusText: string;
      headers: Array<[string, string]>;
      stream: boolean;
      body: string | null;
    }
  /** `items`: a JSON array of WireItem (see wireItemJson). */
  | { type: 'items'; id: number; items: string }
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
    return {
      kind: 'malformed',
      event,
      raw: message.data,
      reason: error instanceof Error ? error.message : String(error),
    };
  }
  return message.id !== undefined ? { kind: 'event', event, id: message.id, data } : { kind: 'event', event, data };
}

/**
 * The items of events as one JSON array text (what an `items` message carries), built in the
 * worker without a parse per event on the page's side: each event's data is checked with
 * JSON.parse here and then put into the text as it came (text JSON.parse accepts is a JSON value
 * wherever it is placed). Runs of events that `join` allows become one item. Events are added in
 * stream order; `take` closes the open run and empties the batch.
 */
export class WireBatch {
  private held: string[] = [];
  /** The run of joinable events being joined: its event name, `field` value and texts. */
  private run: { event: string; value: string; texts: string[] } | null = null;

  constructor(private readonly join?: JoinRule) {}

  get isEmpty(): boolean {
    return !this.held.length && !this.run;
  }

  add(message: EventSourceMessage): this {
    const event = message.event ?? 'message';
    let data: unknown;
    try {
      data = JSON.parse(message.data);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.closeRun();
      this.held.push(
        `{"kind":"malformed","event":${JSON.stringify(event)},"raw":${JSON.stringify(message.data)},"reason":${JSON.stringify(reason)}}`,
      );
      return this;
    }
    const joinable = message.id === undefined ? this.joinable(data) : undefined;
    if (joinable) {
      const run = this.run;
      if (run && run.event === event && run.value === joinable.value) run.texts.push(joinable.text);
      else {
        this.closeRun();
        this.run = { event, value: joinable.value, texts: [joinable.text] };
      }
      return this;
    }
    this.closeRun();
    const id = message.id !== undefined ? `,"id":${JSON.stringify(message.id)}` : '';
    this.held.push(`{"kind":"event","event":${JSON.stringify(event)}${id},"data":${message.data}}`);
    return this;
  }

  take(): string {
    this.closeRun();
    const items = `[${this.held.join(',')}]`;
    this.held = [];
    return items;
  }

  private joinable(data: unknown): { value: string; text: string } | undefined {
    const rule = this.join;
    if (!rule || typeof data !== 'object' || data === null || Array.isArray(data)) return undefined;
    const record = data as Record<string, unknown>;
    const value = record[rule.field];
    const text = record[rule.text];
    if (typeof value !== 'string' || typeof text !== 'string' || !rule.values.includes(value)) return undefined;
    return Object.keys(record).length === 2 ? { value, text } : undefined;
  }

  private closeRun(): void {
    const run = this.run;
    if (!run || !this.join) return;
    this.run = null;
    const data = `{${JSON.stringify(this.join.field)}:${JSON.stringify(run.value)},${JSON.stringify(this.join.text)}:${JSON.stringify(run.texts.join(''))}}`;
    this.held.push(`{"kind":"event","event":${JSON.stringify(run.event)},"data":${data}}`);
  }
}
