import type { ServiceModule, SimContext } from '../core/service.js';
import { AnalysisStore } from './analyses.js';
import { ConversationStore } from './conversations.js';
import { KnowledgeStore } from './kb.js';
import { RateLimiter } from './rate-limit.js';
import { aiRoutes } from './routes.js';
import type { SseWriter } from './sse.js';

/**
 * The AI service at `/ai/api/v2` (spec ai-service.md): chat in agent and direct mode, streamed or
 * whole, conversations, agents and search over a seeded knowledge base, and PDF analyses whose temporary
 * agents answer from the PDF's pages. See README.md beside this
 * file for the seeded keys, agents and the scenarios a user can trigger by typing.
 */
export function createAiService(ctx: SimContext): ServiceModule {
  const kb = new KnowledgeStore();
  const conversations = new ConversationStore();
  const limiter = new RateLimiter();
  const openStreams = new Set<SseWriter>();
  // An analysis job takes a few pace steps per state, as a worker would (tests watch it move).
  const analyses = new AnalysisStore(() => ctx.paceMs * 5);
  ctx.onReset(() => {
    analyses.clear();
    conversations.clear();
    limiter.clear();
  });
  return {
    name: 'ai',
    router: aiRoutes({ ctx, kb, analyses, conversations, limiter, openStreams }),
    eventStreams: () => openStreams.size,
    errorAnswer: (status, message) => ({ status, body: { detail: message } }),
  };
}
