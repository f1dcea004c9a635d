/**
 * Saving the running chat for reloads and the site's other tabs: batched (250 ms) while the
 * visitor types, at once when what matters changes or the page goes; and reading what another tab
 * wrote.
 */
import { writeStored, type StoredChat } from './chat.js';

const SAVE_BATCH_MS = 250;

export class ChatSaver {
  /** The storage key of the widget (set once the chat loads). */
  key = '';
  private timer: ReturnType<typeof setTimeout> | undefined;

  /** `snapshot` returns undefined while there is nothing to save (no client yet). */
  constructor(private readonly snapshot: () => StoredChat | undefined) {}

  save(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const value = this.key ? this.snapshot() : undefined;
    if (value) writeStored(this.key, value);
  }

  soon(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.save(), SAVE_BATCH_MS);
  }

  /** A save waiting in its batch goes now (the page is being left). */
  flush(): void {
    if (this.timer) this.save();
  }
}

/** What another tab wrote under `key`, unless this tab wrote it itself (or it is unreadable). */
export function otherTabChat(e: StorageEvent, key: string, tabId: string): Partial<StoredChat> | undefined {
  if (e.key !== key || !e.newValue) return undefined;
  let other: Partial<StoredChat>;
  try {
    other = JSON.parse(e.newValue) as Partial<StoredChat>;
  } catch {
    return undefined;
  }
  return other.writer === tabId ? undefined : other;
}
