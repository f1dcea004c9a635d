/**
 * Signing service, authoring side (specs/signing-service.md §2.1–2.9, §4): what
 * `<sportello-sign-composer>` needs to prepare and send a practice, and nothing more — uploads, the
 * process types the author may submit, their drafts, and sending. Every route needs a visitor token
 * carrying `sportello.sign.author` (visitor.ts); an anonymous visitor never authors.
 *
 * The gateway calls the service as one user for every author, so what is whose is the gateway's own
 * record (store.ts, Redis when replicas share it): the uploads an author made, their drafts, the
 * practices they created (then theirs to view and follow through the viewer's routes, sign.ts),
 * the documents of those practices and of their process types' templates, and the in-person signers
 * they host.
 */
import { Refused, type Call } from '../call.js';
import { AUTHOR_MESSAGES, readAuthoredBody } from '../authored-practice.js';
import { MESSAGES } from '../errors.js';
import type { SignAuthor } from '../visitor.js';
import type { AllowedRoute } from './types.js';

/** How long the gateway remembers what an author created (their practices, drafts, uploads). */
const OWNERSHIP_TTL_S = 90 * 24 * 3600;
/** A template document stays readable this long after its process type was read. */
const TEMPLATE_TTL_S = 24 * 3600;
const DAY_MINUTES = 24 * 60;

/** Record kinds in the store, shared with the viewer's routes (sign.ts). */
export const OWNED = {
  practice: 'sign',
  draft: 'sign-draft',
  upload: 'sign-upload',
  /** A document a visitor may read: keyed by visitor and document. */
  document: 'sign-doc',
  /** An in-person signer a visitor hosts: keyed by practice and e-mail. */
  hosted: 'sign-host',
} as const;

export const documentGrant = (visitorId: string, idDocument: number) => `${visitorId}|${idDocument}`;
export const hostedSigner = (idFile: number, email: string) => `${idFile}|${email.trim().toLowerCase()}`;

function authorOf(call: Call): SignAuthor {
  const author = call.visitor.sign?.author;
  if (!author) throw new Refused(403, AUTHOR_MESSAGES.notAuthor);
  return author;
}

const isMine = async (call: Call, kind: string, id: string) => (await call.store.owner(kind, id)) === call.visitor.id;

const record = (call: Call, kind: string, id: string, ttl = OWNERSHIP_TTL_S) =>
  call.store.setOwner(kind, id, call.visitor.id, ttl);

const numberOf = (v: unknown): number | undefined =>
  typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined;

/**
 * Refuses (403) a practice or draft body the author may not send: what `readAuthoredBody` says, a
 * process type id that is not one of theirs (asked of the service), an upload that is not theirs.
 */
async function checkAuthored(call: Call, body: Record<string, unknown>): Promise<void> {
  const author = authorOf(call);
  const verdict = readAuthoredBody(body, author);
  if (!verdict.ok) throw new Refused(403, verdict.message);
  if (verdict.type && 'id' in verdict.type) {
    const type = await call.upstreamJson({ path: `/workflows/types/${verdict.type.id}`, passHeaders: false });
    const code = (type.body as { code?: unknown } | undefined)?.code;
    if (type.status !== 200 || typeof code !== 'string' || !author.types.includes(code))
      throw new Refused(403, AUTHOR_MESSAGES.typeNotAllowed);
  }
  for (const name of verdict.uploads)
    if (!(await isMine(call, OWNED.upload, name))) throw new Refused(403, AUTHOR_MESSAGES.documentSource);
}

/** The creation answer as this author may see it: an external signer's link only with `links`, or when they host the signer. */
function creationForAuthor(body: unknown, author: SignAuthor): unknown {
  const answer = body as { signers?: unknown } | undefined;
  if (!answer || !Array.isArray(answer.signers)) return body;
  const host = author.host?.toLowerCase();
  return {
    ...(answer as object),
    signers: answer.signers.map((s: Record<string, unknown>) => {
      const hosted = !!host && typeof s.hostUsername === 'string' && s.hostUsername.toLowerCase() === host;
      if (author.links || hosted || !s.signingUrl) return s;
      return { ...s, signingUrl: null };
    }),
  };
}

/** After a creation: the practice, its documents and its in-person signers become this author's. */
async function recordCreated(call: Call, body: unknown, author: SignAuthor): Promise<void> {
  const answer = body as { idFile?: unknown; signers?: unknown } | undefined;
  const idFile = numberOf(answer?.idFile);
  if (idFile === undefined) return;
  await record(call, OWNED.practice, String(idFile));
  const host = author.host?.toLowerCase();
  for (const s of Array.isArray(answer?.signers) ? (answer.signers as Array<Record<string, unknown>>) : []) {
    if (
      host &&
      typeof s.hostUsername === 'string' &&
      s.hostUsername.toLowerCase() === host &&
      typeof s.email === 'string'
    )
      await record(call, OWNED.hosted, hostedSigner(idFile, s.email));
  }
  const documents = await call.upstreamJson({ path: `/files/${idFile}/documents`, passHeaders: false });
  if (documents.status === 200 && Array.isArray(documents.body))
    for (const d of documents.body as Array<{ idDocument?: unknown }>) {
      const idDocument = numberOf(d.idDocument);
      if (idDocument !== undefined) await record(call, OWNED.document, documentGrant(call.visitor.id, idDocument));
    }
}

export const signAuthorRoutes: AllowedRoute[] = [
  {
    service: 'sign',
    method: 'POST',
    path: '/documents/upload',
    access: 'token',
    async handle(call) {
      const author = authorOf(call);
      call.holdUploadSlot();
      const max = Math.min(call.config.limits.maxUploadBytes, author.uploadBytes ?? Infinity);
      const body = call.cappedStream(max);
      if (author.uploads <= 0) throw new Refused(403, AUTHOR_MESSAGES.uploadQuota, { Connection: 'close' });
      // A day's uploads, refilled over the day: counted when started, so failed attempts count too.
      const wait = await call.store.take(
        `sign-uploads:${call.visitor.id}`,
        author.uploads,
        author.uploads / DAY_MINUTES,
      );
      if (wait > 0)
        throw new Refused(
          429,
          AUTHOR_MESSAGES.uploadQuota,
          { 'Retry-After': String(Math.ceil(wait / 1000)), Connection: 'close' },
          'sign_uploads',
        );
      await call.requireStore();
      const answer = await call.upstreamJson({
        method: 'POST',
        path: '/documents/upload',
        query: call.query(),
        body,
        upload: true,
        timeoutMs: 0,
      });
      const filename = (answer.body as { filename?: unknown } | undefined)?.filename;
      if (answer.status === 200 && typeof filename === 'string') await record(call, OWNED.upload, filename);
      return call.sendJson(answer);
    },
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/workflows/types/submit',
    access: 'token',
    async handle(call) {
      const author = authorOf(call);
      const answer = await call.upstreamJson({ path: '/workflows/types/submit', passHeaders: false });
      if (answer.status !== 200 || !Array.isArray(answer.body)) return call.sendJson(answer);
      return call.sendJson(
        answer,
        (answer.body as Array<{ code?: unknown }>).filter(
          (t) => typeof t.code === 'string' && author.types.includes(t.code),
        ),
      );
    },
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/workflows/types/{idWorkflowType}',
    access: 'token',
    async handle(call) {
      const author = authorOf(call);
      const id = call.id('idWorkflowType');
      const answer = await call.upstreamJson({ path: `/workflows/types/${id}`, passHeaders: false });
      if (answer.status !== 200) return call.sendJson(answer);
      const type = answer.body as { code?: unknown; documents?: unknown } | undefined;
      // Another author's process type reads as missing: ids cannot be probed.
      if (typeof type?.code !== 'string' || !author.types.includes(type.code))
        throw new Refused(404, MESSAGES.notFound);
      // Its template documents become readable by this author (the composer shows them).
      for (const d of Array.isArray(type.documents) ? (type.documents as Array<{ idDocument?: unknown }>) : []) {
        const idDocument = numberOf(d.idDocument);
        if (idDocument !== undefined)
          await record(call, OWNED.document, documentGrant(call.visitor.id, idDocument), TEMPLATE_TTL_S);
      }
      return call.sendJson(answer);
    },
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/workflows/draft',
    access: 'token',
    async handle(call) {
      authorOf(call);
      const answer = await call.upstreamJson({ path: '/workflows/draft', passHeaders: false });
      if (answer.status !== 200 || !Array.isArray(answer.body)) return call.sendJson(answer);
      // Every author's drafts are the gateway's one service user's: only this author's leave.
      const mine: unknown[] = [];
      for (const d of answer.body as Array<{ idDraft?: unknown }>)
        if (numberOf(d.idDraft) !== undefined && (await isMine(call, OWNED.draft, String(d.idDraft)))) mine.push(d);
      return call.sendJson(answer, mine);
    },
  },
  {
    service: 'sign',
    method: 'POST',
    path: '/workflows/draft/insert',
    access: 'token',
    async handle(call) {
      const body = await call.jsonObject();
      await checkAuthored(call, body);
      await call.requireStore();
      const answer = await call.upstreamJson({ method: 'POST', path: '/workflows/draft/insert', json: body });
      const idDraft = numberOf((answer.body as { idDraft?: unknown } | undefined)?.idDraft);
      if (answer.status === 200 && idDraft !== undefined) await record(call, OWNED.draft, String(idDraft));
      return call.sendJson(answer);
    },
  },
  {
    service: 'sign',
    method: 'PUT',
    path: '/workflows/draft/update',
    access: 'token',
    async handle(call) {
      authorOf(call);
      const body = await call.jsonObject();
      const idDraft = numberOf(body.idDraft);
      if (idDraft === undefined || !(await isMine(call, OWNED.draft, String(idDraft))))
        throw new Refused(404, MESSAGES.notFound);
      await checkAuthored(call, body);
      return call.sendJson(await call.upstreamJson({ method: 'PUT', path: '/workflows/draft/update', json: body }));
    },
  },
  {
    service: 'sign',
    method: 'DELETE',
    path: '/workflows/draft/delete/{idDraft}',
    access: 'token',
    async handle(call) {
      authorOf(call);
      const idDraft = call.id('idDraft');
      if (!(await isMine(call, OWNED.draft, String(idDraft)))) throw new Refused(404, MESSAGES.notFound);
      return call.forward(`/workflows/draft/delete/${idDraft}`, { query: undefined });
    },
  },
  {
    service: 'sign',
    method: 'POST',
    path: '/files/send',
    access: 'token',
    async handle(call) {
      const author = authorOf(call);
      const body = await call.jsonObject();
      await checkAuthored(call, body);
      // The practice is the author's only once recorded.
      await call.requireStore();
      const answer = await call.upstreamJson({ method: 'POST', path: '/files/send', json: body });
      if (answer.status !== 200) return call.sendJson(answer);
      await recordCreated(call, answer.body, author);
      return call.sendJson(answer, creationForAuthor(answer.body, author));
    },
  },
];
