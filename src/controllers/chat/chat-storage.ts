/**
 * What survives a reload and is shared by the tabs of one site: the visitor id, the running
 * chat, a bounded copy of its transcript (including unsent messages) and the draft.
 * localStorage may be missing or full (private modes, quotas): then we just keep going in memory.
 */
import type { TranscriptMessage } from './transcript.js';

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
