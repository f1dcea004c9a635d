/**
 * What the service suggests asking next, under the last answer: one button per question
 * (src/model/ai/follow-ups.ts says where they come from). Pressing one asks it as if typed.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { AssistantMessage } from '../../../src/model/ai/messages.js';
import type { AiChatStringKey } from '../strings.js';

export interface FollowUpContext {
  s(key: AiChatStringKey): string;
  /** The answer is the thread's last and nothing is being written. */
  latest(message: AssistantMessage): boolean;
  ask(question: string): void;
}

export function renderFollowUps(c: FollowUpContext, m: AssistantMessage): TemplateResult | typeof nothing {
  if (m.status !== 'done' || !m.followUps?.length || !c.latest(m)) return nothing;
  const label = c.s('followUps');
  return html`<div class="follow-ups" part="follow-ups" role="group" aria-label=${label}>
    <span class="follow-ups-label" aria-hidden="true">${label}</span>
    ${m.followUps.map(
      (question) =>
        html`<button type="button" class="follow-up" dir="auto" @click=${() => c.ask(question)}>${question}</button>`,
    )}
  </div>`;
}
