/** Shared by the panel's browser tests: a panel against the simulator, and ways to read and drive it like a visitor. */
import { fixture } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import type { SportelloAiChat } from '../../../components/ai-chat/ai-chat.js';
import { until } from './chat-frames.js';

export { SIM_URL };
export const ENDPOINT = `${SIM_URL}/ai/api/v2`;

export async function resetSimulator(): Promise<void> {
  await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
}

/** A panel on the simulator's agent 1, in English unless told otherwise. */
export async function panel(extra: Partial<Record<string, string>> = {}): Promise<SportelloAiChat> {
  const el = document.createElement('sportello-ai-chat') as SportelloAiChat;
  const attrs = { endpoint: ENDPOINT, 'api-key': 'spk_demo', 'agent-id': '1', lang: 'en', ...extra };
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined) el.setAttribute(k, v);
  return fixture(el);
}

/** The panel's shadow root and its thread's (the messages are rows of the shared message list). */
export const roots = (el: SportelloAiChat): ShadowRoot[] =>
  [el.shadowRoot!, el.shadowRoot!.querySelector('sportello-ai-thread')?.shadowRoot].filter((r): r is ShadowRoot => !!r);
export const $ = (el: SportelloAiChat, selector: string) =>
  (roots(el)
    .map((r) => r.querySelector(selector))
    .find(Boolean) ?? null) as HTMLElement | null;
export const $$ = (el: SportelloAiChat, selector: string) =>
  roots(el).flatMap((r) => Array.from(r.querySelectorAll(selector))) as HTMLElement[];
export const lastAnswer = (el: SportelloAiChat) => $$(el, '.msg.assistant').at(-1)!;

/** Types into the shared composer and presses Enter, like a visitor. */
export async function typeAndSend(el: SportelloAiChat, text: string): Promise<void> {
  const composer = $(el, 'sportello-composer')!;
  await (composer as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  const textarea = composer.shadowRoot!.querySelector('textarea')!;
  textarea.value = text;
  textarea.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  await (composer as unknown as { updateComplete: Promise<unknown> }).updateComplete;
  textarea.dispatchEvent(
    new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, composed: true, cancelable: true }),
  );
}

/** No answer running, and at least one answer shown. */
export const idle = (el: SportelloAiChat) =>
  until(() => !$(el, '.footer .bar') && !$$(el, '[aria-busy="true"]').length && $$(el, '.msg.assistant').length > 0);

/** A button of the last answer's actions by its accessible name. */
export const answerAction = (el: SportelloAiChat, label: string): HTMLButtonElement | undefined =>
  Array.from(lastAnswer(el).querySelectorAll<HTMLButtonElement>('[part~=answer-actions] button')).find(
    (b) => (b.getAttribute('aria-label') ?? b.textContent!.trim()) === label,
  );
