/**
 * The chat's connection as the visitor sees it: its state, the "Reconnecting…" notice (only when
 * it stays down a while) and the visitor's "reconnect now".
 */
import type { StompState } from '../../transport/stomp.js';
import type { ChatRealtime } from '../../realtime/shared-realtime.js';

/** "Reconnecting…" appears only when the connection stays down this long. */
const RECONNECTING_NOTICE_MS = 1500;

export interface ConnectionOwner {
  requestUpdate(): void;
  /** The connection is open (again). */
  opened(): void;
  onError(error: Error): void;
}

export class ChatConnection {
  state: StompState | 'idle' = 'idle';
  /** Whether the window says "Reconnecting…". */
  showReconnecting = false;
  private realtime: ChatRealtime | undefined;
  private off: Array<() => void> = [];
  private noticeTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly owner: ConnectionOwner) {}

  get open(): boolean {
    return this.state === 'open';
  }

  /** Follows the state of this real-time side (once: a second call while following changes nothing). */
  follow(realtime: ChatRealtime): void {
    if (this.off.length) return;
    this.realtime = realtime;
    const now = realtime.state;
    if (now !== 'idle') this.state = now;
    this.off.push(
      realtime.onState((s) => this.changed(s)),
      realtime.onError((e) => this.owner.onError(e)),
    );
  }

  /** Skips the reconnect backoff (the visitor asked). */
  reconnectNow(): void {
    this.realtime?.reconnectNow();
  }

  /** Stops following (the element let go of the chat); the state seen last stays. */
  stop(): void {
    this.off.forEach((off) => off());
    this.off = [];
    this.realtime = undefined;
    clearTimeout(this.noticeTimer);
  }

  private changed(state: StompState): void {
    this.state = state;
    clearTimeout(this.noticeTimer);
    if (state === 'open') {
      this.showReconnecting = false;
      this.owner.opened();
    } else if (state === 'reconnecting' || state === 'connecting') {
      this.noticeTimer = setTimeout(() => {
        this.showReconnecting = !this.open;
        this.owner.requestUpdate();
      }, RECONNECTING_NOTICE_MS);
    }
    this.owner.requestUpdate();
  }
}
