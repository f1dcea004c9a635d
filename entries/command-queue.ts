/**
 * The page's `Sportello(…)` global, usable before the kit loads (as Intercom's and Crisp's are): the
 * README's one-line stub queues calls in `Sportello.q`; when `sportello.js` arrives this replaces the
 * stub with the kit's own function, runs the queued calls once, in order, and announces
 * `sportello-ready` on `document`. Later calls run as they come, in order.
 *
 * This module is part of `sportello.js`, so it stays a few lines: the commands themselves are a
 * chunk (`commands.ts`) fetched only when the page calls one (`npm run bench snippet`).
 */
import { READY_EVENT, type SportelloConfig } from '../src/config.js';
import { loadElements } from './lazy-elements.js';

/** An event of ours by its name without the `sportello-` prefix (`chat-started`), or `ready`. */
type ShortName<K> = K extends `sportello-${infer Name}` ? Name : never;
export type SportelloEventName = ShortName<keyof GlobalEventHandlersEventMap>;

/**
 * `Sportello(command, …)`: the page's command function.
 * - `configure`: page-wide defaults, merged over earlier calls (`configure()`);
 * - `open` / `close`: the first live chat on the page (or the AI panel: `'ai-chat'`), its code
 *   loaded first if need be;
 * - `on` / `off`: listens on `document` to one of our events by its short name (`chat-started`) or
 *   its full one; `on`, `ready` calls the listener at once when the kit is already there.
 */
export interface SportelloCommand {
  (command: 'configure', config: SportelloConfig): void;
  (command: 'open' | 'close', element?: 'live-chat' | 'ai-chat'): void;
  <Name extends SportelloEventName>(
    command: 'on' | 'off',
    event: Name | `sportello-${Name}`,
    listener: (event: GlobalEventHandlersEventMap[`sportello-${Name}`]) => void,
  ): void;
}

/** The stub's function as the page left it: its queued calls' `arguments`. */
interface Stub {
  (...args: unknown[]): void;
  q?: ArrayLike<unknown>[];
  /** Set on the kit's own function: a second copy of the kit on the page leaves the first's. */
  kit?: true;
}

declare global {
  interface Window {
    Sportello?: SportelloCommand;
  }
  interface GlobalEventHandlersEventMap {
    /** The kit is on the page and the calls queued before it ran. */
    'sportello-ready': CustomEvent<undefined>;
  }
}

/** Takes over `Sportello(…)` from the stub (or defines it), runs what was queued, then announces readiness. */
export function acceptCommands(): void {
  const page = globalThis as unknown as { Sportello?: Stub };
  if (page.Sportello?.kit) return;
  const queue: unknown[][] = Array.from(page.Sportello?.q ?? [], (args) => Array.from(args));
  let ready = false;
  let commands: Promise<typeof import('./commands.js')> | undefined;
  // Every call drains the queue once the commands are here: whatever is queued runs, in order.
  const drain = (): Promise<void> =>
    (commands ??= import('./commands.js')).then(
      // What the commands need of the entry is handed over, not imported: imported, it would become a
      // chunk of its own that every page fetches before intent.
      (loaded) => loaded.runCommands(queue, { ready: () => ready, loadElements }),
      (error: unknown) => {
        commands = undefined; // the next call tries again (e.g. back online)
        console.warn('[sportello] could not load the commands:', error);
      },
    );
  const kit: Stub = (...args: unknown[]) => {
    queue.push(args);
    void drain();
  };
  kit.kit = true;
  page.Sportello = kit;
  const announce = () => {
    ready = true;
    document.dispatchEvent(new CustomEvent(READY_EVENT, { bubbles: true, composed: true }));
  };
  if (queue.length) void drain().then(announce);
  else announce();
}
