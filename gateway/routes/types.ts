/**
 * The allow-list's shape: each entry is one method + path pair an element uses, below a service
 * prefix, with who may call it and the handler that scopes it. Nothing outside these tables
 * reaches a service.
 */
import type { Call } from '../call.js';
import type { ServiceName } from '../errors.js';

/**
 * Who may call a route:
 * - `public`: anyone (the live chat's public API), a token only adds a verified identity;
 * - `visitor`: a visitor token, or an anonymous visitor when the service is granted to anonymous
 *   visitors (`SPORTELLO_GATEWAY_ANONYMOUS`);
 * - `token`: a visitor token only.
 */
export type Access = 'public' | 'visitor' | 'token';

export interface AllowedRoute {
  service: ServiceName;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Below the service's prefix, in the spec's spelling (`{name}` for a path parameter). */
  path: string;
  access: Access;
  handle(call: Call): Promise<unknown>;
}

/** `/files/{idFile}` → `/files/:idFile` (Fastify's parameter syntax). */
export const toFastifyPath = (path: string): string => path.replace(/\{(\w+)\}/g, ':$1');
