/**
 * A message that quotes earlier turns, then asks: the first message of a conversation the AI panel
 * starts for an edited question (src/model/ai/versions.ts). The spec's service cannot fork a
 * conversation, so the panel tells a new one the turns before the edited question inside `message`;
 * a model reads them as context and answers the question at the end. The simulator's model does the
 * same: it answers the question (topic, language, scenario), the quoted turns count as history.
 * The service stores the message as it was sent.
 */
const OPENING = 'Earlier in this conversation:';
const ASKS = '\n\nThe visitor now asks: ';

export interface AskedMessage {
  /** What is asked: the whole message, or the question after the quoted turns. */
  question: string;
  /** The quoted turns, oldest first (none for a plain message). */
  quoted: string[];
}

export function askedIn(message: string): AskedMessage {
  const at = message.lastIndexOf(ASKS);
  const question = at < 0 ? '' : message.slice(at + ASKS.length).trim();
  if (!message.startsWith(OPENING) || !question) return { question: message, quoted: [] };
  const quoted = message
    .slice(OPENING.length, at)
    .split(/\n{2,}/)
    .map((turn) => turn.trim())
    .filter(Boolean);
  return { question, quoted };
}
