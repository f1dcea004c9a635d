import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { Fault } from '../core/faults.js';
import { sleep } from '../core/http-kit.js';

/**
 * One Server-Sent Events response: `data: <json>\n\n` per event, backpressure honoured, and the
 * stream faults of the simulator applied by event count (`cut-stream` destroys the connection
 * without a terminal event; `malformed-sse` slips in one event whose data is not JSON;
 * `stall-stream` goes silent with the connection open, until the client gives up).
 */
export class SseWriter {
  private sent = 0;
  private closed = false;
  private malformedDone = false;

  constructor(
    private readonly res: ServerResponse,
    private readonly faults: { cut?: Fault | undefined; malformed?: Fault | undefined; stall?: Fault | undefined },
    /** The module's set of open streams: this one is in it until its connection closes. */
    openStreams?: Set<SseWriter>,
  ) {
    if (openStreams) {
      openStreams.add(this);
      res.on('close', () => openStreams.delete(this));
    }
    res.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-cache',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.on('close', () => (this.closed = true));
    this.maybeCut();
  }

  /** False once the client went away or the stream was cut: the caller stops producing. */
  get open(): boolean {
    return !this.closed && !this.res.destroyed;
  }

  async send(event: { type: string } & Record<string, unknown>): Promise<boolean> {
    if (!this.open) return false;
    const stall = this.faults.stall;
    if (stall && this.sent >= (stall.afterEvents ?? 0)) {
      // Headers and the first events went out; the rest never comes. The connection stays open
      // until the client closes it (or the simulator stops).
      await once(this.res, 'close');
      return false;
    }
    const malformed = this.faults.malformed;
    if (malformed && !this.malformedDone && this.sent >= (malformed.afterEvents ?? 0)) {
      this.malformedDone = true;
      await this.write('data: {not json\n\n');
    }
    await this.write(`data: ${JSON.stringify(event)}\n\n`);
    this.sent += 1;
    this.maybeCut();
    return this.open;
  }

  end(): void {
    if (this.open) this.res.end();
  }

  private async write(text: string): Promise<void> {
    if (!this.open) return;
    if (!this.res.write(text)) {
      await Promise.race([once(this.res, 'drain'), once(this.res, 'close')]);
    }
  }

  private maybeCut(): void {
    const cut = this.faults.cut;
    if (cut && this.open && this.sent >= (cut.afterEvents ?? 0)) {
      this.closed = true;
      // Let what was written reach the client, then drop the socket mid-stream.
      this.res.socket?.destroySoon?.();
      setTimeout(() => this.res.destroy(), 5);
    }
  }
}

/** Cuts text into pieces of one to three words (whitespace kept), or fixed `size` characters. */
export function chunkText(text: string, size?: number): string[] {
  if (size) {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
    return out;
  }
  const tokens = text.match(/\s*\S+\s*/g) ?? [];
  const out: string[] = [];
  const pattern = [1, 2, 3, 1, 2];
  for (let i = 0, p = 0; i < tokens.length; p++) {
    const n = pattern[p % pattern.length]!;
    out.push(tokens.slice(i, i + n).join(''));
    i += n;
  }
  return out;
}

/** Waits the configured pace; at pace 0 it still yields to the event loop now and then. */
export async function pace(ms: number, index: number): Promise<void> {
  if (ms > 0) await sleep(ms);
  else if (index % 64 === 0) await new Promise((r) => setImmediate(r));
}
