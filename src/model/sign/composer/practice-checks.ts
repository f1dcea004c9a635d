/**
 * What must be right before a practice is sent, checked on the draft: each problem names the
 * field it is about (so the composer can show it there and take the user to it) and the words to
 * say, as a catalogue key with its values. Pure: the state of uploads and of keyword searches, the
 * host and today's date are given.
 */
import { placeholderKind } from './placeholder-kinds.js';
import { signerLabel, type ComposerArea, type ComposerSigner, type PracticeDraft } from './practice-draft.js';
import type { FieldRef } from './practice-body.js';

export type ProblemKey =
  | 'problemNoDocuments'
  | 'problemUploading'
  | 'problemUploadFailed'
  | 'problemDocumentMissing'
  | 'problemNoSigners'
  | 'problemFirstName'
  | 'problemLastName'
  | 'problemEmail'
  | 'problemEmailInvalid'
  | 'problemUsername'
  | 'problemPhone'
  | 'problemPhoneInvalid'
  | 'problemPassword'
  | 'problemInPersonHost'
  | 'problemNoArea'
  | 'problemKeywordMissing'
  | 'problemOptions'
  | 'problemRadioGroup'
  | 'problemRegex'
  | 'problemCodeRepeated'
  | 'problemConditionValue'
  | 'problemName'
  | 'problemExpiryDate'
  | 'problemExpiryDays'
  | 'problemCopyEmail';

export interface Problem {
  /** `document:<id>`, `signer:<id>:<field>`, `area:<id>:<field>`, `copy:<id>`, `option:<name>`, `documents`, `signers`. */
  field: FieldRef;
  key: ProblemKey;
  params: Record<string, string | number>;
}

export type Step = 'documents' | 'signers' | 'areas' | 'options';

/** The step of the composer a field is shown in. */
export function stepOf(field: FieldRef): Step {
  if (field.startsWith('document') || field === 'type') return 'documents';
  if (field.startsWith('signer') || field.startsWith('copy')) return 'signers';
  if (field.startsWith('area')) return 'areas';
  return 'options';
}

export interface CheckContext {
  /** Each document's upload: under way, failed, or done (absent: done, or a template). */
  upload(documentId: string): 'uploading' | 'failed' | 'done';
  /** Whether the document's file is here to show and send (a draft restored on another device may lack it). */
  present(documentId: string): boolean;
  /** Whether an anchor area's keyword was found in its document: undefined while not searched yet. */
  keywordFound(areaId: string): boolean | undefined;
  /** The username of whoever prepares the practice (for in-person signers), if known. */
  host: string | undefined;
  /** Today, `yyyy-mm-dd`, where the user is. */
  today: string;
}

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

function checkSigner(s: ComposerSigner, n: number, ctx: CheckContext, out: Problem[]): void {
  const at = (f: string) => `signer:${s.id}:${f}`;
  const name = signerLabel(s) || String(n);
  if (s.slot && !s.slot.editable) return;
  if (s.who === 'user') {
    if (!s.username.trim()) out.push({ field: at('username'), key: 'problemUsername', params: { n } });
  } else {
    if (!s.firstName.trim()) out.push({ field: at('firstName'), key: 'problemFirstName', params: { n } });
    if (!s.lastName.trim()) out.push({ field: at('lastName'), key: 'problemLastName', params: { n } });
    if (!s.email.trim()) out.push({ field: at('email'), key: 'problemEmail', params: { n } });
    else if (!EMAIL.test(s.email.trim()))
      out.push({ field: at('email'), key: 'problemEmailInvalid', params: { n, value: s.email.trim() } });
  }
  const phone = s.phone.replace(/\s+/g, '');
  if ((s.requireOtp || s.action === 'T') && !phone)
    out.push({ field: at('phone'), key: 'problemPhone', params: { name } });
  else if (phone && !/^\d{6,15}$/.test(phone))
    out.push({ field: at('phone'), key: 'problemPhoneInvalid', params: { name } });
  if (s.requirePassword && s.password && s.password.length < 6)
    out.push({ field: at('password'), key: 'problemPassword', params: { name } });
  if (s.inPerson && !ctx.host) out.push({ field: at('inPerson'), key: 'problemInPersonHost', params: { name } });
}

function validPattern(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}

function checkPlaceholder(a: ComposerArea, d: PracticeDraft, out: Problem[]): void {
  const p = a.placeholder;
  if (!p || a.locked) return;
  const kind = placeholderKind(p.type);
  const at = (f: string) => `area:${a.id}:${f}`;
  const label = p.code || p.type;
  if (kind.options && p.options.filter((o) => o.trim()).length < 2)
    out.push({ field: at('options'), key: 'problemOptions', params: { field: label } });
  if (kind.radio && p.groupId === undefined)
    out.push({ field: at('groupId'), key: 'problemRadioGroup', params: { field: label } });
  if (kind.typed && p.regex.trim() && !validPattern(p.regex.trim()))
    out.push({ field: at('regex'), key: 'problemRegex', params: { field: label } });
  const c = p.condition;
  if (c && ['equals', 'notEquals', 'contains'].includes(c.operator) && !c.value.trim())
    out.push({ field: at('condition'), key: 'problemConditionValue', params: { field: label } });
  if (p.code.trim()) {
    const same = d.areas.filter((o) => o.placeholder?.code.trim() === p.code.trim());
    if (same.length > 1 && same[0] !== a && !(kind.radio && same.every((o) => o.placeholder?.type === 'R')))
      out.push({ field: at('code'), key: 'problemCodeRepeated', params: { code: p.code.trim() } });
  }
}

/** Every problem of the draft, in the order of the composer's steps. Empty: it may be sent. */
export function checkPractice(d: PracticeDraft, ctx: CheckContext): Problem[] {
  const out: Problem[] = [];
  const hasTemplates = d.documents.some((x) => x.origin === 'template');
  if (!d.documents.length && !hasTemplates) out.push({ field: 'documents', key: 'problemNoDocuments', params: {} });
  for (const doc of d.documents) {
    if (doc.origin !== 'upload') continue;
    const state = ctx.upload(doc.id);
    const field = `document:${doc.id}`;
    if (state === 'uploading') out.push({ field, key: 'problemUploading', params: { name: doc.name } });
    else if (state === 'failed') out.push({ field, key: 'problemUploadFailed', params: { name: doc.name } });
    else if (!doc.uploadedFilename || !ctx.present(doc.id))
      out.push({ field, key: 'problemDocumentMissing', params: { name: doc.name } });
  }

  const copies = d.copies.filter((c) => c.email.trim());
  if (!d.signers.length && !copies.length) out.push({ field: 'signers', key: 'problemNoSigners', params: {} });
  d.signers.forEach((s, i) => checkSigner(s, i + 1, ctx, out));
  for (const c of d.copies)
    if (c.email.trim() && !EMAIL.test(c.email.trim()))
      out.push({ field: `copy:${c.id}`, key: 'problemCopyEmail', params: { value: c.email.trim() } });

  for (const s of d.signers) {
    const signs = d.areas.some((a) => a.signer === s.id && a.kind === 'signature');
    if (!signs && !(s.slot && !s.slot.editable))
      out.push({ field: `signer:${s.id}:areas`, key: 'problemNoArea', params: { name: signerLabel(s) || '?' } });
  }
  for (const a of d.areas) {
    if (a.anchor && ctx.keywordFound(a.id) === false) {
      const doc = d.documents.find((x) => x.id === a.document);
      out.push({
        field: `area:${a.id}:keyword`,
        key: 'problemKeywordMissing',
        params: { keyword: a.anchor.keyword, document: doc?.name ?? '' },
      });
    }
    checkPlaceholder(a, d, out);
  }

  const o = d.options;
  if (!o.name.trim() && !d.processType) out.push({ field: 'option:name', key: 'problemName', params: {} });
  if (o.expiry === 'date' && (!/^\d{4}-\d{2}-\d{2}$/.test(o.expiryDate) || o.expiryDate < ctx.today))
    out.push({ field: 'option:expiryDate', key: 'problemExpiryDate', params: {} });
  if (o.expiry === 'days' && !/^[1-9]\d{0,3}$/.test(o.expiryDays.trim()))
    out.push({ field: 'option:expiryDays', key: 'problemExpiryDays', params: {} });
  return out;
}
