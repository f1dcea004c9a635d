/**
 * Handing the conversation to a person: what the operator reads (a transcript of the last exchanges
 * and a summary) and the `<sportello-live-chat>` that takes it over (`handoff-target`).
 */
import type { ChatMessage } from '../../../src/model/ai/messages.js';
import type { AiHandoffDetail } from '../events.js';

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

/** What a hand-over needs of the panel. */
export interface HandOver {
  messages: readonly ChatMessage[];
  answerText: (id: string, atLeast: number) => string;
  speakers: Speakers;
  conversationId: number | undefined;
  trigger: string;
  reason: string | undefined;
  name: string | undefined;
  email: string | undefined;
  /** Emits the cancelable `sportello-handoff`: false when the page cancelled it. */
  announce(detail: AiHandoffDetail): boolean;
  target: HandoffTarget | null;
}

/** `sportello-handoff` for the page, then (unless it cancelled) the target chat started with the transcript. */
export async function handOver(h: HandOver): Promise<void> {
  const text = transcript(h.messages, h.answerText, h.speakers);
  const brief = summary(h.messages, h.speakers, h.reason);
  const detail: AiHandoffDetail = {
    summary: brief,
    transcript: text,
    conversationId: h.conversationId,
    reason: h.reason,
    trigger: h.trigger,
    name: h.name,
    email: h.email,
  };
  if (!h.announce(detail)) return;
  if (typeof h.target?.startFromHandoff !== 'function') return;
  await h.target.startFromHandoff({
    transcript: text,
    summary: brief,
    ...(h.name ? { name: h.name } : {}),
    ...(h.email ? { email: h.email } : {}),
  });
}
