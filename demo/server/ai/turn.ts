import type { AnswerPlan } from './answers.js';
import { FOLLOW_UP_TOOL } from './agents.js';
import { chunkText, pace, type SseWriter } from './sse.js';

export interface TurnIds {
  messageId: number | null;
  conversationId: number;
  externalConversationId: string | null;
  startedAt: number;
}

const tokens = (chars: number) => Math.max(1, Math.ceil(chars / 4));

/** The `usage` object of the stream and the token fields of the non-streaming answer. */
export function usageOf(plan: AnswerPlan, ids: TurnIds, content = plan.content) {
  return {
    message_id: ids.messageId,
    conversation_id: ids.conversationId,
    external_conversation_id: ids.externalConversationId,
    model_used: plan.modelUsed,
    tokens_input: tokens(plan.promptChars),
    tokens_output: content ? tokens(content.length) : 0,
    total_tokens: tokens(plan.promptChars) + (content ? tokens(content.length) : 0),
    latency_ms: Date.now() - ids.startedAt,
    intent: plan.intent,
    sentiment: plan.sentiment,
    is_in_scope: plan.isInScope,
  };
}

/** Spec §2.2: the whole answer at once. */
export function messageResponse(plan: AnswerPlan, ids: TurnIds) {
  const usage = usageOf(plan, ids);
  return {
    message_id: ids.messageId,
    conversation_id: ids.conversationId,
    external_conversation_id: ids.externalConversationId,
    content: plan.content,
    thinking_content: plan.thinking.length ? plan.thinking.join('') : null,
    content_format: plan.contentFormat,
    role: 'assistant',
    model_used: plan.modelUsed,
    tokens_input: usage.tokens_input,
    tokens_output: usage.tokens_output,
    latency_ms: usage.latency_ms,
    rag_sources: plan.sources,
    confidence_score: plan.confidence.score,
    needs_review: plan.confidence.needsReview,
    handoff_requested: plan.handoff.requested,
    handoff_reason: plan.handoff.reason,
    intent: plan.intent,
    sentiment: plan.sentiment,
    is_in_scope: plan.isInScope,
    tool_calls_count: plan.toolCalls.length + (plan.followUps.length ? 1 : 0),
    tools_used: [...plan.toolCalls.map((c) => c.tool_name), ...(plan.followUps.length ? [FOLLOW_UP_TOOL] : [])],
    pending_tool_approval: plan.approval
      ? { pending_message_id: ids.messageId, pending_tool_calls: [plan.approval] }
      : null,
    created_at: new Date().toISOString(),
  };
}

/**
 * Spec §4.2 streaming, in the order a RAG agent produces it: retrieval notes, thinking, tool calls,
 * then either an approval request or the text in small paced deltas, sources, confidence,
 * handoff decision, usage and `done`. The error scenario stops the text with an `error` event.
 */
export async function streamTurn(sse: SseWriter, plan: AnswerPlan, ids: TurnIds, paceMs: number): Promise<void> {
  for (const content of plan.ragThinking) if (!(await sse.send({ type: 'rag_thinking', content }))) return;
  for (const [i, content] of plan.thinking.flatMap((s) => chunkText(s)).entries()) {
    await pace(paceMs, i);
    if (!(await sse.send({ type: 'thinking', content }))) return;
  }
  if (plan.approval) {
    if (
      !(await sse.send({
        type: 'tool_approval_required',
        pending_tool_calls: [plan.approval],
        pending_message_id: ids.messageId,
      }))
    )
      return;
    if (!(await sse.send({ type: 'usage', usage: usageOf(plan, ids) }))) return;
    await sse.send({ type: 'done' });
    return sse.end();
  }
  for (const call of plan.toolCalls) if (!(await sse.send({ type: 'tool_call', ...call }))) return;

  const chunks = chunkText(plan.content, plan.chunkChars);
  const stopAt = plan.failure ? Math.max(1, Math.floor(chunks.length * plan.failure.afterFraction)) : chunks.length;
  for (let i = 0; i < stopAt; i++) {
    await pace(paceMs, i);
    if (!(await sse.send({ type: 'delta', content: chunks[i]! }))) return;
  }
  if (plan.failure) {
    await sse.send({ type: 'error', error: plan.failure.error, code: plan.failure.code });
    return sse.end();
  }
  // What the visitor may ask next: the agent's function call after its text (the spec's chat
  // response has no field for suggestions; `tool_call` carries them with their arguments).
  if (
    plan.followUps.length &&
    !(await sse.send({ type: 'tool_call', tool_name: FOLLOW_UP_TOOL, tool_args: { questions: plan.followUps } }))
  )
    return;
  if (plan.sources.length && !(await sse.send({ type: 'sources', sources: plan.sources }))) return;
  const c = plan.confidence;
  if (
    !(await sse.send({
      type: 'confidence',
      confidence_score: c.score,
      confidence_signals: c.signals,
      needs_review: c.needsReview,
    }))
  )
    return;
  const h = plan.handoff;
  if (
    !(await sse.send({
      type: 'handoff_decision',
      handoff_requested: h.requested,
      handoff_reason: h.reason,
      handoff_trigger: h.trigger,
    }))
  )
    return;
  if (!(await sse.send({ type: 'usage', usage: usageOf(plan, ids) }))) return;
  await sse.send({ type: 'done' });
  sse.end();
}
