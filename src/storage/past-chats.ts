/**
 * Ended conversations kept on this device, so the visitor can read them again from the window.
 *
 * The public chat API (spec §4.3) has no way to list a visitor's past chats, so we keep our own
 * copy, with the same storage and privacy as the running chat (localStorage, per endpoint and
 * widget key, never sent anywhere): the last few chats, each bounded in messages, the whole list
 * bounded in size. Pure bounding here (property-tested); storage access mirrors chat.ts.
 */
import type { TranscriptMessage } from '../model/chat/transcript.js';

export interface PastChat {
  idChat: string;
  /** Read from the visitor's account through the gateway (any device), not kept on this one. */
  fromAccount?: boolean | undefined;
  /** ISO time the chat ended (as this tab saw it). */
  endedAt: string;
  /** ISO time of its first message. */
  startedAt?: string | undefined;
  /** The operator (or bot) who answered, as the server named them. */
  operator?: string | undefined;
  /** First line of the first message, for the list. */
  preview: string;
  /** Confirmed messages only (server ids), oldest first. */
  messages: TranscriptMessage[];
}

export const PAST_CHATS_MAX = 5;
export const PAST_CHAT_MAX_MESSAGES = 200;
/** The whole list as JSON stays under this many characters (localStorage quotas are ~5 M per origin, shared). */
export const PAST_CHATS_MAX_CHARS = 200_000;
const PREVIEW_CHARS = 120;

export function pastChatsKey(chatKey: string): string {
  return `${chatKey}:past`;
}

/** A past chat from a transcript at its end, or undefined when nothing was said. */
export function toPastChat(input: {
  idChat: string;
  messages: readonly TranscriptMessage[];
  operator?: string | undefined;
  endedAt?: string | undefined;
}): PastChat | undefined {
  const messages = input.messages.filter((m) => m.id !== undefined).slice(-PAST_CHAT_MAX_MESSAGES);
  if (!messages.length) return undefined;
  const first = messages.find((m) => m.from !== 'system' && m.text.trim()) ?? messages[0]!;
  const firstLine = first.text.trim().split(/\r?\n/)[0] ?? '';
  const preview =
    firstLine.length > PREVIEW_CHARS
      ? `${firstLine.slice(0, PREVIEW_CHARS - 1)}…`
      : firstLine || (first.attachments[0]?.name ?? '');
  const answered =
    messages.find((m) => m.from === 'operator' && m.author)?.author ??
    messages.find((m) => m.from === 'bot' && m.author)?.author;
  return {
    idChat: input.idChat,
    endedAt: input.endedAt ?? new Date().toISOString(),
    startedAt: messages[0]!.ts,
    operator: input.operator ?? answered,
    preview,
    // Kept as read: pending/failed states and quick-reply buttons mean nothing in a closed chat.
    messages: messages.map((m) => ({ ...m, quickReplies: undefined, state: m.state === 'read' ? 'read' : 'sent' })),
  };
}

/**
 * The list after adding `chat`: newest first, one entry per chat, at most PAST_CHATS_MAX, and
 * under PAST_CHATS_MAX_CHARS as JSON (oldest chats go first, then oldest messages of the newest).
 */
export function withPastChat(list: readonly PastChat[], chat: PastChat): PastChat[] {
  const next = [chat, ...list.filter((c) => c.idChat !== chat.idChat)]
    .sort((a, b) => (a.endedAt < b.endedAt ? 1 : a.endedAt > b.endedAt ? -1 : 0))
    .slice(0, PAST_CHATS_MAX);
  while (next.length > 1 && JSON.stringify(next).length > PAST_CHATS_MAX_CHARS) next.pop();
  const only = next[0];
  if (only && next.length === 1) {
    let messages = only.messages;
    while (messages.length > 1 && JSON.stringify({ ...only, messages }).length > PAST_CHATS_MAX_CHARS)
      messages = messages.slice(Math.ceil(messages.length / 4));
    // One message larger than the budget on its own: keep the entry, cut its text.
    if (JSON.stringify({ ...only, messages }).length > PAST_CHATS_MAX_CHARS)
      messages = messages.map((m) => ({ ...m, text: m.text.slice(0, PAST_CHATS_MAX_CHARS / 2), attachments: [] }));
    next[0] = { ...only, messages };
  }
  return next;
}

/** How many chats the list shows when the visitor's account adds its own (the gateway lists up to 20). */
export const PAST_CHATS_LISTED = 20;

/**
 * A chat the gateway lists for a verified visitor (`GET {chat endpoint}/sportello/past-chats`: the
 * ended chats started under the same verified identity, on any device), as a past chat; undefined
 * when it does not have the expected shape.
 */
export function accountPastChat(raw: unknown): PastChat | undefined {
  const c = raw as { idChat?: unknown; startedAt?: unknown; endedAt?: unknown; operator?: unknown; messages?: unknown };
  if (!c || typeof c !== 'object' || (typeof c.idChat !== 'string' && typeof c.idChat !== 'number')) return undefined;
  if (!Array.isArray(c.messages)) return undefined;
  const messages: TranscriptMessage[] = c.messages.flatMap((m: Record<string, unknown>) => {
    const from = m?.['from'];
    const id = m?.['id'];
    if (from !== 'visitor' && from !== 'operator' && from !== 'bot' && from !== 'system') return [];
    if (typeof id !== 'string' && typeof id !== 'number') return [];
    const ts = typeof m['ts'] === 'string' ? m['ts'] : '';
    const attachments = Array.isArray(m['attachments'])
      ? (m['attachments'] as Array<Record<string, unknown>>).flatMap((a) =>
          typeof a?.['uuid'] === 'string' && typeof a['name'] === 'string'
            ? [
                {
                  uuid: a['uuid'],
                  name: a['name'],
                  size: typeof a['size'] === 'number' ? a['size'] : undefined,
                  contentType: typeof a['contentType'] === 'string' ? a['contentType'] : undefined,
                },
              ]
            : [],
        )
      : [];
    return [
      {
        key: `s:${id}`,
        id: String(id),
        from,
        author: typeof m['author'] === 'string' ? m['author'] : undefined,
        text: typeof m['text'] === 'string' ? m['text'] : '',
        attachments,
        ts,
        state: 'sent' as const,
      },
    ];
  });
  const chat = toPastChat({
    idChat: String(c.idChat),
    messages,
    operator: typeof c.operator === 'string' ? c.operator : undefined,
    endedAt: typeof c.endedAt === 'string' ? c.endedAt : undefined,
  });
  return (
    chat && { ...chat, startedAt: typeof c.startedAt === 'string' ? c.startedAt : chat.startedAt, fromAccount: true }
  );
}

/**
 * The past chats the window lists: those kept on this device and those of the visitor's account
 * (one entry per chat: the device's copy when both have it), newest first, at most PAST_CHATS_LISTED.
 */
export function mergePastChats(device: readonly PastChat[], account: readonly PastChat[]): PastChat[] {
  if (!account.length) return [...device];
  const kept = new Set(device.map((c) => c.idChat));
  return [...device, ...account.filter((c) => !kept.has(c.idChat))]
    .sort((a, b) => (a.endedAt < b.endedAt ? 1 : a.endedAt > b.endedAt ? -1 : 0))
    .slice(0, PAST_CHATS_LISTED);
}

function isPastChat(value: unknown): value is PastChat {
  const c = value as Partial<PastChat> | null;
  return (
    !!c &&
    typeof c === 'object' &&
    typeof c.idChat === 'string' &&
    typeof c.endedAt === 'string' &&
    typeof c.preview === 'string' &&
    Array.isArray(c.messages)
  );
}

export function readPastChats(chatKey: string): PastChat[] {
  try {
    const raw = globalThis.localStorage?.getItem(pastChatsKey(chatKey));
    const value = raw ? (JSON.parse(raw) as unknown) : [];
    return Array.isArray(value) ? value.filter(isPastChat).slice(0, PAST_CHATS_MAX) : [];
  } catch {
    return [];
  }
}

export function writePastChats(chatKey: string, list: readonly PastChat[]): void {
  try {
    if (list.length) globalThis.localStorage?.setItem(pastChatsKey(chatKey), JSON.stringify(list));
    else globalThis.localStorage?.removeItem(pastChatsKey(chatKey));
  } catch {
    // Quota or disabled storage: the list lives in memory for this page only.
  }
}

/** The ended conversations of one widget kept on this device, as the controller holds them. */
export class PastChatsShelf {
  list: PastChat[] = [];

  /** Reads the kept list; with keeping turned off by the page, deletes what was kept while it was on. */
  load(chatKey: string, keep: boolean): void {
    this.list = readPastChats(chatKey);
    if (!keep && this.list.length) {
      this.list = [];
      writePastChats(chatKey, []);
    }
  }

  /** Keeps an ended chat (every tab that sees the end does; one entry per chat). */
  remember(chatKey: string, input: Parameters<typeof toPastChat>[0]): void {
    const chat = toPastChat(input);
    if (!chat) return;
    const stored = readPastChats(chatKey);
    // Storage may be unavailable: then the list of this page is the one to extend.
    this.list = withPastChat(stored.length ? stored : this.list, chat);
    writePastChats(chatKey, this.list);
  }

  find(idChat: string): PastChat | undefined {
    return this.list.find((c) => c.idChat === idChat);
  }

  /** The visitor deletes the kept copies from this device. */
  forget(chatKey: string): void {
    this.list = [];
    if (chatKey) writePastChats(chatKey, []);
  }

  /** Another tab changed the kept list: true when `e` was about it (and the list is read again). */
  followOtherTab(e: StorageEvent, chatKey: string): boolean {
    if (!chatKey || e.key !== pastChatsKey(chatKey)) return false;
    this.list = readPastChats(chatKey);
    return true;
  }
}
