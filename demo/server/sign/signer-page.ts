import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { readBody, sendJson, type SimRequest } from '../core/http-kit.js';
import type { Faults } from '../core/faults.js';
import { sendBytes } from './binary.js';
import { SignError, signErrorBody } from './errors.js';
import { USERS, type Practice, type Signer } from './model.js';
import type { SignStore } from './store.js';
import { rejectPractice, signPractice } from './transitions.js';
import { signerPagePath, signerView } from './views.js';

/**
 * The simulator's signing page: what a signer reaches through the signing link. Server-rendered
 * HTML with no script (every string escaped), a sign form and a reject form that POST back
 * here; the same endpoints answer JSON when asked (`Accept: application/json`) so tests and the
 * viewer's dialog mode can drive them. Paths are below `/sign`, e.g. `/sign/app/sign/{token}`.
 */

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const TEXT = {
  it: {
    title: 'Firma della pratica',
    signer: 'Firmatario',
    action: 'Tipo di firma',
    documents: 'Documenti',
    open: 'apri',
    sign: 'Firma',
    reject: 'Rifiuta',
    reason: 'Motivo del rifiuto (facoltativo)',
    password: 'Password',
    signed: 'Hai firmato questa pratica.',
    rejected: 'Hai rifiutato questa pratica.',
    closed: 'La pratica non e in firma: stato',
    status: {
      L: 'in corso',
      F: 'firmata',
      R: 'rifiutata',
      E: 'scaduta',
      S: 'sospesa',
      V: 'annullata',
      U: 'bozza',
      A: 'completata',
      C: 'cestinata',
    },
    notFound: 'Link di firma non valido o scaduto.',
    pages: 'pagine',
    inPerson: 'Firma in presenza, sul dispositivo di',
  },
  en: {
    title: 'Sign the practice',
    signer: 'Signer',
    action: 'Kind of signature',
    documents: 'Documents',
    open: 'open',
    sign: 'Sign',
    reject: 'Reject',
    reason: 'Reason for rejecting (optional)',
    password: 'Password',
    signed: 'You have signed this practice.',
    rejected: 'You have rejected this practice.',
    closed: 'The practice is not open for signing: status',
    status: {
      L: 'in progress',
      F: 'signed',
      R: 'rejected',
      E: 'expired',
      S: 'suspended',
      V: 'cancelled',
      U: 'draft',
      A: 'completed',
      C: 'trashed',
    },
    notFound: 'Invalid or expired signing link.',
    pages: 'pages',
    inPerson: 'Signing in person, on the device of',
  },
} as const;

const ACTIONS: Record<string, string> = {
  S: 'Firma semplice / simple signature',
  E: 'FES',
  T: 'FES con OTP / FES with OTP',
  V: 'FEA',
  Q: 'FEQ',
  P: 'Visto / approval stamp',
  O: 'FEQ one-shot',
  J: 'Firma da app / app signature',
};

type Lang = keyof typeof TEXT;

function langOf(r: SimRequest): Lang {
  const q = r.query.get('lang');
  if (q === 'en' || q === 'it') return q;
  return /^en\b/i.test(r.req.headers['accept-language'] ?? '') ? 'en' : 'it';
}

const wantsJson = (r: SimRequest) => (r.req.headers.accept ?? '').includes('application/json');

/** The page's one style sheet, allowed by its hash (no 'unsafe-inline'). */
const PAGE_STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#1b1f24}
form{margin:1rem 0;padding:1rem;border:1px solid #c9ced6;border-radius:8px}button{font:inherit;padding:.5rem 1.2rem}
label{display:block;margin:.5rem 0 .25rem}textarea,input{font:inherit;width:100%;box-sizing:border-box}
.status{padding:.75rem;border-radius:6px;background:#eef3fb}:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}`;
const STYLE_HASH = `'sha256-${createHash('sha256').update(PAGE_STYLE).digest('base64')}'`;

const PAGE_HEADERS = {
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': `default-src 'none'; style-src ${STYLE_HASH}; form-action 'self'; base-uri 'none'`,
  'X-Content-Type-Options': 'nosniff',
  // Not no-referrer: with it Chromium posts the page's own forms with `Origin: null`, which the
  // service's origin check refuses (403 origin_not_allowed): the signer could not sign in a browser.
  // same-origin sends the real origin to the service itself and nothing to other sites.
  'Referrer-Policy': 'same-origin',
  'Cache-Control': 'no-store',
};

/** What a page that refuses to be framed adds: both the old header and the CSP directive. */
const REFUSE_FRAMING = {
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': `${PAGE_HEADERS['Content-Security-Policy']}; frame-ancestors 'none'`,
};

function sendHtml(
  res: ServerResponse,
  status: number,
  lang: Lang,
  title: string,
  body: string,
  extraHeaders: Record<string, string> = {},
): void {
  const html = `<!doctype html>
<html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${PAGE_STYLE}</style>
</head><body><main>${body}</main></body></html>`;
  res.writeHead(status, { ...PAGE_HEADERS, ...extraHeaders, 'Content-Length': Buffer.byteLength(html) });
  res.end(html);
}

function renderPage(p: Practice, s: Signer, lang: Lang, error?: string): string {
  const t = TEXT[lang];
  const base = signerPagePath(s.token);
  const docs = p.documents
    .map(
      (d) =>
        `<li><a href="${escapeHtml(`${base}/documents/${d.idDocument}`)}" target="_blank" rel="noopener noreferrer">${escapeHtml(d.filename)}</a> (${d.pages} ${t.pages})</li>`,
    )
    .join('');
  const statusWord = t.status[p.status as keyof typeof t.status] ?? p.status;
  let actions: string;
  if (s.status === 'F') actions = `<p class="status" role="status">${t.signed}</p>`;
  else if (s.status === 'R') actions = `<p class="status" role="status">${t.rejected}</p>`;
  else if (p.status !== 'L')
    actions = `<p class="status" role="status">${t.closed} ${escapeHtml(statusWord)} (${escapeHtml(p.status)}).</p>`;
  else {
    const pw = (id: string) =>
      s.requirePassword
        ? `<label for="${id}">${t.password}</label><input id="${id}" name="password" type="password" required autocomplete="off">`
        : '';
    actions = `<form method="post" action="${escapeHtml(`${base}/sign`)}">${pw('pw-sign')}<button type="submit">${t.sign}</button></form>
<form method="post" action="${escapeHtml(`${base}/reject`)}">${pw('pw-reject')}<label for="reason">${t.reason}</label>
<textarea id="reason" name="reason" rows="3" maxlength="1000"></textarea><button type="submit">${t.reject}</button></form>`;
  }
  return `<h1>${t.title}</h1>
<h2>${escapeHtml(p.name)}</h2>
<p>${escapeHtml(statusWord)} &middot; ${t.signer}: ${escapeHtml(`${s.firstName} ${s.lastName}`)} &lt;${escapeHtml(s.email)}&gt; &middot; ${t.action}: ${escapeHtml(ACTIONS[s.action] ?? s.action)}</p>
${inPerson(s, t.inPerson)}${error ? `<p class="status" role="alert">${escapeHtml(error)}</p>` : ''}
<h3>${t.documents}</h3><ul>${docs}</ul>
${actions}`;
}

/** §2.6: an in-person signer signs on the host's device; the page names the host. */
function inPerson(s: Signer, words: string): string {
  if (!s.hostUsername) return '';
  const host = USERS[s.hostUsername];
  const who = host ? `${host.firstName} ${host.lastName}` : s.hostUsername;
  return `<p class="status">${words} ${escapeHtml(who)}.</p>\n`;
}

async function readForm(r: SimRequest): Promise<Record<string, string>> {
  const raw = (await readBody(r.req, 64 * 1024)).toString('utf8');
  if ((r.req.headers['content-type'] ?? '').includes('application/json')) {
    try {
      const json = JSON.parse(raw || '{}') as Record<string, unknown>;
      return Object.fromEntries(Object.entries(json).map(([k, v]) => [k, v == null ? '' : String(v)]));
    } catch {
      throw new SignError(400, 'malformed JSON body', 'error.validation');
    }
  }
  return Object.fromEntries(new URLSearchParams(raw));
}

/**
 * The signing page's routes. `faults`: while a `refuse-framing` fault is set (`POST /__sim/faults`
 * `{"kind":"refuse-framing"}`), the page refuses to be shown in a frame, as many services' pages do.
 */
export function signerPageRoutes(
  store: SignStore,
  faults?: Faults,
): Array<[string, string, (r: SimRequest) => Promise<void> | void]> {
  const find = (r: SimRequest) => {
    const found = store.signerByToken(r.params.token ?? '');
    if (!found || found.practice.status === 'C')
      throw new SignError(404, TEXT[langOf(r)].notFound, 'error.link.notFound');
    return found;
  };

  /** Sign or reject, then 303 back to the page (a form) or the new state as JSON. */
  const act = (kind: 'sign' | 'reject') => async (r: SimRequest) => {
    const { practice, signer } = find(r);
    const form = await readForm(r);
    if (signer.requirePassword && form.password !== signer.password)
      throw new SignError(401, 'Wrong or missing password', 'error.unauthorized');
    if (kind === 'sign') signPractice(practice, signer);
    else rejectPractice(practice, signer, form.reason?.trim().slice(0, 1000) || null);
    if (wantsJson(r)) sendJson(r.res, 200, stateOf(practice, signer));
    else {
      r.res.writeHead(303, { Location: `${signerPagePath(signer.token)}${r.url.search}`, 'Content-Length': 0 });
      r.res.end();
    }
  };

  return [
    [
      'GET',
      '/app/sign/{token}',
      (r) => {
        const { practice, signer } = find(r);
        const lang = langOf(r);
        const refuse = faults?.active('refuse-framing', r.url.pathname) ? REFUSE_FRAMING : {};
        sendHtml(
          r.res,
          200,
          lang,
          `${TEXT[lang].title} - ${practice.name}`,
          renderPage(practice, signer, lang),
          refuse,
        );
      },
    ],
    [
      'GET',
      '/app/sign/{token}/status',
      (r) => {
        const { practice, signer } = find(r);
        sendJson(r.res, 200, stateOf(practice, signer));
      },
    ],
    [
      'GET',
      '/app/sign/{token}/documents/{idDocument}',
      (r) => {
        const { practice } = find(r);
        const d = practice.documents.find((x) => String(x.idDocument) === r.params.idDocument);
        if (!d)
          throw new SignError(
            404,
            `Document ${r.params.idDocument} is not part of this practice`,
            'error.document.notFound',
          );
        sendBytes(r.req, r.res, d.bytes, { contentType: d.contentType, filename: d.filename, disposition: 'inline' });
      },
    ],
    ['POST', '/app/sign/{token}/sign', act('sign')],
    ['POST', '/app/sign/{token}/reject', act('reject')],
  ];
}

/** JSON state for the link holder: the practice status, this signer, and document URLs. */
function stateOf(p: Practice, s: Signer) {
  const base = signerPagePath(s.token);
  return {
    idFile: p.idFile,
    name: p.name,
    status: p.status,
    tsUpd: p.tsUpd,
    signer: signerView(s),
    documents: p.documents.map((d) => ({
      idDocument: d.idDocument,
      filename: d.filename,
      pages: d.pages,
      url: `${base}/documents/${d.idDocument}`,
    })),
  };
}

/** Renders a signer-page failure: HTML for a browser, the §7 body for JSON callers. */
export function sendSignerPageError(r: SimRequest, error: SignError): void {
  if (wantsJson(r)) {
    sendJson(r.res, error.status, signErrorBody(error.status, error.message, error.messageKey));
    return;
  }
  const lang = langOf(r);
  sendHtml(
    r.res,
    error.status,
    lang,
    `${error.status}`,
    `<h1>${error.status}</h1><p role="alert">${escapeHtml(error.message)}</p>`,
  );
}
