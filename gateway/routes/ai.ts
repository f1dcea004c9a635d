/**
 * AI service (specs/ai-service.md): the chat (agent mode only, with the agents of the visitor
 * token or the configured default), the visitor's own conversations, and the searches and
 * classification the kit makes. A conversation belongs to the visitor whose id the gateway sent
 * as `X-External-Id` when it began (the service keeps it in the conversation's
 * `metadata.external_id`); it is continued or read only by that visitor. The analyses of signing
 * documents and their temporary agents are in ai-documents.ts. No direct-model mode,
 * no agent administration, no costs, no exports.
 */
import { Refused, type Call } from '../call.js';
import { MESSAGES } from '../errors.js';
import type { AllowedRoute } from './types.js';
import { documentAgentInScope } from './ai-documents.js';

function allowedAgents(call: Call): number[] {
  return call.visitor.ai?.agents ?? call.config.ai.defaultAgents;
}

/** Chat fields a page may set. Model, prompt, budget and identity fields are the tenant's, not the page's. */
const CHAT_FIELDS = new Set([
  'message',
  'agent_id',
  'conversation_id',
  'external_conversation_id',
  'stream',
  'files',
  'include_sources',
  'template_vars',
  'classification_intents',
  'force_handoff',
  'skip_handoff',
  'response_format',
  'tool_approval',
  'metadata',
]);

export function sanitiseChat(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(body)) if (CHAT_FIELDS.has(k)) out[k] = v;
  if (out.metadata !== undefined) {
    if (typeof out.metadata !== 'object' || out.metadata === null || Array.isArray(out.metadata)) delete out.metadata;
    else {
      const { external_id: _e, source_app: _s, ...rest } = out.metadata as Record<string, unknown>;
      out.metadata = rest;
    }
  }
  return out;
}

const ownerOf = (conversation: unknown): unknown =>
  (conversation as { metadata?: { external_id?: unknown } } | undefined)?.metadata?.external_id;

async function requireOwnConversation(call: Call, id: number): Promise<void> {
  const answer = await call.upstreamJson({ path: `/conversations/${id}`, passHeaders: false });
  if (answer.status !== 200 || ownerOf(answer.body) !== call.visitor.id) throw new Refused(404, MESSAGES.notFound);
}

/** Knowledge bases a visitor may search: configured, or those of the allowed agents (cached). */
const agentKbs = new Map<number, { kbs: number[]; until: number }>();

async function allowedKnowledgeBases(call: Call): Promise<Set<number>> {
  const configured = call.config.ai.knowledgeBases;
  if (configured !== 'from-agents') return new Set(configured);
  const out = new Set<number>();
  const now = Date.now();
  for (const agent of allowedAgents(call)) {
    let entry = agentKbs.get(agent);
    if (!entry || entry.until < now) {
      const answer = await call.upstreamJson({ path: `/agents/${agent}`, passHeaders: false });
      const ids = (answer.body as { rag_config?: { knowledge_base_ids?: unknown } } | undefined)?.rag_config
        ?.knowledge_base_ids;
      entry = { kbs: Array.isArray(ids) ? ids.map(Number).filter(Number.isInteger) : [], until: now + 300_000 };
      if (answer.status === 200) agentKbs.set(agent, entry);
    }
    entry.kbs.forEach((kb) => out.add(kb));
  }
  return out;
}

function searchRoute(path: string): AllowedRoute {
  return {
    service: 'ai',
    method: 'POST',
    path,
    access: 'visitor',
    async handle(call) {
      const body = await call.jsonObject();
      const allowed = await allowedKnowledgeBases(call);
      const asked = body.knowledge_base_ids;
      if (!Array.isArray(asked) || asked.length === 0 || !asked.every((id) => allowed.has(Number(id))))
        throw new Refused(403, MESSAGES.notAllowed);
      const { document_ids: _d, ...rest } = body;
      return call.forward(path, { json: rest, query: undefined });
    },
  };
}

export const aiRoutes: AllowedRoute[] = [
  {
    service: 'ai',
    method: 'POST',
    path: '/chat',
    access: 'visitor',
    async handle(call) {
      const { aiChatPerVisitorPerMinute, aiChatPerIpPerMinute } = call.config.limits;
      await call.limit('ai-chat', 'rate_ai_chat', aiChatPerVisitorPerMinute, aiChatPerIpPerMinute);
      const body = sanitiseChat(await call.jsonObject(call.config.limits.maxAiBodyBytes));
      const agent = body.agent_id;
      // The visitor's agents, or the temporary agent of a document they may view (ai-documents.ts).
      if (
        typeof agent !== 'number' ||
        !(allowedAgents(call).includes(agent) || (await documentAgentInScope(call, agent)))
      )
        throw new Refused(403, 'This assistant is not available');
      if (body.conversation_id !== undefined) {
        if (typeof body.conversation_id !== 'number' || !Number.isSafeInteger(body.conversation_id))
          throw new Refused(404, MESSAGES.notFound);
        await requireOwnConversation(call, body.conversation_id);
      } else if (body.tool_approval !== undefined) {
        // An approval names a message; without its conversation it could resume anyone's.
        throw new Refused(400, 'conversation_id is required with tool_approval');
      } else if (typeof body.external_conversation_id === 'string') {
        const ext = body.external_conversation_id;
        const found = await call.upstreamJson({
          path: `/conversations/by-external-id/${encodeURIComponent(ext)}`,
          query: new URLSearchParams({ agent_id: String(agent) }),
          passHeaders: false,
        });
        if (found.status === 200 && ownerOf(found.body) !== call.visitor.id) throw new Refused(404, MESSAGES.notFound);
      }
      return call.forward('/chat', { json: body, query: undefined, timeoutMs: call.config.limits.upstreamTimeoutMs });
    },
  },
  {
    service: 'ai',
    method: 'GET',
    path: '/conversations',
    access: 'visitor',
    async handle(call) {
      const q = call.query();
      const offset = Math.max(0, Number(q.get('offset') ?? 0) || 0);
      const limit = Math.min(100, Math.max(1, Number(q.get('limit') ?? 50) || 50));
      const answer = await call.upstreamJson({
        path: '/conversations',
        query: new URLSearchParams({ offset: '0', limit: '100' }),
        passHeaders: false,
      });
      if (answer.status !== 200) return call.sendJson(answer);
      const items = ((answer.body as { items?: unknown[] } | undefined)?.items ?? []).filter(
        (c) => ownerOf(c) === call.visitor.id,
      );
      return call.sendJson(answer, { items: items.slice(offset, offset + limit), total: items.length, offset, limit });
    },
  },
  {
    service: 'ai',
    method: 'GET',
    path: '/conversations/{conversation_id}',
    access: 'visitor',
    async handle(call) {
      const id = call.id('conversation_id');
      const answer = await call.upstreamJson({ path: `/conversations/${id}`, passHeaders: false });
      if (answer.status === 200 && ownerOf(answer.body) !== call.visitor.id) throw new Refused(404, MESSAGES.notFound);
      return call.sendJson(answer);
    },
  },
  {
    service: 'ai',
    method: 'GET',
    path: '/conversations/by-external-id/{external_id}',
    access: 'visitor',
    async handle(call) {
      const ext = call.param('external_id');
      if (!/^[\w.:-]{1,255}$/.test(ext)) throw new Refused(404, MESSAGES.notFound);
      const agent = call.query().get('agent_id');
      const query = agent && /^\d+$/.test(agent) ? new URLSearchParams({ agent_id: agent }) : undefined;
      const answer = await call.upstreamJson({
        path: `/conversations/by-external-id/${ext}`,
        query,
        passHeaders: false,
      });
      if (answer.status === 200 && ownerOf(answer.body) !== call.visitor.id) throw new Refused(404, MESSAGES.notFound);
      return call.sendJson(answer);
    },
  },
  {
    // The desk form's assistant asks which knowledge bases an agent searches. Only for the
    // visitor's agents, and only that: the prompt, model and tools stay the tenant's.
    service: 'ai',
    method: 'GET',
    path: '/agents/{agent_id}',
    access: 'visitor',
    async handle(call) {
      const id = call.id('agent_id');
      if (!allowedAgents(call).includes(id)) throw new Refused(404, MESSAGES.notFound);
      const answer = await call.upstreamJson({ path: `/agents/${id}`, passHeaders: false });
      if (answer.status !== 200) return call.sendJson(answer);
      const agent = answer.body as {
        id?: unknown;
        name?: unknown;
        rag_config?: { knowledge_base_ids?: unknown } | null;
      };
      const kbs = agent?.rag_config?.knowledge_base_ids;
      return call.sendJson(answer, {
        id: agent?.id,
        name: agent?.name,
        rag_config: { knowledge_base_ids: Array.isArray(kbs) ? kbs : [] },
      });
    },
  },
  searchRoute('/search'),
  searchRoute('/search/faq'),
  {
    service: 'ai',
    method: 'POST',
    path: '/analysis/catalogs/classify',
    access: 'visitor',
    async handle(call) {
      const body = await call.jsonObject();
      const catalogs = call.config.ai.catalogs;
      const id = Number(body.catalog_id);
      if (catalogs !== 'any' && !catalogs.includes(id)) throw new Refused(403, MESSAGES.notAllowed);
      return call.forward('/analysis/catalogs/classify', { json: body, query: undefined });
    },
  },
];
