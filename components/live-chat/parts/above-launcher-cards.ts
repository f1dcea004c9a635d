/**
 * What sits above the closed launcher, and when: the widget's proactive greeting (greeting.ts,
 * asked of the service only when the page sets `greeting`, once per connection, also when the
 * endpoint arrives late) and the preview of a new message (message-preview.ts, loaded with the first
 * message that needs it). Both go away when the window opens: they sit where it opens and would
 * cover it and take its clicks. Each module is loaded only when it is needed.
 */
import type { MessagePreview } from './message-preview.js';

export interface AboveLauncherHost {
  /** The launcher element (its attributes, its language). */
  readonly element: HTMLElement;
  readonly root: ShadowRoot;
  widgetKey(): string;
  inline(): boolean;
  opened(): boolean;
  /** The chat service's base, once the page gave one (attribute, configure(), <sportello-config>). */
  endpoint(): Promise<string | undefined>;
  /** Opens the chat window. */
  show(): Promise<void>;
}

export class AboveLauncherCards {
  /** The greeting the visitor answered: the window shows it first. */
  greetingText: string | undefined;
  /** The idle work of the element's connection is done: `greeting` set from now on acts at once. */
  private ready = false;
  private greetingAsked = false;
  /** The page wants the greeting but gave no endpoint yet: it is asked for when one arrives. */
  private greetingWaits = false;
  private cancelGreeting?: () => void;
  private preview?: Promise<MessagePreview>;

  constructor(private readonly host: AboveLauncherHost) {}

  /** The element's idle work is done; `stored`: a chat runs (no greeting then). */
  connected(stored: boolean): void {
    this.ready = true;
    this.greetIfAsked(stored);
  }

  disconnected(): void {
    this.cancelGreeting?.();
    this.greetingAsked = false;
    this.ready = false;
  }

  /** The proactive greeting: asked of the service only when the page wants it, once per connection. */
  greetIfAsked(stored: boolean): void {
    const { element, inline } = this.host;
    if (!this.ready || this.greetingAsked || stored || !element.hasAttribute('greeting') || inline()) return;
    this.greetingAsked = true;
    void this.scheduleGreeting();
  }

  /** The page took `greeting` away: no greeting, and a later one is asked again. */
  greetingRemoved(): void {
    this.cancelGreeting?.();
    this.greetingAsked = false;
  }

  /** Configuration that arrives late (an endpoint, configure(), <sportello-config>) still brings the greeting. */
  greetIfConfigured(): void {
    if (!this.greetingWaits || this.host.opened()) return;
    this.greetingWaits = false;
    void this.scheduleGreeting();
  }

  /** The window opens: nothing stays over it. */
  windowOpened(): void {
    this.cancelGreeting?.();
    void this.preview?.then((preview) => preview.hide());
  }

  /** A new message from someone while the window is closed: previewed above the launcher. */
  async showPreview(from: string, text: string): Promise<void> {
    // A conversation is under way: the greeting that invited it has had its turn.
    this.cancelGreeting?.();
    const { element, root } = this.host;
    this.preview ??= import('./message-preview.js').then(
      ({ MessagePreview }) => new MessagePreview({ element, root, open: () => this.host.show() }),
    );
    const preview = await this.preview;
    if (!this.host.opened()) await preview.show(from, text);
  }

  private async scheduleGreeting(): Promise<void> {
    const host = this.host;
    this.greetingWaits = !(await host.endpoint()) || !host.widgetKey();
    if (this.greetingWaits) return;
    const { scheduleGreeting } = await import('./greeting.js');
    this.cancelGreeting = await scheduleGreeting({
      element: host.element,
      root: host.root,
      widgetKey: host.widgetKey(),
      get opened() {
        return host.opened();
      },
      endpoint: () => host.endpoint(),
      openWithGreeting: async (text: string) => {
        this.greetingText = text;
        await host.show();
      },
    });
  }
}
