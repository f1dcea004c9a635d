/**
 * New messages noticed when the visitor is not looking: the tab title counts them ("(2) Shop"),
 * an optional short sound (off by default; a tone made with Web Audio, so no media file, once per
 * burst of messages, and only once the page may play sound: a suspended audio context is left
 * silent), and desktop notifications when the page offers them and the visitor allowed them. None of it while the chat window is
 * open and the tab visible; the count goes when the visitor comes back. Where the page turns the
 * sound on, the visitor may turn it off (the window's header): remembered in this browser for the
 * site, and followed by the site's other tabs.
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { readSetting, writeSetting } from '../../../src/storage/visitor-setting.js';

export interface TabNoticesHost extends ReactiveControllerHost, HTMLElement {
  /** Play a short sound for new messages (the page's `sound` setting). */
  readonly sound: boolean;
  /** Desktop notifications offered (the page's `notifications` setting): without it, none, whatever the permission. */
  readonly notifications: boolean;
  /** Whether the chat window is shown (open, or inline) — then a visible tab sees the messages. */
  windowShown(): boolean;
}

const TITLE_COUNT = /^\(\d+\) /;
/**
 * Messages closer together than this are one burst: one sound for them, not one each (an
 * operator's three quick lines must not chime three times).
 */
const BURST_QUIET_MS = 10_000;

/** The visitor's sound choice in localStorage: "off" once they turned the page's sound off. */
const SOUND_CHOICE = 'sportello-chat-sound';

const readSoundOff = (): boolean => readSetting(SOUND_CHOICE) === 'off';

export class TabNotices implements ReactiveController {
  unread = 0;
  private audio: AudioContext | undefined;
  /** When the last unseen message arrived (0: none since the visitor last looked). */
  private lastArrival = 0;
  /** The visitor turned the sound off (read from storage when first needed). */
  private soundOff: boolean | undefined;

  constructor(private readonly host: TabNoticesHost) {
    host.addController(this);
  }

  hostConnected(): void {
    document.addEventListener('visibilitychange', this.onSeen);
    window.addEventListener('focus', this.onSeen);
    window.addEventListener('storage', this.onStorage);
    // Read again: the visitor may have chosen in another tab while this window was away.
    this.soundOff = undefined;
  }

  hostDisconnected(): void {
    document.removeEventListener('visibilitychange', this.onSeen);
    window.removeEventListener('focus', this.onSeen);
    window.removeEventListener('storage', this.onStorage);
    this.clear();
    void this.audio?.close();
    this.audio = undefined;
  }

  /** Whether the visitor hears new messages: the page offers the sound and they did not turn it off. */
  get soundOn(): boolean {
    return this.host.sound && !(this.soundOff ??= readSoundOff());
  }

  /** The visitor's toggle (shown only where the page offers the sound). */
  setSoundOn(on: boolean): void {
    this.soundOff = !on;
    writeSetting(SOUND_CHOICE, on ? null : 'off');
    this.host.requestUpdate();
  }

  /** The visitor chose in another tab of the site. */
  private onStorage = (e: StorageEvent): void => {
    if (e.key !== SOUND_CHOICE && e.key !== null) return;
    this.soundOff = readSoundOff();
    this.host.requestUpdate();
  };

  private get looking(): boolean {
    return document.visibilityState === 'visible' && this.host.windowShown();
  }

  /** Messages from the operator or bot arrived; `from` and `text` are for a desktop notification. */
  arrived(count: number, from: string, text: string, tag: string): void {
    if (this.looking || count <= 0) return;
    this.unread += count;
    document.title = `(${this.unread}) ${document.title.replace(TITLE_COUNT, '')}`;
    const now = Date.now();
    if (this.soundOn && now - this.lastArrival > BURST_QUIET_MS) this.beep();
    this.lastArrival = now;
    if (this.host.notifications && document.visibilityState !== 'visible' && notificationsAllowed()) {
      try {
        const n = new Notification(from, {
          body: text.slice(0, 200),
          tag,
          lang: document.documentElement.lang || undefined,
        });
        n.onclick = () => {
          window.focus();
          this.host.dispatchEvent(
            new CustomEvent('sportello-chat-notification-click', { bubbles: true, composed: true }),
          );
          n.close();
        };
      } catch {
        // Some browsers allow notifications only from a service worker: the title still counts.
      }
    }
  }

  /** The visitor is looking again (the tab shown, the window opened). */
  onSeen = (): void => {
    if (this.looking) this.clear();
  };

  private clear(): void {
    this.lastArrival = 0;
    if (!this.unread) return;
    this.unread = 0;
    document.title = document.title.replace(TITLE_COUNT, '');
  }

  /** A short two-note chime, quiet; silent where the page may not play sound yet. */
  private beep(): void {
    try {
      this.audio ??= new AudioContext();
      if (this.audio.state !== 'running') {
        // Not allowed to play yet (no gesture on the page): try to resume for the next time, stay silent now.
        void this.audio.resume().catch(() => undefined);
        return;
      }
      const ctx = this.audio;
      const gain = ctx.createGain();
      gain.gain.setValueAtTime(0.0001, ctx.currentTime);
      gain.gain.exponentialRampToValueAtTime(0.08, ctx.currentTime + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, ctx.currentTime + 0.35);
      gain.connect(ctx.destination);
      for (const [frequency, at] of [
        [880, 0],
        [1320, 0.12],
      ] as const) {
        const tone = ctx.createOscillator();
        tone.frequency.value = frequency;
        tone.connect(gain);
        tone.start(ctx.currentTime + at);
        tone.stop(ctx.currentTime + at + 0.2);
      }
    } catch {
      // No Web Audio: no sound.
    }
  }
}

export function notificationsAllowed(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'granted';
}

/** Whether the window may offer desktop notifications: supported, and not yet decided by the visitor. */
export function notificationsAskable(): boolean {
  return typeof Notification !== 'undefined' && Notification.permission === 'default';
}
