import { randomBytes } from 'node:crypto';
import { SignError } from './errors.js';
import { inspectPdf, type PdfInfo } from './pdfs.js';
import {
  isoOffset,
  parseIsoWithOffset,
  SIGNER_ACTIONS,
  TENANT,
  TENANT_SETTINGS,
  USERS,
  type Practice,
  type Signer,
  type SignUser,
  type StoredDocument,
} from './model.js';
import type { SignStore } from './store.js';
import { recordSubmission } from './transitions.js';
import { signingLink } from './views.js';
import { applyProcessType, namedType, type TemplateDocument } from './workflows.js';

/** `POST /files/send`: validation of spec §2.1–2.5 and §7, then the practice of §3. */

const PLACEHOLDER_TYPES = 'TF12CXKDOEJGHSZIRUYABMNPQVL'.split('');
type Json = Record<string, unknown>;

const bad = (details: string, key = 'error.validation') => new SignError(400, details, key);
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isUnit = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0 && v <= 1;
const isInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v);
const optString = (v: unknown, field: string): string | null => {
  if (v === undefined || v === null) return null;
  if (typeof v !== 'string') throw bad(`${field} must be a string`);
  return v;
};
const optBool = (v: unknown, field: string, fallback: boolean): boolean => {
  if (v === undefined || v === null) return fallback;
  if (typeof v !== 'boolean') throw bad(`${field} must be a boolean`);
  return v;
};

interface DocumentSource {
  filename: string;
  bytes: Uint8Array;
  info: PdfInfo;
  externalUrl: string | null;
  docExternalId: string | null;
  order: number;
}

async function readDocument(store: SignStore, d: unknown, i: number): Promise<DocumentSource> {
  const at = `documents[${i}]`;
  if (!isObject(d)) throw bad(`${at} must be an object`, 'error.file.missingData');
  const { base64content, externalUrl, uploadedFilename } = d;
  let bytes: Uint8Array;
  let filename = optString(d.filename, `${at}.filename`);
  if (typeof base64content === 'string' && base64content !== '') {
    if (/\s/.test(base64content))
      throw bad(`${at}.base64content must not contain line breaks or spaces`, 'error.file.invalidBase64');
    if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64content) || base64content.length % 4 !== 0)
      throw bad(`${at}.base64content is not valid Base64`, 'error.file.invalidBase64');
    bytes = Buffer.from(base64content, 'base64');
  } else if (typeof externalUrl === 'string' && externalUrl !== '') {
    if (!/^https?:\/\//.test(externalUrl))
      throw bad(`${at}.externalUrl must be an http(s) URL`, 'error.file.missingData');
    try {
      const res = await fetch(externalUrl, { signal: AbortSignal.timeout(5000) });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      bytes = new Uint8Array(await res.arrayBuffer());
    } catch (error) {
      throw bad(`${at}.externalUrl could not be fetched (${(error as Error).message})`, 'error.file.missingData');
    }
    filename ??= decodeURIComponent(new URL(externalUrl).pathname.split('/').pop() || 'document.pdf');
  } else if (typeof uploadedFilename === 'string' && uploadedFilename !== '') {
    const upload = store.uploads.get(uploadedFilename);
    if (!upload)
      throw bad(
        `${at}.uploadedFilename ${uploadedFilename} is not a previously uploaded file`,
        'error.file.missingData',
      );
    return {
      filename: filename ?? upload.originalFilename,
      bytes: upload.bytes,
      info: upload,
      externalUrl: null,
      docExternalId: optString(d.docExternalId, `${at}.docExternalId`),
      order: i,
    };
  } else {
    throw bad(`${at} has no base64content, externalUrl or uploadedFilename`, 'error.file.missingData');
  }
  if (d.convert === true && !isPdfLike(bytes))
    throw bad(
      `${at}: conversion needs a conversion integration with a valid licence, not configured on this tenant`,
      'error.file.conversionUnavailable',
    );
  let info: PdfInfo;
  try {
    info = await inspectPdf(bytes);
  } catch {
    throw bad(`${at} is not a valid PDF`, 'error.file.invalidPdf');
  }
  const order = d.order === undefined ? i : d.order;
  if (!isInt(order) || (order as number) < 0) throw bad(`${at}.order must be a 0-based integer`);
  return {
    filename: filename ?? `document-${i + 1}.pdf`,
    bytes,
    info,
    externalUrl: typeof externalUrl === 'string' ? externalUrl : null,
    docExternalId: optString(d.docExternalId, `${at}.docExternalId`),
    order: order as number,
  };
}

const isPdfLike = (b: Uint8Array) => Buffer.from(b.subarray(0, 5)).toString('latin1') === '%PDF-';

function checkArea(a: unknown, at: string, docs: DocumentSource[], placeholder: boolean): void {
  if (!isObject(a)) throw bad(`${at} must be an object`);
  if (!isInt(a.document) || (a.document as number) < 0 || (a.document as number) >= docs.length)
    throw bad(`${at}.document must be a 0-based index of documents`);
  const pages = docs[a.document as number]!.info.pages;
  if (!isInt(a.page) || (a.page as number) < 1 || (a.page as number) > pages)
    throw bad(`${at}.page must be between 1 and ${pages}`);
  const anchored = typeof a.anchorKeyword === 'string' && a.anchorKeyword !== '';
  if (!anchored) {
    if (!isUnit(a.positionX) || !isUnit(a.positionY))
      throw bad(`${at}.positionX and positionY must be numbers in 0..1 (or give anchorKeyword)`);
  }
  for (const k of ['width', 'height'] as const) {
    if (placeholder && !anchored && a[k] === undefined) throw bad(`${at}.${k} is required`);
    if (a[k] !== undefined && !isUnit(a[k])) throw bad(`${at}.${k} must be a number in 0..1`);
  }
  if (!placeholder) {
    if (a.signatureType !== undefined && !(SIGNER_ACTIONS as readonly unknown[]).includes(a.signatureType))
      throw bad(`${at}.signatureType must be one of ${SIGNER_ACTIONS.join(', ')}`);
    if (a.rotation !== undefined && ![0, 90, 180, 270].includes(a.rotation as number))
      throw bad(`${at}.rotation must be 0, 90, 180 or 270`);
  } else {
    if (typeof a.type !== 'string' || !PLACEHOLDER_TYPES.includes(a.type))
      throw bad(`${at}.type must be a placeholder type code`);
    if (a.alignment !== undefined && !['L', 'C', 'R'].includes(a.alignment as string))
      throw bad(`${at}.alignment must be L, C or R`);
  }
}

/**
 * §2.6: the host of an in-person signer is an active user of the same tenant allowed to sign
 * (DOC_SIGN), and the tenant allows in-person signing.
 */
function checkHost(raw: unknown, at: string): string | null {
  if (raw === undefined || raw === null) return null;
  if (typeof raw !== 'string' || !raw) throw bad(`${at}.hostUsername must be a username`);
  const host = USERS[raw];
  if (!TENANT_SETTINGS.signInPersonEnabled)
    throw bad(`${at}.hostUsername: in-person signing is not enabled on this tenant`, 'error.signer.inPersonDisabled');
  if (!host || host.tenant !== TENANT)
    throw bad(`${at}.hostUsername ${raw} is not a user of this tenant`, 'error.signer.hostNotFound');
  if (!host.active) throw bad(`${at}.hostUsername ${raw} is not active`, 'error.signer.hostInactive');
  if (!host.permissions.includes('DOC_SIGN'))
    throw bad(`${at}.hostUsername ${raw} is not allowed to host a signature (DOC_SIGN)`, 'error.signer.hostNotAllowed');
  return raw;
}

function readSigner(
  store: SignStore,
  s: unknown,
  i: number,
  docs: DocumentSource[],
): Signer & { generatedPassword: boolean } {
  const at = `signers[${i}]`;
  if (!isObject(s)) throw bad(`${at} must be an object`);
  if (typeof s.action !== 'string' || !(SIGNER_ACTIONS as readonly string[]).includes(s.action))
    throw bad(`${at}.action is required, one of ${SIGNER_ACTIONS.join(', ')}`);
  const username = optString(s.username, `${at}.username`);
  let email = optString(s.email, `${at}.email`);
  let firstName = optString(s.firstName, `${at}.firstName`);
  let lastName = optString(s.lastName, `${at}.lastName`);
  if (username) {
    const user = USERS[username];
    if (!user) throw bad(`${at}.username ${username} is not a user of this tenant`);
    email ??= user.email;
    firstName ??= user.firstName;
    lastName ??= user.lastName;
  } else if (!email || !firstName || !lastName) {
    throw bad(`${at}: email, firstName and lastName are required when username is absent`);
  }
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email!)) throw bad(`${at}.email is not an e-mail address`);
  const hostUsername = checkHost(s.hostUsername, at);
  const requireOtp = optBool(s.requireOtp, `${at}.requireOtp`, false);
  const phone = optString(s.phone, `${at}.phone`);
  if ((requireOtp || s.action === 'T') && !phone?.trim())
    throw bad(`${at}.phone is required for a signature with OTP`, 'error.signer.phoneRequired');
  if (phone && !/^[0-9 ]{6,15}$/.test(phone)) throw bad(`${at}.phone must be 6 to 15 digits`);
  if (s.digitalSignatureType !== undefined && !['PAdES', 'CAdES', 'XAdES'].includes(s.digitalSignatureType as string))
    throw bad(`${at}.digitalSignatureType must be PAdES, CAdES or XAdES`);
  const coords = s.signatureCoordinates ?? [];
  if (!Array.isArray(coords)) throw bad(`${at}.signatureCoordinates must be an array`);
  coords.forEach((c, j) => checkArea(c, `${at}.signatureCoordinates[${j}]`, docs, false));
  const placeholders = s.placeholders ?? [];
  if (!Array.isArray(placeholders)) throw bad(`${at}.placeholders must be an array`);
  placeholders.forEach((p, j) => checkArea(p, `${at}.placeholders[${j}]`, docs, true));
  const acrofields = s.acrofields ?? [];
  if (!Array.isArray(acrofields)) throw bad(`${at}.acrofields must be an array`);
  acrofields.forEach((a, j) => {
    if (!isObject(a) || typeof a.acrofieldKeyword !== 'string' || !a.acrofieldKeyword)
      throw bad(`${at}.acrofields[${j}].acrofieldKeyword is required`);
    if (
      a.acrofieldMatch !== undefined &&
      !['full', 'prefix', 'postfix', 'contains'].includes(a.acrofieldMatch as string)
    )
      throw bad(`${at}.acrofields[${j}].acrofieldMatch must be full, prefix, postfix or contains`);
  });
  const requirePassword = optBool(s.requirePassword, `${at}.requirePassword`, false);
  let password = optString(s.password, `${at}.password`);
  const generatedPassword = requirePassword && !password;
  if (generatedPassword) password = randomBytes(6).toString('base64url');
  if (s.webhook !== undefined && (!isObject(s.webhook) || typeof s.webhook.url !== 'string'))
    throw bad(`${at}.webhook.url is required`);
  return {
    idSigner: store.newIdSigner(),
    email: email!,
    firstName: firstName!,
    lastName: lastName!,
    username,
    action: s.action as string,
    status: 'L',
    token: store.newToken(),
    external: !username,
    requirePassword,
    password: requirePassword ? password : null,
    hostUsername,
    signatureCoordinates: coords.map((c) => ({ ...(c as Json) })),
    placeholders: placeholders.map((p) => ({ ...(p as Json) })),
    acrofields: acrofields.map((a) => ({ acrofieldMatch: 'contains', ...(a as Json) })),
    tsSign: null,
    notes: null,
    webhook: s.webhook,
    generatedPassword,
  };
}

export async function createPractice(store: SignStore, user: SignUser, raw: unknown, baseUrl: string) {
  if (!isObject(raw)) throw bad('Request body must be a JSON object (spec 2.1)', 'error.file.missingData');
  const type = namedType(store, raw, user);
  const applied = type ? applyProcessType(type, raw) : { body: raw, templateDocuments: [] };
  const body = applied.body;
  const ownDocuments = body.documents ?? [];
  if (!Array.isArray(ownDocuments)) throw bad('documents must be an array', 'error.file.missingData');
  if (ownDocuments.length === 0 && applied.templateDocuments.length === 0)
    throw bad('documents must be a non-empty array', 'error.file.missingData');
  const signersIn = body.signers ?? [];
  const contactsIn = body.destinationContacts ?? [];
  if (!Array.isArray(signersIn) || !Array.isArray(contactsIn))
    throw bad('signers and destinationContacts must be arrays');
  if (signersIn.length === 0 && contactsIn.length === 0)
    throw bad('signers or destinationContacts must be a non-empty array', 'error.signers.missing');
  if (typeof body.name !== 'string' || body.name.trim() === '') throw bad('name is required', 'error.name.missing');
  contactsIn.forEach((c, i) => {
    if (!isObject(c) || typeof c.email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(c.email))
      throw bad(`destinationContacts[${i}].email is not an e-mail address`);
  });
  if (body.privacy !== undefined && !['P', 'A', 'C', 'S'].includes(body.privacy as string))
    throw bad('privacy must be P, A, C or S');
  let expirationDate: string | null = null;
  if (body.expirationDate !== undefined && body.expirationDate !== null) {
    const d = parseIsoWithOffset(body.expirationDate);
    if (!d) throw bad('expirationDate must be an ISO 8601 date-time with offset');
    if (d.getTime() <= Date.now()) throw bad('expirationDate must be in the future', 'error.expirationDate.past');
    expirationDate = isoOffset(d);
  } else if (body.expirationDateDays !== undefined && body.expirationDateDays !== null) {
    if (!isInt(body.expirationDateDays) || (body.expirationDateDays as number) < 1)
      throw bad('expirationDateDays must be a positive integer');
    expirationDate = isoOffset(new Date(Date.now() + (body.expirationDateDays as number) * 86400000));
  }
  for (const key of ['webhook'] as const) {
    if (
      body[key] !== undefined &&
      body[key] !== null &&
      (!isObject(body[key]) || typeof (body[key] as Json).url !== 'string')
    )
      throw bad(`${key}.url is required`);
  }
  if (
    body.webhooks !== undefined &&
    (!Array.isArray(body.webhooks) || body.webhooks.some((w) => !isObject(w) || typeof w.url !== 'string'))
  )
    throw bad('webhooks must be an array of objects with url');

  // A process type's documents come first: `document` indexes count them first.
  const docs: DocumentSource[] = applied.templateDocuments.map(templateSource);
  for (const [i, d] of (ownDocuments as unknown[]).entries()) {
    const source = await readDocument(store, d, i);
    docs.push({ ...source, order: source.order + applied.templateDocuments.length });
  }
  const placeholders = body.placeholders ?? [];
  if (!Array.isArray(placeholders)) throw bad('placeholders must be an array');
  placeholders.forEach((p, j) => checkArea(p, `placeholders[${j}]`, docs, true));

  const signers = signersIn.map((s, i) => readSigner(store, s, i, docs));
  const idFile = store.newIdFile();
  const now = isoOffset(new Date());
  const draft = optBool(body.draft, 'draft', false);
  const documents: StoredDocument[] = docs
    .sort((a, b) => a.order - b.order)
    .map((d, i) => ({
      idDocument: store.newIdDocument(),
      idFile,
      filename: d.filename,
      contentType: 'application/pdf',
      order: i,
      bytes: d.bytes,
      pages: d.info.pages,
      pagesSize: d.info.pagesSize,
      acrofields: d.info.acrofields,
      tsIns: now,
      docExternalId: d.docExternalId,
      externalUrl: d.externalUrl,
    }));
  const practice: Practice = {
    idFile,
    name: body.name,
    notes: optString(body.notes, 'notes'),
    summary: optString(body.summary, 'summary'),
    status: draft ? 'U' : 'L',
    draft,
    urgent: optBool(body.urgent, 'urgent', false),
    privacy: (body.privacy as Practice['privacy']) ?? 'A',
    digitalSigned: false,
    sealed: false,
    expirationDate,
    protocol: optString(body.protocol, 'protocol'),
    externalId: optString(body.externalId, 'externalId'),
    tsIns: now,
    tsUpd: now,
    idUser: user.idUser,
    signers: signers.map(({ generatedPassword: _g, ...s }) => s),
    documents,
    events: [],
    history: [],
    placeholders: placeholders.map((p) => ({ ...(p as Json) })),
    metadata: {},
    tags: [],
    webhook: body.webhook ?? null,
    webhooks: (body.webhooks as unknown[]) ?? [],
    destinationContacts: contactsIn.map((c) => ({ email: (c as Json).email as string })),
    sendNotifications: optBool(body.sendNotifications, 'sendNotifications', true),
    sendCopyIterCompleted: optBool(body.sendCopyIterCompleted, 'sendCopyIterCompleted', true),
    idWorkflowType: type?.idWorkflowType ?? null,
  };
  store.add(practice);
  if (!draft) recordSubmission(practice);
  return {
    idFile,
    canAutoAdvance: false,
    signers: signers.map((s) => ({
      email: s.email,
      firstName: s.firstName,
      lastName: s.lastName,
      action: s.action,
      signingUrl: s.external && !draft ? signingLink(baseUrl, s) : null,
      external: s.external,
      ...(s.hostUsername ? { hostUsername: s.hostUsername } : {}),
      ...(s.generatedPassword ? { password: s.password } : {}),
    })),
  };
}

/** A process type's template document as a source of the new practice. */
function templateSource(d: TemplateDocument, i: number): DocumentSource {
  return {
    filename: d.filename,
    bytes: d.bytes,
    info: { pages: d.pages, pagesSize: d.pagesSize, acrofields: d.acrofields },
    externalUrl: null,
    docExternalId: null,
    order: i,
  };
}
