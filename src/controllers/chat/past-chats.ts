/**
 * The visitor's ended conversations to read again (read-only copies), newest first: those kept on
 * this device, and for a verified visitor those of their account the gateway lists.
 */
import type { ChatClient } from '../../services/chat.js';
import { accountPastChat, mergePastChats, PastChatsShelf, type PastChat } from '../../storage/past-chats.js';

export class PastChats {
  private readonly device = new PastChatsShelf();
  /** A verified visitor's ended chats from any device, as the gateway lists them (none otherwise). */
  private account: PastChat[] = [];

  /** `storageKey` is the widget's (empty until the chat loads). */
  constructor(
    private readonly storageKey: () => string,
    private readonly requestUpdate: () => void,
  ) {}

  get list(): PastChat[] {
    return mergePastChats(this.device.list, this.account);
  }

  find(idChat: string): PastChat | undefined {
    return this.device.find(idChat) ?? this.account.find((c) => c.idChat === idChat);
  }

  /** Reads this device's list; turned off by the page (`keep` false), nothing is kept and what was is deleted. */
  load(keep: boolean): void {
    this.device.load(this.storageKey(), keep);
  }

  /**
   * The verified visitor's chats from other devices (through the gateway). Quiet when there are
   * none to read: the service or a gateway without the route (404).
   */
  async loadAccount(client: ChatClient, signal: AbortSignal): Promise<void> {
    try {
      const listed = await client.pastChats(signal);
      this.account = listed.flatMap((raw) => accountPastChat(raw) ?? []);
      this.requestUpdate();
    } catch {
      // The device's own list stays: past chats across devices are a bonus, never an error.
    }
  }

  /** Keeps an ended chat on this device (every tab that sees the end does; one entry per chat). */
  remember(chat: Parameters<PastChatsShelf['remember']>[1]): void {
    if (this.storageKey()) this.device.remember(this.storageKey(), chat);
  }

  /** The visitor deletes the kept copies from this device. */
  forget(): void {
    this.device.forget(this.storageKey());
    this.requestUpdate();
  }

  /** Another tab changed the kept list: true when `e` was about it (and the list was read again). */
  followOtherTab(e: StorageEvent): boolean {
    if (!this.device.followOtherTab(e, this.storageKey())) return false;
    this.requestUpdate();
    return true;
  }
}
