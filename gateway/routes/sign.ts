/**
 * Signing service (specs/signing-service.md §4): the reads the viewer makes, each scoped to the
 * practices named in the visitor token's `sportello.sign.files`. No practice list, no sending, no
 * uploads. The signing link only while the token's `signer` is the practice's current signer —
 * a signer who has signed is never handed the next signer's link, whatever the page asks.
 */
import { Refused, type Call } from '../call.js';
import { MESSAGES } from '../errors.js';
import type { AllowedRoute } from './types.js';

/** Practices of this visitor; anything else reads as missing (404), so ids cannot be probed. */
function ownPractice(call: Call, idFile: number): number {
  if (!call.visitor.sign?.files.includes(idFile)) throw new Refused(404, MESSAGES.notFound);
  return idFile;
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
    handle: (call) => call.forward(`/files/${ownPractice(call, call.id('idFile'))}`, { query: undefined }),
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/files/{idFile}/documents',
    access: 'token',
    handle: (call) => call.forward(`/files/${ownPractice(call, call.id('idFile'))}/documents`, { query: undefined }),
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/files/{idFile}/link',
    access: 'token',
    async handle(call) {
      const idFile = ownPractice(call, call.id('idFile'));
      const signer = call.visitor.sign?.signer;
      const practice = await call.upstreamJson({ path: `/files/${idFile}`, passHeaders: false });
      if (practice.status !== 200) return call.sendJson(practice);
      if (!signer || currentSignerEmail(practice.body) !== signer) {
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
      await documentInScope(call, idDocument);
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
      await documentInScope(call, idDocument);
      return call.forward(`/documents/download/${idDocument}`, { query: undefined });
    },
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/files/download/{idFile}',
    access: 'token',
    handle: (call) => call.forward(`/files/download/${ownPractice(call, call.id('idFile'))}`, { query: undefined }),
  },
  {
    service: 'sign',
    method: 'GET',
    path: '/files/{idFile}/report/download',
    access: 'token',
    handle: (call) =>
      call.forward(`/files/${ownPractice(call, call.id('idFile'))}/report/download`, {
        query: undefined,
      }),
  },
];
