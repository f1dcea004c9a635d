import { Router, sendJson, type SimRequest } from '../core/http-kit.js';
import type { SimContext } from '../core/service.js';
import { AGENTS, type Agent } from './agents.js';
import { planAnswer } from './answers.js';
import { conversationView, type Conversation, type ConversationStore, type PendingTool } from './conversations.js';
import type { KnowledgeStore } from './kb.js';
import type { RateLimiter } from './rate-limit.js';
import { SseWriter } from './sse.js';
import { messageResponse, streamTurn, type TurnIds } from './turn.js';
import { Invalid, parseChatRequest, parseSearchRequest, type ChatRequest } from './validate.js';
import { CatalogStore, classify, parseClassifyRequest } from './catalogs.js';
import { detail, guarded, jsonBody } from './route-kit.js';
import type { AnalysisStore } from './analyses.js';
import { addAnalysisRoutes } from './analysis-routes.js';
import { planDocumentAnswer } from './document-answer.js';
import { askedIn } from './quoted-turns.js';
import { PHRASES } from './phrases.js';
import type { Lang } from './text.js';

interface Deps {
  ctx: SimContext;
  kb: KnowledgeStore;
  analyses: AnalysisStore;
  conversations: ConversationStore;
  limiter: RateLimiter;
  openStreams?: Set<SseWriter>;
  /** The latest valid chat requests, in order (`GET /__sim/ai/chats`: what a client asked, for tests). */
  received?: ChatRequest[];
}

const PREFIX = '/ai/api/v2';
const RECEIVED_KEPT = 200;

/** `offset` / `limit` as spec §4: limit 1-100 (default 50), offset ≥ 0; 400 out of range. */
function paging(r: SimRequest): { offset: number; limit: number } {
  const num = (key: string, fallback: number) => {
    const raw = r.query.get(key);
    if (raw === null || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n)) throw new Invalid(422, `${key}: expected integer`);
    return n;
  };
  const offset = num('offset', 0);
  const limit = num('limit', 50);
  if (offset < 0) throw new Invalid(400, 'offset must be at least 0');
  if (limit < 1 || limit > 100) throw new Invalid(400, 'limit must be between 1 and 100');
  return { offset, limit };
}

const page = <T>(all: T[], p: { offset: number; limit: number }) => ({
  items: all.slice(p.offset, p.offset + p.limit),
  total: all.length,
  offset: p.offset,
  limit: p.limit,
});

export function aiRoutes(deps: Deps): Router {
  const { ctx, kb, conversations } = deps;
  const router = new Router(PREFIX);
  // Seeded agents, and the temporary agents PDF analyses made (`create_kb_agent`).
  const agentOf = (id: number, tenant: number): Agent | undefined =>
    AGENTS.find((a) => a.id === id && a.tenant_id === tenant) ?? deps.analyses.agent(id, tenant)?.agent;

  router.post(
    '/chat',
    guarded(
      deps,
      async (r, caller) => {
        const startedAt = Date.now();
        const req = parseChatRequest(await jsonBody(r));
        // The latest few only: the demo's simulator runs for days.
        if (deps.received && deps.received.push(req) > RECEIVED_KEPT) deps.received.shift();
        const tenant = caller.key.tenantId;
        const agent = req.agent_id !== null ? (agentOf(req.agent_id, tenant) ?? null) : null;
        if (req.agent_id !== null && !agent) return detail(r, 404, `Agent ${req.agent_id} not found`);

        let conversation: Conversation | undefined;
        let approvedTool: PendingTool | undefined;
        // A message quoting earlier turns asks the question at its end (quoted-turns.ts).
        const asked = askedIn(req.message);
        let askedFor = asked.question;
        if (req.conversation_id !== undefined) {
          conversation = conversations.get(req.conversation_id, tenant);
          if (!conversation) return detail(r, 404, `Conversation ${req.conversation_id} not found`);
        }
        if (req.tool_approval) {
          const found = conversations.findByMessage(req.tool_approval.pending_message_id, tenant);
          if (!found || (conversation && found.conversation !== conversation))
            return detail(r, 404, `Pending message ${req.tool_approval.pending_message_id} not found`);
          if (!found.message.pendingTool)
            return detail(
              r,
              409,
              `Message ${req.tool_approval.pending_message_id} has no tool call waiting for approval`,
            );
          conversation = found.conversation;
          approvedTool = found.message.pendingTool;
          // The turn resumes the question that asked for the tool (and keeps its language).
          const before = conversation.messages.slice(0, conversation.messages.indexOf(found.message));
          const question = before.filter((m) => m.role === 'user').pop()?.content;
          askedFor = question === undefined ? asked.question : askedIn(question).question;
          found.message.pendingTool = null;
        }
        if (!conversation && req.external_conversation_id)
          conversation = conversations.byExternalId(req.external_conversation_id, tenant, agent?.id);
        conversation ??= conversations.create({
          tenantId: tenant,
          userId: caller.key.userId,
          agentId: agent?.id ?? null,
          agentName: agent?.name ?? null,
          title: req.message,
          externalId: req.external_conversation_id ?? null,
          metadata: {
            ...req.metadata,
            source_app: req.source_app ?? caller.sourceApp,
            external_id: req.external_id ?? caller.externalId,
          },
        });

        const history = [...conversation.messages.map((m) => m.content), ...asked.quoted];
        conversations.append(conversation, 'user', req.message);
        const turn = { ...req, message: askedFor };
        const documentAgent = agent ? deps.analyses.agent(agent.id, tenant) : undefined;
        const plan = documentAgent
          ? planDocumentAnswer(documentAgent, turn, history)
          : req.tool_approval && approvedTool
            ? planAfterApproval(kb, turn, agent, approvedTool, history)
            : planAnswer(kb, { req: turn, agent, history });
        // A failed turn (error scenario) leaves no assistant message behind.
        const message = plan.failure
          ? null
          : conversations.append(conversation, 'assistant', plan.content, plan.approval);
        const ids: TurnIds = {
          messageId: message?.id ?? null,
          conversationId: conversation.id,
          externalConversationId: conversation.external_id,
          startedAt,
        };

        // A buffering proxy may turn a stream into the whole answer as JSON (fault `json-for-stream`).
        if (!req.stream || ctx.faults.take('json-for-stream', r.url.pathname)) {
          if (plan.failure) return detail(r, 503, `${plan.failure.error} (${plan.failure.code})`);
          return sendJson(r.res, 200, messageResponse(plan, ids));
        }
        const sse = new SseWriter(
          r.res,
          {
            cut: ctx.faults.take('cut-stream', r.url.pathname),
            malformed: ctx.faults.take('malformed-sse', r.url.pathname),
            stall: ctx.faults.take('stall-stream', r.url.pathname),
          },
          deps.openStreams,
        );
        const slow = ctx.faults.take('slow-stream', r.url.pathname);
        await streamTurn(sse, plan, ids, slow?.delayMs ?? ctx.paceMs);
      },
      true,
    ),
  );

  router.get(
    '/conversations',
    guarded(deps, (r, caller) => {
      const p = paging(r);
      sendJson(
        r.res,
        200,
        page(
          conversations.listFor(caller.key.tenantId, caller.key.userId).map((c) => conversationView(c, true)),
          p,
        ),
      );
    }),
  );

  router.get(
    '/conversations/by-external-id/{external_id}',
    guarded(deps, (r, caller) => {
      const raw = r.query.get('agent_id');
      const agentId = raw === null || raw === '' ? undefined : Number(raw);
      if (agentId !== undefined && !Number.isInteger(agentId)) throw new Invalid(422, 'agent_id: expected integer');
      const c = conversations.byExternalId(r.params.external_id!, caller.key.tenantId, agentId);
      if (!c) return detail(r, 404, `No conversation with external id ${r.params.external_id}`);
      sendJson(r.res, 200, conversationView(c, false));
    }),
  );

  router.get(
    '/conversations/{conversation_id}',
    guarded(deps, (r, caller) => {
      const id = Number(r.params.conversation_id);
      if (!Number.isInteger(id)) throw new Invalid(422, 'conversation_id: expected integer');
      const c = conversations.get(id, caller.key.tenantId);
      if (!c) return detail(r, 404, `Conversation ${id} not found`);
      sendJson(r.res, 200, conversationView(c, false));
    }),
  );

  router.get(
    '/agents',
    guarded(deps, (r, caller) => {
      const p = paging(r);
      const q = r.query;
      const search = (q.get('search') ?? '').toLowerCase();
      const sortBy = q.get('sort_by') ?? 'created_at';
      const order = q.get('order') ?? 'desc';
      if (!['name', 'created_at', 'updated_at'].includes(sortBy))
        throw new Invalid(400, 'sort_by must be name, created_at or updated_at');
      if (!['asc', 'desc'].includes(order)) throw new Invalid(400, 'order must be asc or desc');
      const status = q.get('status');
      if (status && !['draft', 'active', 'paused', 'archived'].includes(status))
        throw new Invalid(400, 'status must be draft, active, paused or archived');
      const includeTemporary = q.get('include_temporary') === 'true';
      const items = AGENTS.filter((a) => a.tenant_id === caller.key.tenantId)
        .filter((a) => includeTemporary || !a.is_temporary)
        .filter((a) => !status || a.status === status)
        .filter((a) => !q.get('model_name') || a.model_name === q.get('model_name'))
        .filter((a) => !search || a.name.toLowerCase().includes(search) || a.description.toLowerCase().includes(search))
        .sort(
          (a, b) =>
            String(a[sortBy as keyof Agent]).localeCompare(String(b[sortBy as keyof Agent])) *
            (order === 'asc' ? 1 : -1),
        );
      sendJson(r.res, 200, page(items, p));
    }),
  );

  router.get(
    '/agents/{agent_id}',
    guarded(deps, (r, caller) => {
      const agent = agentOf(Number(r.params.agent_id), caller.key.tenantId);
      if (!agent) return detail(r, 404, `Agent ${r.params.agent_id} not found`);
      sendJson(r.res, 200, agent);
    }),
  );

  // §4.7: /search/faq has the same request and response as /search, with `chunks` always empty.
  const search = (faqOnly: boolean) =>
    guarded(
      deps,
      async (r) => {
        const started = performance.now();
        const req = parseSearchRequest(await jsonBody(r));
        const missing = req.knowledge_base_ids.filter((id) => !kb.base(id));
        if (missing.length) return detail(r, 404, `Knowledge base ${missing.join(', ')} not found`);
        // enable_bm25=false leaves the trigram ("vector") side alone; reranking sorts by the same score.
        const hits = kb.search(req.query, req.knowledge_base_ids, {
          topK: 1000,
          minScore: req.min_score,
          alpha: req.enable_bm25 ? 0.8 : 0,
        });
        const chunks = faqOnly
          ? []
          : hits
              .flatMap((h) => (h.passage.kind === 'chunk' ? [{ h, c: h.passage.chunk }] : []))
              .slice(0, req.top_k)
              .map(({ h, c }) => ({
                id: c.id,
                document_id: c.doc.id,
                knowledge_base_id: c.doc.knowledge_base_id,
                content: c.content,
                score: h.score,
                metadata: {
                  title: c.doc.title,
                  section: c.heading,
                  source_url: c.doc.source_url,
                  is_visible: c.doc.is_visible,
                  language: c.doc.lang,
                },
              }));
        const faqs = hits
          .flatMap((h) => (h.passage.kind === 'faq' ? [{ h, f: h.passage.faq }] : []))
          .slice(0, req.top_k)
          .map(({ h, f }) => ({
            id: f.id,
            knowledge_base_id: f.knowledge_base_id,
            question: f.question,
            answer: f.answer,
            score: h.score,
            is_visible: f.is_visible,
          }));
        sendJson(r.res, 200, {
          query: req.query,
          chunks,
          faqs,
          total_results: chunks.length + faqs.length,
          search_time_ms: Math.round((performance.now() - started) * 100) / 100,
        });
      },
      true,
    );
  router.post('/search', search(false));
  router.post('/search/faq', search(true));

  addAnalysisRoutes(router, deps);

  const catalogs = new CatalogStore();
  router.post(
    '/analysis/catalogs/classify',
    guarded(deps, async (r) => {
      const started = performance.now();
      const { refusal, ...answer } = classify(catalogs, parseClassifyRequest(await jsonBody(r)), started);
      if (refusal) return detail(r, refusal.status, refusal.detail);
      sendJson(r.res, 200, answer);
    }),
  );

  return router;
}

/** After `tool_approval`: the waiting tool runs (approved) or is declined, in the asker's language. */
function planAfterApproval(
  kb: KnowledgeStore,
  req: ChatRequest,
  agent: Agent | null,
  tool: PendingTool,
  history: string[],
) {
  const plan = planAnswer(kb, { req: { ...req, files: [] }, agent, history, approvedTool: tool });
  if (!req.tool_approval!.approved) {
    plan.toolCalls = [];
    plan.content = declined(tool, plan.lang);
  }
  plan.approval = null;
  return plan;
}

function declined(tool: PendingTool, lang: Lang): string {
  return PHRASES[lang].declined(tool.tool_name, String(tool.tool_args.order_id ?? ''));
}
