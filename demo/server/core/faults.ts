/**
 * Fault injection, off unless a test or the demo's chaos switch asks for it through `/__sim/...`.
 * A fault matches requests by path prefix (full path, e.g. `/ai/api/v2/chat`) and is spent after
 * `count` uses. HTTP-level faults (`status`, `delay`, `hold`) are applied by the dispatcher for every
 * service; stream and socket faults are taken by the service that owns the stream or socket.
 */
export type FaultKind =
  | 'status' // answer with `status` (and Retry-After for 429/503) instead of handling
  | 'delay' // wait `delayMs` before handling
  | 'hold' // hold the request before handling until the faults are cleared (a test looks at the client meanwhile)
  | 'cut-stream' // end the next SSE stream after `afterEvents` events, without its terminal event
  | 'stall-stream' // after `afterEvents` events, send nothing more and keep the connection open (a hung model or proxy)
  | 'malformed-sse' // send one event whose data is not JSON, after `afterEvents` events
  | 'slow-stream' // write each event of the next SSE stream `delayMs` apart (to watch it form)
  | 'json-for-stream' // answer the next `stream: true` request with the whole JSON answer, as some proxies do
  | 'malformed-stomp' // send one MESSAGE frame with a body that is not JSON
  | 'refuse-ws' // refuse WebSocket upgrades for `durationMs`
  | 'refuse-framing' // the signing page refuses to be framed (X-Frame-Options, CSP frame-ancestors) while set
  | 'fail-job' // the next asynchronous job created at the matching path ends `failed` (an AI analysis)
  | 'hold-job' // jobs created at the matching path stay `running` while it is in force (give `durationMs`; DELETE /__sim/faults releases them)
  | 'lose-answer'; // handle the request in full, then drop the connection before the answer leaves (a write applied, its answer lost)

export interface Fault {
  id: number;
  kind: FaultKind;
  /** Full request path prefix this fault applies to; empty matches everything. */
  match: string;
  /** How many requests (or streams) it affects; Infinity for a duration fault. */
  count: number;
  status?: number;
  /** Seconds for the Retry-After header of 429/503. */
  retryAfter?: number;
  delayMs?: number;
  afterEvents?: number;
  /** For `refuse-ws`: until when (epoch ms). */
  until?: number;
  /** How many requests (or streams) it affected so far: a test sees that a client tried again. */
  hits: number;
}

export type FaultInput = Omit<Fault, 'id' | 'count' | 'match' | 'until' | 'hits'> & {
  match?: string;
  count?: number;
  durationMs?: number;
};

export class Faults {
  private faults: Fault[] = [];
  private nextId = 1;
  /** Requests held by a `hold` fault, let go when the faults are cleared. */
  private held: Array<() => void> = [];

  add(input: FaultInput): Fault {
    const { durationMs, ...rest } = input;
    const fault: Fault = {
      ...rest,
      id: this.nextId++,
      hits: 0,
      match: input.match ?? '',
      count: input.count ?? 1,
      ...(durationMs !== undefined ? { until: Date.now() + durationMs, count: Number.POSITIVE_INFINITY } : {}),
    };
    this.faults.push(fault);
    return fault;
  }

  /** Takes one use of the first fault of `kind` that matches `path`, or undefined. */
  take(kind: FaultKind, path: string): Fault | undefined {
    this.expire();
    const fault = this.faults.find((f) => f.kind === kind && path.startsWith(f.match));
    if (!fault) return undefined;
    fault.hits += 1;
    fault.count -= 1;
    if (fault.count <= 0) this.faults = this.faults.filter((f) => f !== fault);
    return fault;
  }

  /** True while a duration fault of `kind` is in force for `path` (counted as a hit, not spent). */
  active(kind: FaultKind, path: string): boolean {
    this.expire();
    const fault = this.faults.find((f) => f.kind === kind && path.startsWith(f.match));
    if (fault) fault.hits += 1;
    return !!fault;
  }

  /** Resolves when the faults are next cleared (a `hold` fault's request goes on then). */
  released(): Promise<void> {
    return new Promise((resolve) => this.held.push(resolve));
  }

  list(): Fault[] {
    this.expire();
    return this.faults.map((f) => ({ ...f, count: Number.isFinite(f.count) ? f.count : -1 }));
  }

  clear(): void {
    this.faults = [];
    for (const release of this.held.splice(0)) release();
  }

  private expire(): void {
    const now = Date.now();
    this.faults = this.faults.filter((f) => f.until === undefined || f.until > now);
  }
}
