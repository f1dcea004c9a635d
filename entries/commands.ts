/**
 * What `Sportello(command, …)` does (see command-queue.ts for the global and its types): a chunk
 * of its own, fetched the first time a page calls one. Nothing here throws into the page: a call
 * it cannot run is a console warning.
 */
import { configure, READY_EVENT, type SportelloConfig } from '../src/config.js';

/** What the kit's entry hands over: whether it announced readiness, and its element loader. */
export interface Kit {
  ready(): boolean;
  loadElements(tags: readonly string[]): Promise<void>;
}

const COMMANDS = ['configure', 'open', 'close', 'on', 'off'];
const ELEMENTS: Record<string, string> = { 'live-chat': 'sportello-live-chat', 'ai-chat': 'sportello-ai-chat' };

/** What `open`/`close` call: the live chat's methods, the AI panel's `show()` and `open` property. */
interface Openable extends HTMLElement {
  show?(): Promise<void>;
  close?(): Promise<void>;
  open?: unknown;
}

const warn = (message: string) => console.warn(`[sportello] Sportello(): ${message}`);

/** Runs and empties `queue`, in order. */
export function runCommands(queue: unknown[][], kit: Kit): void {
  for (let call = queue.shift(); call; call = queue.shift()) {
    try {
      run(call, kit);
    } catch (error) {
      warn(`${String(call[0])} failed: ${String(error)}`);
    }
  }
}

function run([command, ...args]: unknown[], kit: Kit): void {
  switch (command) {
    case 'configure':
      if (typeof args[0] === 'object' && args[0] !== null) configure(args[0] as SportelloConfig);
      else warn("'configure' takes an object: Sportello('configure', { endpoint, tokenProvider, lang })");
      return;
    case 'open':
    case 'close':
      void openOrClose(command === 'open', args[0] ?? 'live-chat', kit);
      return;
    case 'on':
    case 'off':
      listen(command === 'on', args[0], args[1], kit);
      return;
    default:
      warn(`unknown command ${JSON.stringify(command)}; the commands are ${COMMANDS.join(', ')}.`);
  }
}

async function openOrClose(open: boolean, which: unknown, kit: Kit): Promise<void> {
  const tag = ELEMENTS[String(which)];
  if (!tag) return warn(`'${open ? 'open' : 'close'}' takes 'live-chat' or 'ai-chat', not ${JSON.stringify(which)}.`);
  const el = document.querySelector<Openable>(tag);
  if (!el) return warn(`there is no <${tag}> on the page to ${open ? 'open' : 'close'}.`);
  // The whole element (the lazy kit may have loaded only its launcher so far).
  await kit.loadElements([tag]);
  await customElements.whenDefined(tag);
  if (open) await el.show?.();
  else if (typeof el.close === 'function') await el.close();
  else el.open = false;
}

function listen(on: boolean, name: unknown, listener: unknown, kit: Kit): void {
  if (typeof name !== 'string' || typeof listener !== 'function')
    return warn(`'${on ? 'on' : 'off'}' takes an event name and a function: Sportello('on', 'chat-started', fn).`);
  const type = name.startsWith('sportello-') ? name : `sportello-${name}`;
  const fn = listener as (event: Event) => void;
  if (!on) return document.removeEventListener(type, fn);
  if (type === READY_EVENT && kit.ready()) queueMicrotask(() => fn(new CustomEvent(READY_EVENT)));
  else document.addEventListener(type, fn, type === READY_EVENT ? { once: true } : undefined);
}
