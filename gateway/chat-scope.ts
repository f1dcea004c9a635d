/**
 * Who a live chat belongs to, and the visitor id the chat service knows that visitor by. Pure.
 *
 * The chat service scopes its socket by the `visitor-id` a page chooses (design.md, "Live chat");
 * a page could choose anyone's. Through the gateway a chat belongs to an owner the gateway can
 * vouch for, and the service sees a visitor id derived from that owner, never the page's:
 * - `token:<sub>`: a visitor token the gateway verified;
 * - `session:<anon:uuid>`: the gateway's own anonymous session (Bearer, cookie or `visitor-token`);
 * - `visitor:<id>`: an anonymous visitor with neither, known by the random visitor id its page keeps
 *   (the same secret the service already scopes by; only this visitor's page holds it).
 * A visitor token for Ada with Bruno's visitor id therefore reaches Ada's chats only. REST calls that
 * name a chat must come from its owner (the gateway records the owner when the chat starts).
 */
import { createHmac } from 'node:crypto';
import type { Visitor } from './visitor.js';

/** The service's visitor-id syntax (letters, digits, `.`, `_`, `-`; at most 100). */
export const VISITOR_ID = /^[A-Za-z0-9._-]{1,100}$/;

/** The visitor of a public route with no token and no session. */
export const PUBLIC_VISITOR_ID = 'anon:public';

/** The owner a chat call speaks for, or undefined when it names nobody the gateway can vouch for. */
export function chatOwner(visitor: Visitor | undefined, pageVisitorId: string | undefined): string | undefined {
  if (visitor?.kind === 'token') return `token:${visitor.id}`;
  if (visitor && visitor.id !== PUBLIC_VISITOR_ID) return `session:${visitor.id}`;
  return pageVisitorId !== undefined && VISITOR_ID.test(pageVisitorId) ? `visitor:${pageVisitorId}` : undefined;
}

/**
 * The visitor id the service sees for `owner`: a keyed hash, so it names the owner and nothing can
 * be learnt or forged from it. Every replica must share `secret` (the session secret).
 */
export function serviceVisitorId(secret: string, owner: string): string {
  return `gw-${createHmac('sha256', secret).update(owner).digest('base64url').slice(0, 40)}`;
}

/** A chat id as the service takes it (a positive integer, as a number or a string of digits). */
export function chatId(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  if (typeof value === 'string' && /^[1-9]\d{0,14}$/.test(value)) return value;
  return undefined;
}

/** How long the gateway remembers who owns a chat (and the e-mail it started with). */
export const CHAT_OWNERSHIP_TTL_S = 30 * 24 * 3600;

/**
 * How many of a verified visitor's chats the gateway lists for them on any device (the newest):
 * the chats started under their token's `sub` (ws-proxy.ts records them; routes/chat.ts lists them).
 */
export const VERIFIED_CHATS_LISTED = 20;

/** Whether `owner` is a verified visitor (a token the gateway checked): only they have chats across devices. */
export const isVerifiedOwner = (owner: string): boolean => owner.startsWith('token:');
