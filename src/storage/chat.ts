/**
 * What survives a reload and is shared by the tabs of one site: the visitor id, the running
 * chat, a bounded copy of its transcript (including unsent messages) and the draft.
 * localStorage may be missing or full (private modes, quotas): then we just keep going in memory.
 */
import type { TranscriptMessage } from '../model/chat/transcript.js';
import { newId } from '../services/chat.js';

export interface StoredChat {
  visitorId: string;
  idChat?: string | undefined;
  phase?: 'queued' | 'chatting' | 'ended' | undefined;
  name?: string | undefined;
  email?: string | undefined;
  operator?: { name?: string | undefined; avatar?: string | undefined; id?: number | undefined } | undefined;
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

/** The locks a tab uses for the visitor id: `query` is what lets a tab see the ids other tabs hold. */
export type VisitorIdLocks = Pick<LockManager, 'request'> & Partial<Pick<LockManager, 'query'>>;

/** Shared locks this tab holds, one per storage key, named after the visitor id it runs with. */
const heldIds = new Map<string, { id: string; release: () => void }>();
const holderPrefix = (key: string) => `${key}:visitor-id=`;

/** Holds `${key}:visitor-id=<id>` (shared) while this tab runs with that id, so other tabs can see it. */
async function holdId(locks: Pick<LockManager, 'request'>, key: string, id: string): Promise<void> {
  const held = heldIds.get(key);
  if (held?.id === id) return;
  held?.release();
  heldIds.delete(key);
  let release!: () => void;
  const kept = new Promise<void>((resolve) => (release = resolve));
  await new Promise<void>((acquired, refused) => {
    locks
      .request(`${holderPrefix(key)}${id}`, { mode: 'shared' }, () => {
        acquired();
        return kept;
      })
      .catch(refused);
  });
  heldIds.set(key, { id, release });
}

/**
 * The visitor ids the tabs of this site run with now under `key`, one entry per tab (two tabs that
 * agree give the same id twice): each tab holds a shared lock named after its id while it runs.
 * Empty without a lock manager that answers `query()`.
 */
export async function visitorIdsHeld(key: string, locks: VisitorIdLocks | undefined): Promise<string[]> {
  const prefix = holderPrefix(key);
  const held = (await locks?.query?.())?.held ?? [];
  return held.flatMap((lock) => (lock.name?.startsWith(prefix) ? [lock.name.slice(prefix.length)] : []));
}

/**
 * The visitor id stored under `key`, made and stored when there is none yet. Tabs are separate
 * processes whose localStorage writes reach each other a moment later: two tabs loading at once
 * on empty storage would each make an id, the last write would win and the other tab would run
 * with an id nobody else knows (its socket lock and channel are per visitor, so a reload loses the
 * chat's owner). The Web Lock makes the read-make-write one tab at a time; but the tab that waited
 * may still read empty storage, the first tab's write not having reached it yet (seen in about one
 * round in 60). So each tab also holds a shared lock named after its id: the lock manager is one
 * per browser and answers `query()` at once, so a tab that finds no id in its storage takes the id
 * another tab holds. A tab that finds its own held id gone from storage (the page cleared it to
 * start over with another visitor) lets it go and makes a new one. Without Web Locks (or where
 * they are refused, e.g. an opaque origin) it is the same read-make-write, best effort. Rejects
 * only when `signal` aborts the wait.
 */
export async function ensureVisitorId(
  key: string,
  locks: VisitorIdLocks | undefined,
  signal?: AbortSignal,
): Promise<string> {
  const readOrMake = (adopt?: string): string => {
    const stored = readStored(key);
    if (stored.visitorId) return stored.visitorId;
    const visitorId = adopt ?? newId();
    writeStored(key, { ...stored, visitorId });
    return visitorId;
  };
  if (!locks) return readOrMake();
  try {
    return await locks.request(`${key}:visitor-id`, signal ? { signal } : {}, async () => {
      let adopt: string | undefined;
      if (!readStored(key).visitorId) {
        // Our own id gone from our own storage: cleared on purpose, not yet to arrive.
        const cleared = heldIds.get(key);
        cleared?.release();
        heldIds.delete(key);
        adopt = (await visitorIdsHeld(key, locks)).find((id) => id !== cleared?.id);
      }
      const id = readOrMake(adopt);
      await holdId(locks, key, id).catch(() => undefined);
      return id;
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    return readOrMake();
  }
}
