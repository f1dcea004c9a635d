/**
 * Handing the conversation to a person: what the operator reads (a transcript of the last exchanges
 * and a summary) and the `<sportello-live-chat>` that takes it over (`handoff-target`).
 */
import type { ChatMessage } from '../../src/controllers/ai/messages.js';

/** What `startFromHandoff` of a `<sportello-live-chat>` accepts (duck-typed: another bundle may define it). */
export interface HandoffTarget extends Element {
  startFromHandoff?(input: { name?: string; email?: string; transcript: string; summary?: string }): Promise<void>;
}

/** Who said what, in the panel's language. */
export interface Speakers {
  user: string;
  assistant: string;
}

/**
 * "You: …\nAssistant: …" of the last exchanges, for a human operator: answers as the text a
 * reader saw (`answerText`: one line per block, no markdown syntax), each clipped, empty turns left out.
 */
export function transcript(
  messages: readonly ChatMessage[],
  answerText: (id: string, atLeast: number) => string,
  labels: Speakers,
  maxMessages = 12,
  maxChars = 600,
): string {
  return messages
    .slice(-maxMessages)
    .map((m) => {
      const text = m.role === 'user' ? m.text : answerText(m.id, maxChars + 1);
      const clipped = text.length > maxChars ? `${text.slice(0, maxChars).trimEnd()}…` : text.trim();
      return clipped ? `${m.role === 'user' ? labels.user : labels.assistant}: ${clipped}` : '';
    })
    .filter(Boolean)
    .join('\n');
}

/** The reason, if any, and the visitor's last question. */
export function summary(messages: readonly ChatMessage[], labels: Speakers, reason?: string): string {
  const lastQuestion = [...messages].reverse().find((m) => m.role === 'user');
  return [reason, lastQuestion ? `${labels.user}: ${lastQuestion.text}` : undefined].filter(Boolean).join(' — ');
}

/** The element named `id` in `from`'s tree (its shadow root first), then in the document. */
export function findHandoffTarget(from: Element, id: string | undefined): HandoffTarget | null {
  if (!id) return null;
  const root = from.getRootNode() as Document | ShadowRoot;
  return (root.getElementById?.(id) ?? document.getElementById(id)) as HandoffTarget | null;
}
