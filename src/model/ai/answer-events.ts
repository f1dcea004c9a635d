/**
 * What each event of an answer does to it: the streamed events (§4.2) and a whole answer (§2.2),
 * which goes through the same steps. The controller runs the request; this is the answer's reducer.
 */
import {
  wholeAnswerEvents,
  type ChatMessageResponse,
  type ChatStreamEvent,
  type ChatUsage,
} from '../../services/ai.js';
import { ServiceError } from '../../transport/errors.js';
import type { AnswerDisplay, AssistantMessage } from './messages.js';
import { followUpsOf } from './follow-ups.js';

/** What applying an event may reach beyond the answer itself. */
export interface AnswerEventContext {
  display: AnswerDisplay;
  includeHiddenSources(): boolean;
  /** Something the panel shows changed. */
  requestUpdate(): void;
  /** The service named the conversation (`usage.conversation_id`). */
  conversation(id: number): void;
  usage?(usage: ChatUsage): void;
  handoff?(message: AssistantMessage): void;
  fail(message: AssistantMessage, error: unknown): void;
  /** The name of the tool whose calls suggest follow-ups (follow-ups.ts), if any. */
  followUpTool?(): string | undefined;
}

/**
 * The answer itself begins (text, a tool, an approval, its end): the reasoning before it is over
 * and its time is known, and tools that were running are done.
 */
export function answerBegins(message: AssistantMessage): void {
  if (message.thinkingStartedAt !== undefined && message.thoughtMs === undefined) {
    message.thoughtMs = Math.max(0, performance.now() - message.thinkingStartedAt);
  }
  if (message.tools.some((t) => t.state === 'running'))
    message.tools = message.tools.map((t) => (t.state === 'running' ? { ...t, state: 'done' } : t));
}

export function appendText(ctx: AnswerEventContext, message: AssistantMessage, text: string): void {
  if (message.status === 'waiting') {
    answerBegins(message);
    message.status = 'streaming';
    ctx.requestUpdate();
  }
  message.text += text;
  ctx.display.append(message.id, text);
}

export function applyEvent(ctx: AnswerEventContext, message: AssistantMessage, event: ChatStreamEvent): void {
  switch (event.type) {
    case 'delta':
    case 'content':
      appendText(ctx, message, event.content ?? '');
      return;
    case 'rag_thinking':
      if (event.content?.trim()) message.ragSteps = [...message.ragSteps, event.content.trim()];
      break;
    case 'thinking':
      message.thinkingStartedAt ??= performance.now();
      message.thinking += event.content ?? '';
      break;
    case 'sources':
      // Numbered in the service's order before hidden ones are left out: `[2]` stays the second.
      message.sources = (event.sources ?? [])
        .map((s, i) => ({ ...s, citation: i + 1 }))
        .filter((s) => s && (s.is_visible !== false || ctx.includeHiddenSources()));
      break;
    case 'tool_call': {
      const followUps = followUpsOf(event.tool_name, event.tool_args, ctx.followUpTool?.());
      if (followUps) {
        // Suggestions for the visitor, not a tool at work: no card. Shown once the answer is done.
        message.followUps = followUps;
        return;
      }
      answerBegins(message);
      const result =
        (event as { result?: unknown; tool_result?: unknown }).result ??
        (event as { tool_result?: unknown }).tool_result;
      message.tools = [
        ...message.tools,
        {
          name: event.tool_name,
          args: event.tool_args,
          state: 'running',
          ...(result !== undefined ? { result } : {}),
        },
      ];
      break;
    }
    case 'tool_approval_required':
      answerBegins(message);
      message.approval = { pendingMessageId: event.pending_message_id, calls: event.pending_tool_calls ?? [] };
      message.status = 'approval';
      break;
    // A confidence comes at the end of an answer, whose own end updates the panel: no update of
    // its own (nor for a handoff decision that requests nothing).
    case 'confidence': {
      const signals = event.confidence_signals;
      message.confidence = {
        score: event.confidence_score,
        needsReview: Boolean(event.needs_review),
        ...(signals && typeof signals === 'object' && !Array.isArray(signals)
          ? { signals: signals as Record<string, unknown> }
          : {}),
      };
      return;
    }
    case 'handoff_decision':
      message.handoff = {
        requested: Boolean(event.handoff_requested),
        reason: event.handoff_reason,
        trigger: event.handoff_trigger,
      };
      if (!message.handoff.requested) return;
      ctx.handoff?.(message);
      break;
    case 'usage':
      if (typeof event.usage?.conversation_id === 'number') ctx.conversation(event.usage.conversation_id);
      if (typeof event.usage?.intent === 'string') message.intent = event.usage.intent;
      if (typeof event.usage?.message_id === 'number') message.serviceMessageId = event.usage.message_id;
      if (event.usage?.sentiment !== undefined && event.usage.sentiment !== null)
        message.sentiment = event.usage.sentiment;
      ctx.usage?.(event.usage);
      // Nothing the panel shows: no host update (the answer's own end updates it).
      return;
    case 'error':
      ctx.fail(
        message,
        new ServiceError({
          service: 'ai',
          kind: 'protocol',
          code: event.code ?? 'stream_error',
          message: event.error || 'The answer failed',
        }),
      );
      return;
    case 'done':
      return;
  }
  ctx.requestUpdate();
}

/** A whole answer (§2.2) goes through the same steps as a stream of it. */
export function applyWhole(ctx: AnswerEventContext, message: AssistantMessage, answer: ChatMessageResponse): void {
  for (const event of wholeAnswerEvents(answer)) applyEvent(ctx, message, event);
}
