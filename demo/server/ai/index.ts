import type { ServiceModule, SimContext } from '../core/service.js';
import { AnalysisStore } from './analyses.js';
import { ConversationStore } from './conversations.js';
import { KnowledgeStore } from './kb.js';
import { RateLimiter } from './rate-limit.js';
import { aiRoutes } from './routes.js';
import type { SseWriter } from './sse.js';
import type { ChatRequest } from './validate.js';

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
  const received: ChatRequest[] = [];
  ctx.onReset(() => {
    analyses.clear();
    conversations.clear();
    limiter.clear();
    received.length = 0;
  });
  return {
    name: 'ai',
    router: aiRoutes({ ctx, kb, analyses, conversations, limiter, openStreams, received }),
    eventStreams: () => openStreams.size,
    control: (method, action) => {
      if (method !== 'GET') return undefined;
      // `GET /__sim/ai/chats`: the chat requests received since the reset, as sent (files without their data).
      if (action === 'chats')
        return {
          status: 200,
          body: received.map((r) => ({
            ...r,
            files: r.files?.map(({ filename, content_type }) => ({ filename, content_type })),
          })),
        };
      // `GET /__sim/ai/conversations`: every conversation with the turns the service holds (the spec shows no endpoint for them).
      if (action === 'conversations')
        return {
          status: 200,
          body: conversations
            .all()
            .map((c) => ({ id: c.id, messages: c.messages.map(({ role, content }) => ({ role, content })) })),
        };
      return undefined;
    },
    errorAnswer: (status, message) => ({ status, body: { detail: message } }),
  };
}
