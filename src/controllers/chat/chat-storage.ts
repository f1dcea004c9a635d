/**
 * What survives a reload and is shared by the tabs of one site: the visitor id, the running
 * chat, a bounded copy of its transcript (including unsent messages) and the draft.
 * localStorage may be missing or full (private modes, quotas): then we just keep going in memory.
 */
import type { TranscriptMessage } from './transcript.js';
import { newId } from '../../services/chat.js';

export interface StoredChat {
  visitorId: string;
  idChat?: string | undefined;
  phase?: 'queued' | 'chatting' | 'ended' | undefined;
  name?: string | undefined;
  email?: string | undefined;
  operator?: { name?: string | undefined; avatar?: string | undefined } | undefined;
  transcript?: TranscriptMessage[] | undefined;
  draft?: string | undefined;
  /** Which tab wrote last, so a tab ignores its own storage echoes. */
  writer?: string | undefined;
}

export function storageKey(endpoint: string, widgetKey: string): string {
  return `sportello-chat:${endpoint}:${widgetKey}`;
}

export function readStored(key: string): Partial<StoredChat> {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    const value = raw ? (JSON.parse(raw) as unknown) : undefined;
    return value && typeof value === 'object' ? (value as Partial<StoredChat>) : {};
  } catch {
    return {};
  }
}

export function writeStored(key: string, value: StoredChat): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Quota or disabled storage: continuity across reloads is lost, the chat itself goes on.
  }
}

/**
 * The visitor id stored under `key`, made and stored when there is none yet. Tabs are separate
 * processes whose localStorage writes reach each other a moment later: two tabs loading at once
 * on empty storage would each make an id, the last write would win and the other tab would run
 * with an id nobody else knows (its socket lock and channel are per visitor, so a reload loses the
 * chat's owner). The Web Lock makes the read-make-write one tab at a time, and a tab that waited
 * adopts the id the first one stored. Without Web Locks (or where they are refused, e.g. an opaque
 * origin) it is the same read-make-write, best effort. Rejects only when `signal` aborts the wait.
 */
export async function ensureVisitorId(key: string, locks: Pick<LockManager, 'request'> | undefined, signal?: AbortSignal): Promise<string> {
  const readOrMake = (): string => {
    const stored = readStored(key);
    if (stored.visitorId) return stored.visitorId;
    const visitorId = newId();
    writeStored(key, { ...stored, visitorId });
    return visitorId;
  };
  if (!locks) return readOrMake();
  try {
    return await locks.request(`${key}:visitor-id`, signal ? { signal } : {}, readOrMake);
  } catch (error) {
    if (signal?.aborted) throw error;
    return readOrMake();
  }
}
