import { sendEmpty, sendJson } from '../core/http-kit.js';
import type { ApiHandler } from './auth.js';
import { SignError } from './errors.js';
import { isoOffset, type SignUser } from './model.js';
import type { Draft, SignStore } from './store.js';
import { namedType, readObject } from './workflows.js';

/**
 * Drafts (spec §4 `/workflows/draft*`). The spec names the endpoints and "draft body" without
 * its shape: the simulator takes a practice creation body (§2.1), kept as it is (a draft may be
 * incomplete), and answers with the draft `{ idDraft, name, idWorkflowType, workflowTypeCode,
 * tsIns, tsUpd, body }`; `PUT /workflows/draft/update` takes the same body with its `idDraft`.
 * A draft is its creator's: another user's reads as missing (404). See README.md.
 */

type Json = Record<string, unknown>;
const MAX_DRAFT_BYTES = 20 * 1024 * 1024;

const bad = (details: string, key = 'error.validation') => new SignError(400, details, key);
const notFound = (id: unknown) => new SignError(404, `Draft ${String(id)} not found`, 'error.draft.notFound');

function draftView(store: SignStore, d: Draft) {
  const type =
    typeof d.body.idWorkflowType === 'number'
      ? store.types.get(d.body.idWorkflowType)
      : [...store.types.values()].find((t) => t.code === d.body.workflowTypeCode);
  return {
    idDraft: d.idDraft,
    name: typeof d.body.name === 'string' ? d.body.name : null,
    idWorkflowType: type?.idWorkflowType ?? null,
    workflowTypeCode: type?.code ?? null,
    tsIns: d.tsIns,
    tsUpd: d.tsUpd,
    body: d.body,
  };
}

/** What a draft must be even unfinished: an object whose arrays are arrays, whose uploads exist, whose type may be used. */
function checkDraft(store: SignStore, body: Json, user: SignUser): Json {
  const { idDraft: _id, ...content } = body;
  if (content.name !== undefined && content.name !== null && typeof content.name !== 'string')
    throw bad('name must be a string');
  for (const key of ['documents', 'signers', 'destinationContacts', 'placeholders'] as const) {
    if (content[key] !== undefined && !Array.isArray(content[key])) throw bad(`${key} must be an array`);
  }
  ((content.documents as unknown[] | undefined) ?? []).forEach((d, i) => {
    const uploaded = (d as Json | null)?.uploadedFilename;
    if (typeof uploaded === 'string' && !store.uploads.has(uploaded))
      throw bad(
        `documents[${i}].uploadedFilename ${uploaded} is not a previously uploaded file`,
        'error.file.missingData',
      );
  });
  namedType(store, content, user);
  return content;
}

function ownDraft(store: SignStore, raw: unknown, user: SignUser): Draft {
  const id = typeof raw === 'string' ? Number(raw) : raw;
  if (typeof id !== 'number' || !Number.isInteger(id)) throw bad('idDraft must be a number');
  const draft = store.drafts.get(id);
  if (!draft || draft.idUser !== user.idUser) throw notFound(id);
  return draft;
}

export function draftRoutes(store: SignStore): Array<[string, string, ApiHandler]> {
  return [
    [
      'GET',
      '/workflows/draft',
      (r, user) => {
        const mine = [...store.drafts.values()]
          .filter((d) => d.idUser === user.idUser)
          .sort((a, b) => b.tsUpd.localeCompare(a.tsUpd) || b.idDraft - a.idDraft);
        sendJson(
          r.res,
          200,
          mine.map((d) => draftView(store, d)),
        );
      },
    ],
    [
      'POST',
      '/workflows/draft/insert',
      (r, user) =>
        store.idempotency.handle(
          r,
          async (raw) => {
            if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
              throw bad('Request body must be a JSON object');
            const body = checkDraft(store, raw as Json, user);
            const now = isoOffset(new Date());
            const draft: Draft = { idDraft: store.newIdDraft(), idUser: user.idUser, tsIns: now, tsUpd: now, body };
            store.drafts.set(draft.idDraft, draft);
            return { status: 200, body: draftView(store, draft) };
          },
          () => new SignError(422, 'Idempotency-Key already used with another body', 'error.idempotencyKey.reused'),
          MAX_DRAFT_BYTES,
        ),
    ],
    [
      'PUT',
      '/workflows/draft/update',
      async (r, user) => {
        const raw = await readObject(r.req);
        const draft = ownDraft(store, raw.idDraft, user);
        draft.body = checkDraft(store, raw, user);
        draft.tsUpd = isoOffset(new Date());
        sendJson(r.res, 200, draftView(store, draft));
      },
    ],
    [
      'DELETE',
      '/workflows/draft/delete/{idDraft}',
      (r, user) => {
        const draft = ownDraft(store, r.params.idDraft, user);
        store.drafts.delete(draft.idDraft);
        sendEmpty(r.res, 204);
      },
    ],
  ];
}
