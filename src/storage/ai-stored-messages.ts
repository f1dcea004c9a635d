/**
 * Messages as kept on the device (ai-conversations.ts) and back: an answer keeps its text as shown, its
 * sources, its status and the visitor's rating; the steps, reasoning and tools of the moment do not
 * outlive the page.
 */
import { nextId, type AnswerDisplay, type ChatMessage } from '../model/ai/messages.js';
import type { StoredMessage } from './ai-conversations.js';

export function toStored(messages: readonly ChatMessage[]): StoredMessage[] {
  return messages.map((m) =>
    m.role === 'user'
      ? { role: 'user', text: m.text, files: m.files }
      : {
          role: 'assistant',
          text: m.text,
          format: m.format,
          status: m.status === 'error' ? 'error' : m.status === 'stopped' ? 'stopped' : 'done',
          ...(m.rating ? { rating: m.rating } : {}),
          ...(m.serviceMessageId !== undefined ? { messageId: m.serviceMessageId } : {}),
          ...(m.followUps?.length ? { followUps: m.followUps } : {}),
          ...(m.feedback ? { feedback: storedFeedback(m.feedback) } : {}),
          sources: m.sources.map((s) => ({
            citation: s.citation,
            title: s.title,
            content_preview: s.content_preview,
            relevance_score: s.relevance_score,
            url: typeof s.metadata?.url === 'string' ? s.metadata.url : undefined,
          })),
        },
  );
}

/** A kept message as the panel holds it; an answer's text goes to `display` at once, whole. */
export function fromStored(m: StoredMessage, display: AnswerDisplay): ChatMessage {
  if (m.role === 'user') return { id: nextId(), role: 'user', text: m.text, files: m.files ?? [] };
  const id = nextId();
  const format = m.format ?? 'markdown';
  display.start(id, format);
  display.append(id, m.text);
  display.finish(id);
  return {
    id,
    role: 'assistant',
    status: m.status === 'stopped' ? 'stopped' : 'done',
    text: m.text,
    format,
    ragSteps: [],
    thinking: '',
    tools: [],
    request: { message: '' },
    rating: m.rating === 'up' || m.rating === 'down' ? m.rating : undefined,
    serviceMessageId: typeof m.messageId === 'number' ? m.messageId : undefined,
    followUps: Array.isArray(m.followUps) ? m.followUps.filter((q): q is string => typeof q === 'string') : undefined,
    feedback: m.feedback && typeof m.feedback === 'object' ? storedFeedback(m.feedback) : undefined,
    sources: (m.sources ?? []).map((s, i) => ({
      citation: s.citation ?? i + 1,
      document_id: String(i),
      title: s.title,
      content_preview: s.content_preview,
      relevance_score: s.relevance_score,
      metadata: s.url ? { url: s.url } : {},
    })),
  };
}

/** Only the reason and comment strings of a feedback (what a stored record may hold). */
function storedFeedback(f: { reason?: unknown; comment?: unknown }): { reason?: string; comment?: string } {
  return {
    ...(typeof f.reason === 'string' ? { reason: f.reason } : {}),
    ...(typeof f.comment === 'string' ? { comment: f.comment } : {}),
  };
}
