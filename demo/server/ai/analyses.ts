import type { Agent } from './agents.js';
import { readPdfText, type PdfText } from './pdf-text.js';
import { documentSummary, summaryLanguage } from './document-summary.js';

/** Spec §2.6: an analysis job as `GET /analysis/{id}` shows it. */
export interface AnalysisJob {
  id: number;
  tenant_id: number;
  type: 'pdf';
  status: 'pending' | 'running' | 'completed' | 'failed';
  input_config: Record<string, unknown>;
  result: PdfAnalysisResult | null;
  error_message: string | null;
  created_by: string;
  started_at: string | null;
  completed_at: string | null;
  created_at: string;
}

/**
 * The pdf type's `result` (spec §2.6 names `result.response` only). Where the spec is silent
 * (README "Analyses"): with `create_kb_agent`, `agent_id` and `knowledge_base_id` name the temporary
 * agent and knowledge base; `pages` is the document's page count; `language` the summary's.
 */
export interface PdfAnalysisResult {
  response: string | null;
  agent_id: number | null;
  knowledge_base_id: number | null;
  pages: number;
  language: string;
}

/** A temporary agent made by an analysis: a spec §2.1 agent that answers from one PDF's text. */
export interface DocumentAgent {
  agent: Agent;
  analysisId: number;
  filename: string;
  text: PdfText;
}

export interface NewPdfJob {
  tenantId: number;
  userId: string;
  filename: string;
  bytes: Uint8Array;
  createKbAgent: boolean;
  skipAnalysis: boolean;
  tempAgentName: string | undefined;
  language: string | undefined;
  inputConfig: Record<string, unknown>;
  /** The job fails on purpose (fault `fail-job`), with this message. */
  failWith: string | undefined;
  /** While true the job stays `running` (fault `hold-job`: a test looks at the progress a page shows). */
  heldWhile?: () => boolean;
}

/** Temporary ids start high, far from the seeded agents and knowledge bases. */
const FIRST_TEMPORARY_ID = 9001;

/**
 * Analysis jobs and the temporary document agents they create, per simulator run (reset empties
 * them). A job moves `pending` → `running` → `completed` (or `failed`) on its own, `stepMs` apart,
 * as the service's asynchronous worker would; `run` waits for the end (the `/sync` variants).
 */
export class AnalysisStore {
  private readonly jobs = new Map<number, AnalysisJob>();
  private readonly agents = new Map<number, DocumentAgent>();
  private readonly finished = new Map<number, Promise<void>>();
  private nextJob = 1;
  private nextTemporary = FIRST_TEMPORARY_ID;

  constructor(private readonly stepMs: () => number) {}

  create(input: NewPdfJob): AnalysisJob {
    const now = new Date().toISOString();
    const job: AnalysisJob = {
      id: this.nextJob++,
      tenant_id: input.tenantId,
      type: 'pdf',
      status: 'pending',
      input_config: input.inputConfig,
      result: null,
      error_message: null,
      created_by: input.userId,
      started_at: null,
      completed_at: null,
      created_at: now,
    };
    this.jobs.set(job.id, job);
    this.finished.set(job.id, this.work(job, input));
    return job;
  }

  /** Waits until the job is completed or failed. */
  async settled(id: number): Promise<void> {
    await this.finished.get(id);
  }

  get(id: number, tenant: number): AnalysisJob | undefined {
    const job = this.jobs.get(id);
    return job?.tenant_id === tenant ? job : undefined;
  }

  agent(id: number, tenant: number): DocumentAgent | undefined {
    const found = this.agents.get(id);
    return found?.agent.tenant_id === tenant ? found : undefined;
  }

  /**
   * Forgets every job and agent. Ids go on counting, as the service's never come back: a gateway
   * that remembers analysis 3 of one document must not find another document's analysis 3 after
   * a reset.
   */
  clear(): void {
    this.jobs.clear();
    this.agents.clear();
    this.finished.clear();
  }

  private async work(job: AnalysisJob, input: NewPdfJob): Promise<void> {
    const step = () => new Promise<void>((resolve) => setTimeout(resolve, Math.max(1, this.stepMs())));
    await step();
    job.status = 'running';
    job.started_at = new Date().toISOString();
    await step();
    while (input.heldWhile?.()) await step();
    const fail = (message: string) => {
      job.status = 'failed';
      job.error_message = message;
      job.completed_at = new Date().toISOString();
    };
    if (input.failWith) return fail(input.failWith);
    let text: PdfText;
    try {
      text = await readPdfText(input.bytes);
    } catch {
      return fail(`${input.filename} could not be read as a PDF`);
    }
    const language = summaryLanguage(input.language);
    let agentId: number | null = null;
    let kbId: number | null = null;
    if (input.createKbAgent) {
      kbId = this.nextTemporary++;
      agentId = this.nextTemporary++;
      this.agents.set(agentId, {
        agent: temporaryAgent(agentId, kbId, input),
        analysisId: job.id,
        filename: input.filename,
        text,
      });
    }
    await step();
    job.result = {
      response: input.skipAnalysis ? null : documentSummary(text, input.filename, language),
      agent_id: agentId,
      knowledge_base_id: kbId,
      pages: text.pages,
      language,
    };
    job.status = 'completed';
    job.completed_at = new Date().toISOString();
  }
}

function temporaryAgent(id: number, kbId: number, input: NewPdfJob): Agent {
  const now = new Date().toISOString();
  return {
    id,
    tenant_id: input.tenantId,
    name: input.tempAgentName ?? `Chat: ${input.filename}`,
    description: `Temporary agent for ${input.filename}`,
    model_provider: 'local',
    model_name: 'sim-small',
    system_prompt: 'Answer only from the document, citing its pages.',
    temperature: 0.2,
    max_tokens: 2048,
    reasoning_effort: null,
    tools_config: null,
    rag_config: { enabled: true, knowledge_base_ids: [String(kbId)], top_k: 3, score_threshold: 0.15 },
    handoff_config: { enabled: false },
    output_schema: null,
    mcp_server_ids: null,
    parent_id: null,
    is_temporary: true,
    status: 'active',
    version: 1,
    created_by: input.userId,
    created_at: now,
    updated_at: now,
  };
}
