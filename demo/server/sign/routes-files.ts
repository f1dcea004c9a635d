import { queryList, sendJson, type SimRequest } from '../core/http-kit.js';
import { requirePermission, type ApiHandler } from './auth.js';
import { sendBytes, zipStore } from './binary.js';
import { SignError } from './errors.js';
import { PRACTICE_STATUSES, isoOffset, type Practice } from './model.js';
import { generateReportPdf } from './pdfs.js';
import { createPractice } from './send.js';
import type { SignStore } from './store.js';
import { currentSigner, documentItem, pageObject, practiceDetail, practiceListItem, signingLink } from './views.js';

const VIEW = ['DOC_LST', 'DOC_PERSONAL', 'DOC_SIGN', 'UNIT_DOC_ADMIN'];
const SORTABLE = ['idFile', 'name', 'status', 'tsIns', 'tsUpd', 'expirationDate', 'urgent', 'protocol'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

const bad = (details: string) => new SignError(400, details, 'error.validation');

export function findPractice(store: SignStore, raw: string | undefined): Practice {
  const idFile = Number(raw);
  if (!Number.isInteger(idFile)) throw bad(`idFile must be a number, got ${raw}`);
  const p = store.practice(idFile);
  if (!p || p.status === 'C')
    throw new SignError(404, `Practice ${idFile} not found or deactivated`, 'error.file.notFound');
  return p;
}

function intParam(q: URLSearchParams, key: string, fallback: number, min: number): number {
  const raw = q.get(key);
  if (raw === null || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw bad(`${key} must be an integer >= ${min}`);
  return n;
}

function boolParam(q: URLSearchParams, key: string): boolean | undefined {
  const raw = q.get(key);
  if (raw === null || raw === '') return undefined;
  if (raw !== 'true' && raw !== 'false') throw bad(`${key} must be true or false`);
  return raw === 'true';
}

function dayParam(q: URLSearchParams, key: string): string | undefined {
  const raw = q.get(key);
  if (raw === null || raw === '') return undefined;
  if (!DAY.test(raw) || Number.isNaN(new Date(raw).getTime())) throw bad(`${key} must be a date yyyy-MM-dd`);
  return raw;
}

/** Spec §4 list filters over the stored practices. */
export function filterPractices(all: Practice[], q: URLSearchParams): Practice[] {
  const statuses = queryList(q, 'status');
  for (const s of statuses)
    if (!(PRACTICE_STATUSES as string[]).includes(s))
      throw bad(`status ${s} is not one of ${PRACTICE_STATUSES.join(', ')}`);
  const idSigners = queryList(q, 'idSigner').map((v) => {
    const n = Number(v);
    if (!Number.isInteger(n)) throw bad('idSigner must be a number');
    return n;
  });
  const idFile = q.get('idFile') ? intParam(q, 'idFile', 0, 0) : undefined;
  const idUser = q.get('idUser') ? intParam(q, 'idUser', 0, 0) : undefined;
  const text = q.get('query')?.trim().toLowerCase();
  const [insFrom, insTo, updFrom, updTo] = ['tsInsFrom', 'tsInsTo', 'tsUpdFrom', 'tsUpdTo'].map((k) => dayParam(q, k));
  const [expMin, expMax] = ['expirationDateMin', 'expirationDateMax'].map((k) => {
    const raw = q.get(k);
    if (raw === null || raw === '') return undefined;
    if (Number.isNaN(new Date(raw).getTime())) throw bad(`${k} must be a date yyyy-MM-dd or an ISO 8601 date-time`);
    return raw.slice(0, 10);
  });
  const urgent = boolParam(q, 'urgent');
  const digitalSigned = boolParam(q, 'digitalSigned');
  const userEmail = q.get('userEmail')?.toLowerCase();
  const protocol = q.get('protocol');
  const externalId = q.get('externalId');
  const metadataKey = q.get('metadataKey');
  const metadataValue = q.get('metadataValue');
  const day = (ts: string) => ts.slice(0, 10);

  return all.filter((p) => {
    if (statuses.length ? !statuses.includes(p.status) : p.status === 'C') return false;
    if (idFile !== undefined && p.idFile !== idFile) return false;
    if (idUser !== undefined && p.idUser !== idUser) return false;
    if (userEmail && practiceDetail(p).user.email?.toLowerCase() !== userEmail) return false;
    if (idSigners.length && !p.signers.some((s) => idSigners.includes(s.idSigner))) return false;
    if (insFrom && day(p.tsIns) < insFrom) return false;
    if (insTo && day(p.tsIns) > insTo) return false;
    if (updFrom && day(p.tsUpd) < updFrom) return false;
    if (updTo && day(p.tsUpd) > updTo) return false;
    if ((expMin || expMax) && !p.expirationDate) return false;
    if (expMin && day(p.expirationDate!) < expMin) return false;
    if (expMax && day(p.expirationDate!) > expMax) return false;
    if (urgent !== undefined && p.urgent !== urgent) return false;
    if (digitalSigned !== undefined && p.digitalSigned !== digitalSigned) return false;
    if (protocol && p.protocol !== protocol) return false;
    if (externalId && p.externalId !== externalId) return false;
    if (
      metadataKey &&
      (metadataValue === null ? !(metadataKey in p.metadata) : p.metadata[metadataKey] !== metadataValue)
    )
      return false;
    if (text) {
      const hay = [
        p.name,
        p.notes,
        p.summary,
        p.protocol,
        ...p.signers.flatMap((s) => [s.firstName, s.lastName, s.email]),
      ]
        .join(' ')
        .toLowerCase();
      if (!hay.includes(text)) return false;
    }
    return true;
  });
}

/** `sort` repeatable as `field,asc|desc`; default `idFile,desc`. */
export function sortPractices(list: Practice[], sorts: string[]): Practice[] {
  const keys = (sorts.length ? sorts : ['idFile,desc']).map((s) => {
    const [field, dir = 'asc'] = s.split(',').map((x) => x.trim());
    if (!(SORTABLE as readonly string[]).includes(field!))
      throw bad(`sort field ${field} is not one of ${SORTABLE.join(', ')}`);
    if (!['asc', 'desc'].includes(dir.toLowerCase())) throw bad(`sort direction must be asc or desc`);
    return { field: field as (typeof SORTABLE)[number], sign: dir.toLowerCase() === 'desc' ? -1 : 1 };
  });
  return [...list].sort((a, b) => {
    for (const { field, sign } of keys) {
      const x = a[field] ?? '';
      const y = b[field] ?? '';
      if (x < y) return -sign;
      if (x > y) return sign;
    }
    return 0;
  });
}

export function fileRoutes(store: SignStore, baseUrl: () => string): Array<[string, string, ApiHandler]> {
  return [
    [
      'POST',
      '/files/send',
      async (r, user) => {
        requirePermission(user, ['DOC_SUBMIT'], 'submit a practice');
        await store.idempotency.handle(
          r,
          async (body) => ({ status: 200, body: await createPractice(store, user, body, baseUrl()) }),
          () => new SignError(422, 'Idempotency-Key already used with another body', 'error.idempotencyKey.reused'),
        );
      },
    ],

    [
      'GET',
      '/files/',
      (r, user) => {
        requirePermission(user, ['DOC_LST', 'UNIT_DOC_ADMIN', 'DOC_PERSONAL'], 'list practices');
        const page = intParam(r.query, 'page', 0, 0);
        const size = intParam(r.query, 'size', 100, 1);
        const list = sortPractices(filterPractices(store.all(), r.query), r.query.getAll('sort'));
        sendJson(r.res, 200, pageObject(list, page, size, practiceListItem));
      },
    ],

    [
      'GET',
      '/files/{idFile}',
      (r, user) => {
        requirePermission(user, VIEW, 'view a practice');
        const p = findPractice(store, r.params.idFile);
        const idUser = r.query.get('idUser');
        if (idUser !== null && idUser !== '') {
          if (!Number.isInteger(Number(idUser))) throw bad('idUser must be a number');
          p.history.push({
            action: 'OPEN',
            tsIns: isoOffset(new Date()),
            idUser: Number(idUser),
            description: 'Pratica aperta',
          });
        }
        sendJson(r.res, 200, practiceDetail(p));
      },
    ],

    [
      'GET',
      '/files/{idFile}/documents',
      (r, user) => {
        requirePermission(user, VIEW, 'view a practice');
        const p = findPractice(store, r.params.idFile);
        sendJson(
          r.res,
          200,
          p.documents.map((d) => documentItem(p, d)),
        );
      },
    ],

    [
      'GET',
      '/files/{idFile}/link',
      (r, user) => {
        requirePermission(user, VIEW, 'view a practice');
        const p = findPractice(store, r.params.idFile);
        const signer = currentSigner(p);
        if (!signer) throw new SignError(404, `Practice ${p.idFile} has no signers`, 'error.signer.notFound');
        sendJson(r.res, 200, signingLink(baseUrl(), signer));
      },
    ],

    [
      'GET',
      '/files/viewer/{idFile}',
      (r, user) => {
        requirePermission(user, VIEW, 'view a practice');
        sendPractice(r, findPractice(store, r.params.idFile), 'inline');
      },
    ],

    [
      'GET',
      '/files/download/{idFile}',
      (r, user) => {
        requirePermission(user, ['DOC_DOWNLOAD'], 'download a practice');
        sendPractice(r, findPractice(store, r.params.idFile), 'attachment');
      },
    ],

    [
      'GET',
      '/files/{idFile}/report/download',
      async (r) => {
        const p = findPractice(store, r.params.idFile);
        const bytes = await generateReportPdf({
          idFile: p.idFile,
          name: p.name,
          status: p.status,
          tsIns: p.tsIns,
          tsUpd: p.tsUpd,
          signers: p.signers.map((s) => ({
            name: `${s.firstName} ${s.lastName}`,
            email: s.email,
            action: s.action,
            status: s.status,
          })),
          events: p.events,
        });
        sendBytes(r.req, r.res, bytes, {
          contentType: 'application/pdf',
          filename: `report-pratica-${p.idFile}.pdf`,
          disposition: 'attachment',
        });
      },
    ],
  ];
}

/** One document: that PDF; several: a ZIP of them (spec §4 `/files/viewer`, `/files/download`). */
function sendPractice(r: SimRequest, p: Practice, disposition: 'inline' | 'attachment'): void {
  if (p.documents.length === 1) {
    const d = p.documents[0]!;
    sendBytes(r.req, r.res, d.bytes, { contentType: d.contentType, filename: d.filename, disposition });
    return;
  }
  const zip = zipStore(p.documents.map((d) => ({ name: d.filename, bytes: d.bytes })));
  sendBytes(r.req, r.res, zip, { contentType: 'application/zip', filename: `pratica-${p.idFile}.zip`, disposition });
}
