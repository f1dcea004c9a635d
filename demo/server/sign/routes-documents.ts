import { randomUUID } from 'node:crypto';
import { readJson, sendJson } from '../core/http-kit.js';
import { requirePermission, type ApiHandler } from './auth.js';
import { sendBytes } from './binary.js';
import { SignError } from './errors.js';
import { MultipartError, readMultipart } from '../core/multipart.js';
import { inspectPdf } from './pdfs.js';
import type { SignStore, Upload } from './store.js';

/** `/documents/...` endpoints of spec §4 and `GET /account`. */

const VIEW = ['DOC_LST', 'DOC_PERSONAL', 'DOC_SIGN', 'UNIT_DOC_ADMIN'];
const MAX_UPLOAD = 20 * 1024 * 1024;

function findDocument(store: SignStore, raw: string | undefined) {
  const id = Number(raw);
  if (!Number.isInteger(id)) throw new SignError(400, `idDocument must be a number, got ${raw}`, 'error.validation');
  const found = store.document(id);
  if (!found || found.practice?.status === 'C')
    throw new SignError(404, `Document ${id} not found`, 'error.document.notFound');
  return found;
}

/** Keeps an uploaded PDF and answers with the upload response of spec §2.8. */
async function storeUpload(store: SignStore, originalFilename: string, bytes: Uint8Array, convert: boolean) {
  const isPdf = Buffer.from(bytes.subarray(0, 5)).toString('latin1') === '%PDF-';
  if (!isPdf && convert) {
    throw new SignError(
      400,
      `${originalFilename}: conversion to PDF needs a conversion integration with a valid licence, not configured on this tenant`,
      'error.file.conversionUnavailable',
    );
  }
  let info;
  try {
    info = await inspectPdf(bytes);
  } catch {
    throw new SignError(400, `${originalFilename} is not a valid PDF`, 'error.file.invalidPdf');
  }
  const uuid = randomUUID();
  const safe = originalFilename.replace(/[^\w.-]+/g, '_') || 'document.pdf';
  const upload: Upload = { uuid, filename: `${uuid}_${safe}`, originalFilename, bytes, ...info };
  store.uploads.set(upload.filename, upload);
  return {
    uuid,
    filename: upload.filename,
    originalFilename,
    pages: info.pages,
    isP7m: false,
    convertedPdfa: false,
    rotated: false,
    external: false,
    readonly: false,
    hasAcrofields: info.acrofields.length > 0,
    pagesSize: info.pagesSize,
    signatures: [],
    ...(info.acrofields.length ? { acrofields: info.acrofields } : {}),
  };
}

export function documentRoutes(store: SignStore): Array<[string, string, ApiHandler]> {
  return [
    [
      'GET',
      '/documents/viewer/{idDocument}',
      (r, user) => {
        requirePermission(user, VIEW, 'view a document');
        const { document: d } = findDocument(store, r.params.idDocument);
        sendBytes(r.req, r.res, d.bytes, { contentType: d.contentType, filename: d.filename, disposition: 'inline' });
      },
    ],

    [
      'GET',
      '/documents/download/{idDocument}',
      (r, user) => {
        requirePermission(user, ['DOC_DOWNLOAD'], 'download a document');
        const { document: d } = findDocument(store, r.params.idDocument);
        sendBytes(r.req, r.res, d.bytes, {
          contentType: d.contentType,
          filename: d.filename,
          disposition: 'attachment',
        });
      },
    ],

    [
      'POST',
      '/documents/upload',
      async (r, user) => {
        requirePermission(user, ['DOC_SUBMIT'], 'upload a document');
        let body;
        try {
          body = await readMultipart(r.req, MAX_UPLOAD);
        } catch (error) {
          if (error instanceof MultipartError)
            throw new SignError(
              error.status,
              error.message,
              error.status === 413 ? 'error.payloadTooLarge' : 'error.file.missingData',
            );
          throw error;
        }
        const file = body.files.find((f) => f.field === 'file');
        if (!file || file.bytes.length === 0)
          throw new SignError(400, 'multipart field file is required', 'error.file.missingData');
        const convert = body.fields.convert === undefined ? true : body.fields.convert === 'true';
        sendJson(r.res, 200, await storeUpload(store, file.filename, file.bytes, convert));
      },
    ],

    [
      'POST',
      '/documents/upload/encoded',
      async (r, user) => {
        requirePermission(user, ['DOC_SUBMIT'], 'upload a document');
        const body = await readJson<Record<string, unknown>>(r.req);
        if (!body || typeof body.base64content !== 'string' || body.base64content === '') {
          throw new SignError(400, 'base64content is required', 'error.file.missingData');
        }
        const b64 = body.base64content;
        if (/\s/.test(b64) || !/^[A-Za-z0-9+/]*={0,2}$/.test(b64) || b64.length % 4 !== 0) {
          throw new SignError(
            400,
            'base64content is not valid Base64 (no line breaks allowed)',
            'error.file.invalidBase64',
          );
        }
        const filename = typeof body.filename === 'string' && body.filename ? body.filename : 'document.pdf';
        sendJson(r.res, 200, await storeUpload(store, filename, Buffer.from(b64, 'base64'), body.convert !== false));
      },
    ],

    [
      'GET',
      '/account',
      (r, user) => {
        sendJson(r.res, 200, {
          idUser: user.idUser,
          username: user.username,
          login: user.username,
          firstName: user.firstName,
          lastName: user.lastName,
          email: user.email,
          tenantCode: 'demo',
          langKey: 'it',
          activated: true,
          authorities: user.permissions,
        });
      },
    ],
  ];
}
