import { createHash } from 'node:crypto';
import { BadJson, readBody, sendJson, type SimRequest } from './http-kit.js';

/** A write's answer, kept for its key. */
interface Kept {
  fingerprint: string;
  status: number;
  body: unknown;
}

/**
 * `Idempotency-Key` on a write: the first successful answer for a key is kept and replayed (with
 * `Idempotent-Replayed: true`) to every later attempt with the same body — also to one that
 * arrives while the first is still being handled, which waits for it; the same key with another
 * body is refused (`reused`). Failures are not kept: a corrected attempt under the same key goes
 * through. Keys are scoped by method and path.
 */
export class IdempotencyKeys {
  private readonly kept = new Map<string, Kept>();
  private readonly running = new Map<string, Promise<void>>();

  async handle(
    r: SimRequest,
    produce: (body: unknown) => Promise<{ status: number; body: unknown }>,
    reused: () => Error,
    limit = 64 * 1024 * 1024,
  ): Promise<void> {
    const raw = (await readBody(r.req, limit)).toString('utf8');
    let body: unknown;
    try {
      body = raw.trim() ? JSON.parse(raw) : undefined;
    } catch {
      throw new BadJson('malformed JSON body');
    }
    const header = r.req.headers['idempotency-key'];
    const key = Array.isArray(header) ? header[0] : header;
    if (!key) {
      const answer = await produce(body);
      sendJson(r.res, answer.status, answer.body);
      return;
    }
    const scoped = `${r.method} ${r.path} ${key}`;
    const fingerprint = createHash('sha256').update(raw).digest('hex');
    for (;;) {
      const before = this.running.get(scoped);
      if (!before) break;
      await before.catch(() => undefined);
    }
    const kept = this.kept.get(scoped);
    if (kept) {
      if (kept.fingerprint !== fingerprint) throw reused();
      sendJson(r.res, kept.status, kept.body, { 'Idempotent-Replayed': 'true' });
      return;
    }
    const run = produce(body).then((answer) => {
      if (answer.status < 300) this.kept.set(scoped, { fingerprint, ...answer });
      sendJson(r.res, answer.status, answer.body);
    });
    const settled = run.catch(() => undefined);
    this.running.set(scoped, settled);
    try {
      await run;
    } finally {
      if (this.running.get(scoped) === settled) this.running.delete(scoped);
    }
  }

  clear(): void {
    this.kept.clear();
  }
}
