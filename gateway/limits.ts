/**
 * What a hostile crowd cannot exhaust (OWASP API4, unrestricted resource consumption): how many
 * requests and uploads one client IP has in flight, how many large bodies are read at once, and how
 * long a request body may stay silent. Per replica and in memory: these count sockets and bytes of
 * this process, which no other replica shares.
 */
/** Slots per key (a client IP): `enter` gives a release function, or undefined when the key is full. */
const NOTHING = (): void => undefined;

export class Slots {
  private readonly held = new Map<string, number>();

  constructor(private readonly capacity: number) {}

  /** False when the cap is off (0): every `enter` succeeds and there is nothing to release. */
  get limited(): boolean {
    return this.capacity > 0;
  }

  enter(key: string): (() => void) | undefined {
    if (this.capacity <= 0) return NOTHING;
    const now = this.held.get(key) ?? 0;
    if (now >= this.capacity) return undefined;
    this.held.set(key, now + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.held.get(key) ?? 1) - 1;
      if (left <= 0) this.held.delete(key);
      else this.held.set(key, left);
    };
  }

  /** Slots in use for `key` (all keys when omitted). */
  inUse(key?: string): number {
    if (key !== undefined) return this.held.get(key) ?? 0;
    let total = 0;
    for (const n of this.held.values()) total += n;
    return total;
  }
}

export class BodyIdle extends Error {
  constructor() {
    super('request body silent too long');
  }
}

/**
 * Calls `onIdle` when the reader of a request body has not `touch`ed it for `ms` (nginx
 * `client_body_timeout`): a body trickled a byte at a time no longer holds a socket for ever. The
 * reader touches it on every chunk it takes, and stops it at the end. The socket itself is left
 * whole, so the visitor can still be told why (408).
 */
export function bodyIdleDeadline(ms: number, onIdle: () => void): { touch(): void; stop(): void } {
  if (ms <= 0) return { touch: () => undefined, stop: () => undefined };
  let timer: NodeJS.Timeout | undefined;
  const deadline = {
    touch() {
      clearTimeout(timer);
      timer = setTimeout(onIdle, ms);
    },
    stop() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
  deadline.touch();
  return deadline;
}
