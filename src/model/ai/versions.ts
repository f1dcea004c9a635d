/**
 * The versions of a conversation that edited questions make, and what the service is told of them.
 *
 * The AI service holds a conversation's turns itself and has no way to fork one: `POST /chat` takes
 * one `message` and continues `conversation_id` (ai-service.md §4.2), and the spec shows no endpoint
 * for a conversation's messages. So each version of the thread is its own service conversation,
 * holding exactly the turns the visitor sees in it:
 * - an edited FIRST question starts a new conversation (no `conversation_id`), with nothing before it;
 * - an edited LATER question starts a new conversation too, seeded with the turns before it: the
 *   first request's `message` carries those turns as a transcript, then the edited question. The
 *   original conversation keeps the original turns, so switching back to it and asking on continues
 *   it where it was. Nothing is asked again to rebuild the earlier turns (each would be a new,
 *   different answer, and a cost).
 * Versions live as long as the page: with `persist`, the version shown is kept.
 */
import type { ChatMessage } from './messages.js';

/** One version of the thread: its messages and the service conversation that holds exactly its turns. */
export interface ThreadVersion {
  messages: ChatMessage[];
  /** The service's id of its conversation (undefined until its first answer names it). */
  conversationId: number | undefined;
  /** When it was last shown (a counter): switching to a question's version brings back its latest branch. */
  shownAt: number;
  /** Where its own turns begin: the index of the edited question that made it (0 for the first version). */
  from: number;
}

/** The first version of a thread: every turn its own, in `conversationId` once the service names it. */
export function rootVersion(messages: ChatMessage[], conversationId: number | undefined): ThreadVersion {
  return { messages, conversationId, shownAt: 0, from: 0 };
}

/** The spec's bound on a chat message (§8: 1-32000 characters). */
export const MAX_MESSAGE_CHARS = 32_000;

/** The versions on offer at message `index` of the version shown, in the order they were made. */
export interface VersionChoice {
  /** One version per different question at `index` (the shown one for its own), by position. */
  versions: number[];
  /** The position of the shown version among them (0-based). */
  position: number;
}

/** Whether `a` and `b` hold the same messages before `index`. */
function samePrefix(a: readonly ChatMessage[], b: readonly ChatMessage[], index: number): boolean {
  if (a.length < index || b.length < index) return false;
  for (let i = 0; i < index; i++) if (a[i]!.id !== b[i]!.id) return false;
  return true;
}

/**
 * The versions that differ from the shown one (`versions[current]`) first at its question `index`:
 * those with the same messages before it and another question there, one per question (the most
 * recently shown of those that share it). Undefined where there is no choice.
 */
export function choiceAt(
  versions: readonly ThreadVersion[],
  current: number,
  index: number,
): VersionChoice | undefined {
  const shown = versions[current];
  const question = shown?.messages[index];
  if (!shown || question?.role !== 'user') return undefined;
  // One entry per question there, in the order the versions were made (a Map keeps first insertion).
  const byQuestion = new Map<string, number>();
  versions.forEach((version, i) => {
    const there = version.messages[index];
    if (there?.role !== 'user' || !samePrefix(version.messages, shown.messages, index)) return;
    if (there.id === question.id) {
      byQuestion.set(there.id, current);
      return;
    }
    const best = byQuestion.get(there.id);
    if (best === undefined || version.shownAt > versions[best]!.shownAt) byQuestion.set(there.id, i);
  });
  if (byQuestion.size < 2) return undefined;
  const order = [...byQuestion.values()];
  return { versions: order, position: order.indexOf(current) };
}

/**
 * How the seed names the turns. The service's model reads them, the visitor never sees them (the
 * panel shows the edited question alone); the visitor's language reaches the agent apart, as the
 * `language` template variable.
 */
const SEED = {
  earlier: 'Earlier in this conversation:',
  user: 'Visitor',
  assistant: 'Assistant',
  question: 'The visitor now asks',
} as const;

/**
 * The first `message` of a version started at an edited later question: the turns before it as a
 * transcript, then the question. The oldest turns go first when it would be too long for the spec
 * (the question is always whole).
 */
export function seededMessage(earlier: readonly ChatMessage[], question: string): string {
  const turns = earlier.filter((m) => m.text.trim()).map((m) => `${SEED[m.role]}: ${m.text.trim()}`);
  const tail = `\n\n${SEED.question}: ${question}`;
  while (turns.length) {
    const message = `${SEED.earlier}\n\n${turns.join('\n\n')}${tail}`;
    if (message.length <= MAX_MESSAGE_CHARS) return message;
    turns.shift();
  }
  return question;
}
