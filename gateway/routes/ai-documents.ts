/**
 * "Ask about this document": the AI service's PDF analysis (specs/ai-service.md §4.8) of a document
 * of the signing service the visitor may view. The page names the document; the gateway reads the
 * PDF from the signing service with its own credentials and sends it to the AI service itself, so
 * the browser never uploads it. One analysis per document version (the PDF's SHA-256) and language,
 * with its temporary agent, kept in the store and shared by every visitor who may view that
 * document; the analysis and the agent are reachable only by them.
 *
 * Records (store kinds): `doc-analysis` version → analysis id; `analysis-doc` analysis id →
 * document; `agent-doc` temporary agent id → document. They live as long as the analysis is
 * reused ({@link DOCUMENT_ANALYSIS_TTL_S}).
 */
import { createHash } from 'node:crypto';
import { Refused, type Call, type JsonAnswer } from '../call.js';
import { MESSAGES } from '../errors.js';
import { readCapped, TooLarge } from '../upstream.js';
import { documentInScope } from './sign.js';
import type { AllowedRoute } from './types.js';

/** How long an analysis (and its temporary agent) is reused for the same document version. */
export const DOCUMENT_ANALYSIS_TTL_S = 24 * 60 * 60;
/** The largest PDF the gateway reads to send on (the AI simulator's own limit). */
const MAX_PDF_BYTES = 20 * 1024 * 1024;
const LANGUAGES = new Set(['it', 'en', 'de', 'fr', 'es']);

interface AnalysisJob {
  id?: unknown;
  status?: unknown;
  result?: { agent_id?: unknown } | null;
}

/** The summary's language: the primary subtag of one the kit speaks, English otherwise. */
export function analysisLanguage(asked: unknown): string {
  const primary = typeof asked === 'string' ? asked.toLowerCase().split(/[-_]/)[0]! : '';
  return LANGUAGES.has(primary) ? primary : 'en';
}

/** What a page sees of a job: its state and result, not the inputs the gateway sent. */
function jobView(body: unknown): Record<string, unknown> | unknown {
  if (typeof body !== 'object' || body === null) return body;
  const { input_config: _input, tenant_id: _tenant, created_by: _by, ...rest } = body as Record<string, unknown>;
  return rest;
}

/** Once an analysis has made its agent, the agent belongs to the same document. */
async function recordAgent(call: Call, job: unknown, idDocument: string): Promise<void> {
  const agent = (job as AnalysisJob | undefined)?.result?.agent_id;
  if (typeof agent === 'number' && Number.isSafeInteger(agent))
    await call.store.setOwner('agent-doc', String(agent), idDocument, DOCUMENT_ANALYSIS_TTL_S);
}

/** An analysis the gateway made for a document the visitor may view; anything else is 404. */
async function analysisInScope(call: Call): Promise<{ id: number; idDocument: string }> {
  const id = call.id('id');
  const idDocument = await call.store.owner('analysis-doc', String(id));
  if (!idDocument) throw new Refused(404, MESSAGES.notFound);
  await documentInScope(call, Number(idDocument));
  return { id, idDocument };
}

/**
 * Whether `agent` is the temporary agent of a document the visitor may view (the chat route lets
 * them talk to it as to one of their own agents).
 */
export async function documentAgentInScope(call: Call, agent: number): Promise<boolean> {
  if (!call.visitor.sign?.files.length) return false;
  const idDocument = await call.store.owner('agent-doc', String(agent));
  if (!idDocument) return false;
  try {
    await documentInScope(call, Number(idDocument));
    return true;
  } catch (error) {
    if (error instanceof Refused) return false;
    throw error;
  }
}

/** The document's PDF from the signing service, with the gateway's credentials. */
async function documentBytes(call: Call, idDocument: number): Promise<Buffer> {
  const answer = await call.upstream({ service: 'sign', path: `/documents/viewer/${idDocument}`, passHeaders: false });
  if (answer.status !== 200) {
    answer.body.resume();
    throw new Refused(
      answer.status === 404 ? 404 : 502,
      answer.status === 404 ? MESSAGES.notFound : MESSAGES.upstreamDown,
    );
  }
  try {
    return await readCapped(answer.body, MAX_PDF_BYTES);
  } catch (error) {
    if (error instanceof TooLarge) throw new Refused(413, MESSAGES.tooLarge, {}, 'body_size');
    throw new Refused(502, MESSAGES.upstreamDown);
  }
}

async function readJob(call: Call, id: string): Promise<JsonAnswer> {
  return call.upstreamJson({ path: `/analysis/${id}`, passHeaders: false });
}

export const aiDocumentRoutes: AllowedRoute[] = [
  {
    // The gateway's form of the spec's call: `{idDocument, language}` instead of the file.
    service: 'ai',
    method: 'POST',
    path: '/analysis/pdf',
    access: 'token',
    async handle(call) {
      if (!call.config.services.has('sign')) throw new Refused(404, MESSAGES.notAllowed);
      const body = await call.jsonObject();
      if (body.file_content !== undefined || body.file_path !== undefined)
        throw new Refused(400, 'Name the document with idDocument: the gateway sends it itself');
      const idDocument = body.idDocument;
      if (typeof idDocument !== 'number' || !Number.isSafeInteger(idDocument) || idDocument < 1)
        throw new Refused(400, 'idDocument must be a positive integer');
      const language = analysisLanguage(body.language);
      const document = await documentInScope(call, idDocument);
      const bytes = await documentBytes(call, idDocument);
      const version = createHash('sha256').update(bytes).digest('hex');
      const key = `${idDocument}:${version}:${language}`;

      const cached = await call.store.owner('doc-analysis', key);
      let retry = false;
      if (cached) {
        const answer = await readJob(call, cached);
        const status = (answer.body as AnalysisJob | undefined)?.status;
        if (answer.status === 200 && status !== 'failed') {
          await recordAgent(call, answer.body, String(idDocument));
          return call.sendJson(answer, jobView(answer.body));
        }
        // A failed (or forgotten) analysis is started again, under a new idempotency key.
        retry = true;
      }
      const { aiChatPerVisitorPerMinute, aiChatPerIpPerMinute } = call.config.limits;
      await call.limit('ai-chat', 'rate_ai_chat', aiChatPerVisitorPerMinute, aiChatPerIpPerMinute);
      const answer = await call.upstreamJson({
        method: 'POST',
        path: '/analysis/pdf',
        passHeaders: false,
        headers: { 'Idempotency-Key': `sportello-doc-${key}${retry ? `-${Date.now()}` : ''}` },
        json: {
          filename: document.name,
          file_content: bytes.toString('base64'),
          create_kb_agent: true,
          options: { language },
        },
      });
      const id = (answer.body as AnalysisJob | undefined)?.id;
      if ((answer.status === 200 || answer.status === 202) && typeof id === 'number') {
        await call.store.setOwner('analysis-doc', String(id), String(idDocument), DOCUMENT_ANALYSIS_TTL_S);
        await call.store.setOwner('doc-analysis', key, String(id), DOCUMENT_ANALYSIS_TTL_S);
      }
      return call.sendJson(answer, jobView(answer.body));
    },
  },
  {
    service: 'ai',
    method: 'GET',
    path: '/analysis/{id}',
    access: 'token',
    async handle(call) {
      const { id, idDocument } = await analysisInScope(call);
      const answer = await readJob(call, String(id));
      if (answer.status === 200) await recordAgent(call, answer.body, idDocument);
      return call.sendJson(answer, jobView(answer.body));
    },
  },
  {
    service: 'ai',
    method: 'GET',
    path: '/analysis/{id}/status',
    access: 'token',
    async handle(call) {
      const { id } = await analysisInScope(call);
      return call.forward(`/analysis/${id}/status`, { query: undefined, passHeaders: false });
    },
  },
];
