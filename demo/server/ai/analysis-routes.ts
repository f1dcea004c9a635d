import { sendJson, type Router, type SimRequest } from '../core/http-kit.js';
import type { SimContext } from '../core/service.js';
import { MultipartError, readMultipart } from '../core/multipart.js';
import type { AnalysisJob, AnalysisStore } from './analyses.js';
import type { Caller } from './auth-headers.js';
import type { RateLimiter } from './rate-limit.js';
import { detail, guarded, jsonBody, mediaType } from './route-kit.js';
import { Invalid } from './validate.js';

/** The PDF a job may take (Base64 or multipart): the chat's attachment limit. */
const MAX_PDF_BYTES = 20 * 1024 * 1024;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

interface PdfRequest {
  filename: string;
  bytes: Uint8Array | undefined;
  filePath: string | undefined;
  createKbAgent: boolean;
  skipAnalysis: boolean;
  tempAgentName: string | undefined;
  language: string | undefined;
  echo: Json;
}

function optionalString(body: Json, key: string, max: number): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw new Invalid(422, `${key}: expected string`);
  if (v.length > max) throw new Invalid(400, `${key} must be at most ${max} characters`);
  return v;
}

function optionalBool(body: Json, key: string): boolean {
  const v = body[key];
  if (v === undefined || v === null) return false;
  if (typeof v !== 'boolean') throw new Invalid(422, `${key}: expected boolean`);
  return v;
}

/** Spec §4.8 POST /analysis/pdf: the JSON body, or multipart's `options` with the `file` part's bytes. */
function parsePdfRequest(body: unknown, file?: Uint8Array): PdfRequest {
  if (!isObject(body)) throw new Invalid(422, 'Request body must be a JSON object');
  const filename = optionalString(body, 'filename', 512);
  if (!filename) throw new Invalid(400, 'filename is required');
  const content = optionalString(body, 'file_content', Number.MAX_SAFE_INTEGER);
  const filePath = optionalString(body, 'file_path', 1024);
  const given = [content !== undefined || file !== undefined, filePath !== undefined].filter(Boolean).length;
  if (given !== 1) throw new Invalid(422, 'Give exactly one of file_content or file_path');
  let bytes = file;
  if (content !== undefined) {
    if (content.length % 4 !== 0 || !BASE64.test(content)) throw new Invalid(422, 'file_content: expected Base64');
    bytes = Buffer.from(content, 'base64');
  }
  if (bytes && bytes.length > MAX_PDF_BYTES) throw new Invalid(413, `The file exceeds ${MAX_PDF_BYTES} bytes`);
  const createKbAgent = optionalBool(body, 'create_kb_agent');
  const skipAnalysis = optionalBool(body, 'skip_analysis');
  if (skipAnalysis && !createKbAgent) throw new Invalid(422, 'skip_analysis requires create_kb_agent');
  const options = body.options ?? {};
  if (!isObject(options)) throw new Invalid(422, 'options: expected object');
  const language = optionalString(options, 'language', 35);
  const { file_content: _omitted, ...echo } = body;
  return {
    filename,
    bytes,
    filePath,
    createKbAgent,
    skipAnalysis,
    tempAgentName: optionalString(body, 'temp_agent_name', 512),
    language,
    echo,
  };
}

async function readPdfRequest(r: SimRequest): Promise<PdfRequest> {
  if (mediaType(r) !== 'multipart/form-data') return parsePdfRequest(await jsonBody(r));
  let parts;
  try {
    parts = await readMultipart(r.req, MAX_PDF_BYTES);
  } catch (error) {
    if (error instanceof MultipartError) throw new Invalid(error.status, error.message);
    throw error;
  }
  let options: unknown = {};
  if (parts.fields.options !== undefined) {
    try {
      options = JSON.parse(parts.fields.options);
    } catch {
      throw new Invalid(422, 'options: expected a JSON object');
    }
  }
  const file = parts.files.find((f) => f.field === 'file');
  const fields = isObject(options) ? options : {};
  return parsePdfRequest({ filename: file?.filename, ...fields }, file?.bytes);
}

/** Spec §4.8 status view of a job. */
const statusView = (job: AnalysisJob) => ({
  id: job.id,
  type: job.type,
  status: job.status,
  started_at: job.started_at,
  completed_at: job.completed_at,
  error_message: job.error_message,
});

/**
 * Spec §4.8 for PDFs: `POST /analysis/pdf` (202, a `pending` job), `/analysis/pdf/sync` (200 with
 * the finished job), `GET /analysis/{id}` and `/analysis/{id}/status`. `Idempotency-Key` gives the
 * same job again. Fault `fail-job` (match the POST's path) makes the next job end `failed`; while
 * fault `hold-job` is in force, jobs created at its path stay `running`.
 */
export function addAnalysisRoutes(
  router: Router,
  deps: { ctx: SimContext; analyses: AnalysisStore; limiter: RateLimiter },
): void {
  const { ctx, analyses } = deps;
  const idempotent = new Map<string, number>();
  ctx.onReset(() => idempotent.clear());

  const start = async (r: SimRequest, caller: Caller): Promise<AnalysisJob> => {
    const key = r.req.headers['idempotency-key'];
    const keyed = typeof key === 'string' && key ? `${caller.key.tenantId}:${key}` : undefined;
    const again = keyed ? idempotent.get(keyed) : undefined;
    const existing = again !== undefined ? analyses.get(again, caller.key.tenantId) : undefined;
    if (existing) return existing;
    const req = await readPdfRequest(r);
    const fault = ctx.faults.take('fail-job', r.url.pathname);
    const job = analyses.create({
      tenantId: caller.key.tenantId,
      userId: caller.key.userId,
      filename: req.filename,
      bytes: req.bytes ?? new Uint8Array(),
      createKbAgent: req.createKbAgent,
      skipAnalysis: req.skipAnalysis,
      tempAgentName: req.tempAgentName,
      language: req.language,
      inputConfig: { ...req.echo, source_app: caller.sourceApp },
      heldWhile: () => ctx.faults.active('hold-job', r.url.pathname),
      failWith: fault
        ? 'The analysis failed (simulated fault)'
        : req.filePath !== undefined
          ? `No object at ${req.filePath} in the object storage`
          : undefined,
    });
    if (keyed) idempotent.set(keyed, job.id);
    return job;
  };

  router.post(
    '/analysis/pdf',
    guarded(deps, async (r, caller) => sendJson(r.res, 202, await start(r, caller))),
  );
  router.post(
    '/analysis/pdf/sync',
    guarded(deps, async (r, caller) => {
      const job = await start(r, caller);
      await analyses.settled(job.id);
      sendJson(r.res, 200, job);
    }),
  );

  const jobOf = (r: SimRequest, caller: Caller): AnalysisJob | undefined => {
    const id = Number(r.params.id);
    if (!Number.isInteger(id)) throw new Invalid(422, 'id: expected integer');
    return analyses.get(id, caller.key.tenantId);
  };
  router.get(
    '/analysis/{id}',
    guarded(deps, (r, caller) => {
      const job = jobOf(r, caller);
      if (!job) return detail(r, 404, `Analysis ${r.params.id} not found`);
      sendJson(r.res, 200, job);
    }),
  );
  router.get(
    '/analysis/{id}/status',
    guarded(deps, (r, caller) => {
      const job = jobOf(r, caller);
      if (!job) return detail(r, 404, `Analysis ${r.params.id} not found`);
      sendJson(r.res, 200, statusView(job));
    }),
  );
}
