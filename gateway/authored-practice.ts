/**
 * What an author may put in a practice (or a draft) sent through the gateway, read from the body
 * before anything reaches the signing service (specs/signing-service.md §2.1–2.3, §2.6). Pure: the
 * checks that need the service or the store (which process type an id names, whose upload a file
 * is) are left to the route, with what this says they must look at.
 *
 * - documents come from the author's own uploads (`uploadedFilename`): never `base64content` (it
 *   would bypass the upload limits) nor `externalUrl` (the service would fetch any URL);
 * - no webhook anywhere and no certified mail: the service would call or mail what the page names;
 * - `hostUsername` only names the author themselves (in-person signing on their own device);
 * - the process type is one of the author's (`idWorkflowType` wins over `workflowTypeCode`, as at
 *   the service), or none when the author may send free practices.
 */
import type { SignAuthor } from './visitor.js';

export type AuthoredBody =
  | {
      ok: true;
      /** The `uploadedFilename`s named: each must be one of the author's uploads. */
      uploads: string[];
      /** The process type named, if any: by id (to be looked up) or by code. */
      type?: { id: number } | { code: string } | undefined;
    }
  | { ok: false; message: string };

export const AUTHOR_MESSAGES = {
  notAuthor: 'Preparing a practice needs the author permission',
  typeNotAllowed: 'This process type is not one you may use',
  typeRequired: 'A practice must follow one of the process types you may use',
  documentSource: 'Documents must be files you uploaded',
  forbiddenField: 'This field is not accepted through the gateway',
  hostNotAuthor: 'In-person signing can only be hosted on your own device',
  uploadQuota: 'Upload limit reached, retry later',
} as const;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const given = (v: unknown) => v !== undefined && v !== null;
const refuse = (message: string): AuthoredBody => ({ ok: false, message });

/** Fields of the practice the gateway refuses: each would make the service call or mail where the page says. */
const PRACTICE_REFUSED = ['webhook', 'webhooks', 'certificateMail'] as const;
const SIGNER_REFUSED = ['webhook'] as const;

export function readAuthoredBody(body: Record<string, unknown>, author: SignAuthor): AuthoredBody {
  for (const field of PRACTICE_REFUSED) if (given(body[field])) return refuse(AUTHOR_MESSAGES.forbiddenField);

  const uploads: string[] = [];
  const documents = body.documents ?? [];
  if (!Array.isArray(documents)) return refuse(AUTHOR_MESSAGES.documentSource);
  for (const doc of documents) {
    if (!isRecord(doc) || given(doc.base64content) || given(doc.externalUrl))
      return refuse(AUTHOR_MESSAGES.documentSource);
    if (given(doc.uploadedFilename)) {
      if (typeof doc.uploadedFilename !== 'string') return refuse(AUTHOR_MESSAGES.documentSource);
      uploads.push(doc.uploadedFilename);
    }
  }

  const signers = body.signers ?? [];
  if (!Array.isArray(signers)) return refuse(AUTHOR_MESSAGES.forbiddenField);
  for (const signer of signers) {
    if (!isRecord(signer)) continue;
    for (const field of SIGNER_REFUSED) if (given(signer[field])) return refuse(AUTHOR_MESSAGES.forbiddenField);
    const host = signer.hostUsername;
    if (given(host) && host !== '') {
      const mine = typeof host === 'string' && !!author.host && host.trim().toLowerCase() === author.host.toLowerCase();
      if (!mine) return refuse(AUTHOR_MESSAGES.hostNotAuthor);
    }
  }

  const { idWorkflowType: id, workflowTypeCode: code } = body;
  if (given(id)) {
    if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) return refuse(AUTHOR_MESSAGES.typeNotAllowed);
    return { ok: true, uploads, type: { id } };
  }
  if (given(code) && code !== '') {
    if (typeof code !== 'string' || !author.types.includes(code)) return refuse(AUTHOR_MESSAGES.typeNotAllowed);
    return { ok: true, uploads, type: { code } };
  }
  if (!author.free) return refuse(AUTHOR_MESSAGES.typeRequired);
  return { ok: true, uploads };
}
