/** The transport layer in one import: HTTP, auth strategies, SSE, STOMP and the one error type. */
export * from './errors.js';
export * from './backoff.js';
export * from './http.js';
export * from './auth.js';
export * from './sse.js';
export * from './stomp.js';
