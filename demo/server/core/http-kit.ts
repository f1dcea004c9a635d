import type { IncomingMessage, ServerResponse } from 'node:http';

/** A matched request: the raw pieces plus the path parameters and the parsed query. */
export interface SimRequest {
  req: IncomingMessage;
  res: ServerResponse;
  method: string;
  /** Path below the service prefix, e.g. `/files/12` for `/sign/api/v2/files/12`. */
  path: string;
  params: Record<string, string>;
  query: URLSearchParams;
  url: URL;
}

export type Handler = (r: SimRequest) => void | Promise<void>;

interface Route {
  method: string;
  pattern: RegExp;
  keys: string[];
  handler: Handler;
}

/**
 * A tiny method + path router for one service prefix. Patterns use `{name}` segments as the
 * specs write them: `/files/{idFile}/documents`. A path matches exactly as registered, trailing
 * slash included. A real server need not forgive the difference (Spring Boot 3 no longer matches
 * `/x/` to `/x`), so a simulator that did would let a client ship a path that 404s in production.
 * Register each route with the spec's own spelling.
 */
export class Router {
  private routes: Route[] = [];

  constructor(readonly prefix: string) {}

  on(method: string, path: string, handler: Handler): this {
    const keys: string[] = [];
    const source = path
      .split('/')
      .map((segment) =>
        segment.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{(\w+)\}/g, (_m, key: string) => {
          keys.push(key);
          return '([^/]+)';
        }),
      )
      .join('/');
    this.routes.push({ method: method.toUpperCase(), pattern: new RegExp(`^${source}$`), keys, handler });
    return this;
  }

  get(path: string, h: Handler) {
    return this.on('GET', path, h);
  }
  post(path: string, h: Handler) {
    return this.on('POST', path, h);
  }
  put(path: string, h: Handler) {
    return this.on('PUT', path, h);
  }
  patch(path: string, h: Handler) {
    return this.on('PATCH', path, h);
  }
  delete(path: string, h: Handler) {
    return this.on('DELETE', path, h);
  }

  /** Finds the handler for a path below the prefix; `methodMismatch` tells 405 from 404. */
  match(
    method: string,
    path: string,
  ): { handler: Handler; params: Record<string, string> } | { methodMismatch: boolean } {
    let methodMismatch = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      if (route.method !== method && !(method === 'HEAD' && route.method === 'GET')) {
        methodMismatch = true;
        continue;
      }
      const params: Record<string, string> = {};
      route.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1]!)));
      return { handler: route.handler, params };
    }
    return { methodMismatch };
  }
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    ...(text ? { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) } : {}),
    ...headers,
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status = 204, headers: Record<string, string> = {}): void {
  res.writeHead(status, headers);
  res.end();
}

export async function readBody(req: IncomingMessage, limit = 64 * 1024 * 1024): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new BodyTooLarge();
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export class BodyTooLarge extends Error {}
export class BadJson extends Error {}

/** Parses a JSON body; an empty body is `undefined`, a malformed one throws BadJson. */
export async function readJson<T = unknown>(req: IncomingMessage): Promise<T | undefined> {
  const raw = await readBody(req);
  if (raw.length === 0) return undefined;
  try {
    return JSON.parse(raw.toString('utf8')) as T;
  } catch {
    throw new BadJson('malformed JSON body');
  }
}

/** Splits a comma list or repeated keys into values: `status=L&status=F` and `status=L,F`. */
export function queryList(query: URLSearchParams, key: string): string[] {
  return query
    .getAll(key)
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
}

export function queryInt(query: URLSearchParams, key: string, fallback: number): number {
  const raw = query.get(key);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  return Number.isInteger(n) ? n : NaN;
}

export function queryBool(query: URLSearchParams, key: string): boolean | undefined {
  const raw = query.get(key);
  if (raw === null) return undefined;
  return raw === 'true' || raw === '1';
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
