/**
 * Signing service (specs/signing-service.md §4): the reads the viewer makes, each scoped to the
 * visitor's practices — those named in the visitor token's `sportello.sign.files`, and those the
 * visitor created as an author (the gateway's record, sign-author.ts). No practice list. The
 * signing link only while the token's `signer` is the practice's current signer, or while the
 * current signer is one the visitor hosts in person — a signer who has signed is never handed the
 * next signer's link, whatever the page asks.
 */
import { Refused, type Call } from '../call.js';
import { MESSAGES } from '../errors.js';
import { documentGrant, hostedSigner, OWNED } from './sign-author.js';
import type { AllowedRoute } from './types.js';

/** Practices of this visitor; anything else reads as missing (404), so ids cannot be probed. */
async function ownPractice(call: Call, idFile: number): Promise<number> {
  if (call.visitor.sign?.files.includes(idFile)) return idFile;
  if ((await call.store.owner(OWNED.practice, String(idFile))) === call.visitor.id) return idFile;
  throw new Refused(404, MESSAGES.notFound);
}

/** Which practice holds a document: looked up in the visitor's own practices only (cached briefly). */
const documentsOf = new Map<number, { names: Map<number, string>; until: number }>();
const DOCS_TTL_MS = 60_000;

/**
 * A document of one of the visitor's practices, by id: its file name as the practice lists it.
 * Anything else reads as missing (404). Any route may ask (it reads the signing service itself).
 */
export async function documentInScope(call: Call, idDocument: number): Promise<{ idFile: number; name: string }> {
  const files = call.visitor.sign?.files ?? [];
  const now = Date.now();
  for (const idFile of files.slice(0, 100)) {
    let entry = documentsOf.get(idFile);
    if (!entry || entry.until < now) {
      const answer = await call.upstreamJson({
        service: 'sign',
        path: `/files/${idFile}/documents`,
        passHeaders: false,
      });
      if (answer.status !== 200 || !Array.isArray(answer.body)) continue;
      const names = new Map<number, string>();
      for (const d of answer.body as Array<{ idDocument?: unknown; name?: unknown }>) {
        const id = Number(d.idDocument);
        if (Number.isFinite(id)) names.set(id, typeof d.name === 'string' ? d.name : `document-${id}.pdf`);
      }
      entry = { names, until: now + DOCS_TTL_MS };
      documentsOf.set(idFile, entry);
      if (documentsOf.size > 5000) documentsOf.delete(documentsOf.keys().next().value as number);
    }
    const name = entry.names.get(idDocument);
    if (name !== undefined) return { idFile, name };
  }
  throw new Refused(404, MESSAGES.notFound);
}

/**
 * A document the viewer (or the composer) may show: one of the token's practices, or one the
 * gateway recorded for this visitor as an author — of a practice they created, or a template of a
 * process type they may use. Anything else reads as missing (404).
 */
async function viewableDocument(call: Call, idDocument: number): Promise<void> {
  try {
    // The token's practices first: a viewer of `sign.files` never waits on the store.
    await documentInScope(call, idDocument);
    return;
  } catch (error) {
    if (!(error instanceof Refused) || error.status !== 404) throw error;
  }
  const grant = await call.store.owner(OWNED.document, documentGrant(call.visitor.id, idDocument));
  if (grant !== call.visitor.id) throw new Refused(404, MESSAGES.notFound);
}

interface SignerView {
  email?: unknown;
  status?: unknown;
}

/**
 * The practice's current signer: the first signer still to act (`L`) while the practice is in
 * progress. The simulator's `/link` names the same one; the gateway decides on its own reading.
 */
export function currentSignerEmail(practice: unknown): string | undefined {
  const p = practice as { status?: unknown; signers?: SignerView[] } | undefined;
  if (p?.status !== 'L' || !Array.isArray(p.signers)) return undefined;
  const next = p.signers.find((s) => s.status === 'L');
  return typeof next?.email === 'string' ? next.email.toLowerCase() : undefined;
}

export const signRoutes: AllowedRoute[] = [
  {
    service: 'sign',
    method: 'GET',
    path: '/files/{idFile}',
    access: 'token',
    handle: async (call) => call.forward(`/files/${await ownPractice(call, call.id('idFile'))}`, { query: undefined }),
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/files/{idFile}/documents',
    access: 'token',
    handle: async (call) =>
      call.forward(`/files/${await ownPractice(call, call.id('idFile'))}/documents`, { query: undefined }),
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/files/{idFile}/link',
    access: 'token',
    async handle(call) {
      const idFile = await ownPractice(call, call.id('idFile'));
      const signer = call.visitor.sign?.signer;
      const practice = await call.upstreamJson({ path: `/files/${idFile}`, passHeaders: false });
      if (practice.status !== 200) return call.sendJson(practice);
      const current = currentSignerEmail(practice.body);
      const hosted =
        current !== undefined &&
        (await call.store.owner(OWNED.hosted, hostedSigner(idFile, current))) === call.visitor.id;
      if (!hosted && (!signer || current !== signer)) {
        throw new Refused(403, "The signing link is only given to the practice's current signer");
      }
      return call.forward(`/files/${idFile}/link`, { query: undefined });
    },
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/documents/viewer/{idDocument}',
    access: 'token',
    async handle(call) {
      const idDocument = call.id('idDocument');
      await viewableDocument(call, idDocument);
      return call.forward(`/documents/viewer/${idDocument}`, { query: undefined });
    },
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/documents/download/{idDocument}',
    access: 'token',
    async handle(call) {
      const idDocument = call.id('idDocument');
      await viewableDocument(call, idDocument);
      return call.forward(`/documents/download/${idDocument}`, { query: undefined });
    },
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/files/download/{idFile}',
    access: 'token',
    handle: async (call) =>
      call.forward(`/files/download/${await ownPractice(call, call.id('idFile'))}`, { query: undefined }),
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/files/{idFile}/report/download',
    access: 'token',
    handle: async (call) =>
      call.forward(`/files/${await ownPractice(call, call.id('idFile'))}/report/download`, {
        query: undefined,
      }),
  },
];
