/**
 * Shared by the panel's browser tests: a panel against the simulator, read and driven like a
 * visitor. Element-level forms of the AI panel's harness (test/harness/ai-chat.ts), for the tests
 * that hold the element.
 */
import type { SportelloAiChat } from '../../../components/ai-chat/ai-chat.js';
import { AI_ENDPOINT, AiChatHarness } from '../../harness/ai-chat.js';
import { SIM_URL } from '../../harness/simulator.js';

export { SIM_URL };
export const ENDPOINT = AI_ENDPOINT;

export async function resetSimulator(): Promise<void> {
  await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
}

/** A panel on the simulator's agent 1, in English unless told otherwise. */
export async function panel(extra: Partial<Record<string, string>> = {}): Promise<SportelloAiChat> {
  return (await AiChatHarness.mount(extra)).element;
}

export const $ = (el: SportelloAiChat, selector: string) => new AiChatHarness(el).$(selector);
export const $$ = (el: SportelloAiChat, selector: string) => new AiChatHarness(el).$$(selector);
export const lastAnswer = (el: SportelloAiChat) => new AiChatHarness(el).lastAnswer!;

/** Types into the shared composer and presses Enter, like a visitor. */
export const typeAndSend = (el: SportelloAiChat, text: string): Promise<void> => new AiChatHarness(el).ask(text);

/** No answer running, and at least one answer shown. */
export const idle = (el: SportelloAiChat): Promise<void> => new AiChatHarness(el).idle();

/** A button of the last answer's actions by its accessible name. */
export const answerAction = (el: SportelloAiChat, label: string): HTMLButtonElement | undefined =>
  new AiChatHarness(el).answerAction(label);
