/** Shared by the launcher-loader tests (each its own file: whether the panel's module was loaded is a fact of the whole page). */
import { fixture } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import type { SportelloAiChat } from '../../../components/ai-chat/ai-chat.js';

export { SIM_URL };
export const ENDPOINT = `${SIM_URL}/ai/api/v2`;

/** Requests to the services (the simulator), not to its test control path. */
export const serviceRequests = (): string[] =>
  performance
    .getEntriesByType('resource')
    .filter((e) => e.name.startsWith(SIM_URL) && !e.name.includes('/__sim/'))
    .map((e) => e.name);

/** The page idle again and again: long enough for a module asked for at idle to arrive. */
export const idlePeriods = async (n: number): Promise<void> => {
  for (let i = 0; i < n; i++) await new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 5000 }));
};

/** A launcher-mode panel on the page, before `<sportello-ai-chat>` is defined. */
export async function closedLauncher(extra: Record<string, string> = {}): Promise<SportelloAiChat> {
  await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  performance.clearResourceTimings();
  const el = document.createElement('sportello-ai-chat') as SportelloAiChat;
  const attrs = { mode: 'launcher', endpoint: ENDPOINT, 'api-key': 'spk_demo', 'agent-id': '1', lang: 'en', ...extra };
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  return fixture(el);
}

export const bubble = (el: Element): HTMLButtonElement | null =>
  el.shadowRoot?.querySelector<HTMLButtonElement>('button.launcher') ?? null;
