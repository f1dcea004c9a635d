import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { createAuthService } from '../../demo/server/auth/index.js';
import { createSignService } from '../../demo/server/sign/index.js';

// The signing service against spec §2.8, §3, §4, §5 and §7, over real HTTP on loopback.

const KEY = { 'X-SignToken': 'demo-sign-token', 'X-SignUser': 'demo' };
const VIEWER = { 'X-SignToken': 'demo-sign-token', 'X-SignUser': 'viewer' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

let sim: RunningSimulator;
let api: string;

const get = (path: string, headers: Record<string, string> = KEY) => fetch(`${api}${path}`, { headers });
const postJson = (path: string, body: unknown, headers: Record<string, string> = KEY) =>
  fetch(`${api}${path}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

async function assertSignError(res: Response, status: number, messageKey?: string) {
  assert.equal(res.status, status);
  assert.match(res.headers.get('content-type') ?? '', /application\/json/);
  const body = await res.json();
  assert.deepEqual(Object.keys(body).sort(), ['details', 'messageKey', 'reference', 'status', 'timestamp', 'type']);
  assert.equal(body.status, status);
  assert.equal(body.type, 'common');
  assert.match(body.reference, UUID);
  assert.match(body.timestamp, ISO_OFFSET);
  assert.equal(typeof body.details, 'string');
  if (messageKey) assert.equal(body.messageKey, messageKey);
  return body as { details: string; messageKey: string };
}

async function pdfText(bytes: Uint8Array, pageNumber: number): Promise<string> {
  const doc = await getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise;
  const content = await (await doc.getPage(pageNumber)).getTextContent();
  const text = content.items.map((i) => ('str' in i ? i.str : '')).join(' ');
  await doc.destroy();
  return text;
}

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

async function contractBase64(): Promise<string> {
  const res = await get('/documents/viewer/10011');
  return Buffer.from(await bytesOf(res)).toString('base64');
}

before(async () => {
  sim = await startSimulator({
    port: 0,
    modules: async (ctx) => [await createAuthService(ctx), await createSignService(ctx)],
  });
  api = `${sim.url}/sign/api/v2`;
});
after(() => sim.close());
beforeEach(async () => {
  await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
});

describe('sign: authentication (spec §5, §7)', () => {
  it('answers 401 error.unauthorized without credentials, with a wrong token and with an unknown user', async () => {
    await assertSignError(await get('/files/1001', {}), 401, 'error.unauthorized');
    await assertSignError(
      await get('/files/1001', { 'X-SignToken': 'nope', 'X-SignUser': 'demo' }),
      401,
      'error.unauthorized',
    );
    await assertSignError(
      await get('/files/1001', { 'X-SignToken': 'demo-sign-token', 'X-SignUser': 'ghost' }),
      401,
      'error.unauthorized',
    );
    await assertSignError(await get('/files/1001', { 'X-SignToken': 'demo-sign-token' }), 401, 'error.unauthorized');
  });

  it('accepts a Bearer token of the identity provider and refuses a forged one', async () => {
    const tokenRes = await fetch(`${sim.url}/auth/realms/sportello/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'sportello-demo',
        client_secret: 'demo-secret',
      }),
    });
    const { access_token } = await tokenRes.json();
    const ok = await get('/files/1001', { Authorization: `Bearer ${access_token}` });
    assert.equal(ok.status, 200);
    assert.equal((await ok.json()).idFile, 1001);
    await assertSignError(await get('/files/1001', { Authorization: 'Bearer not.a.jwt' }), 401, 'error.unauthorized');
  });

  it('GET /account returns the acting user profile', async () => {
    const res = await get('/account');
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.firstName, 'Daniela');
    assert.equal(body.lastName, 'Demo');
    assert.ok(body.authorities.includes('DOC_SUBMIT'));
  });

  it('serves the API only below /sign/api/v2, not below the bare /sign prefix', async () => {
    const res = await fetch(`${sim.url}/sign/files/1001`, { headers: KEY });
    await assertSignError(res, 404);
  });
});

describe('sign: GET /files/ (spec §4 list and page object)', () => {
  it('returns the page object, sorted by idFile desc by default', async () => {
    const res = await get('/files/');
    assert.equal(res.status, 200);
    const page = await res.json();
    for (const k of ['content', 'totalElements', 'totalPages', 'size', 'number', 'numberOfElements', 'first', 'last'])
      assert.ok(k in page, k);
    assert.equal(page.size, 100);
    assert.equal(page.number, 0);
    assert.equal(page.totalElements, 10);
    assert.equal(page.numberOfElements, 10);
    assert.equal(page.first, true);
    assert.equal(page.last, true);
    const ids = page.content.map((p: { idFile: number }) => p.idFile);
    assert.deepEqual(
      ids,
      [...ids].sort((a, b) => b - a),
    );
  });

  it('exists only as the spec spells it, with the slash; /files and /files/{idFile}/ are 404s', async () => {
    await assertSignError(await get('/files'), 404);
    await assertSignError(await get('/files/1001/'), 404);
  });

  it('filters by repeatable status, in both forms', async () => {
    const repeated = await (await get('/files/?status=F&status=R')).json();
    assert.deepEqual(repeated.content.map((p: { idFile: number }) => p.idFile).sort(), [1004, 1005]);
    const comma = await (await get('/files/?status=E,V')).json();
    assert.deepEqual(comma.content.map((p: { status: string }) => p.status).sort(), ['E', 'V']);
    const states = new Set((await (await get('/files/')).json()).content.map((p: { status: string }) => p.status));
    for (const s of ['L', 'F', 'R', 'E', 'V', 'U']) assert.ok(states.has(s), `seed has a practice in ${s}`);
  });

  it('pages 0-based with first/last/totalPages and sorts by a field', async () => {
    const p1 = await (await get('/files/?size=3&page=1&sort=name,asc')).json();
    assert.equal(p1.number, 1);
    assert.equal(p1.size, 3);
    assert.equal(p1.totalPages, 4);
    assert.equal(p1.numberOfElements, 3);
    assert.equal(p1.first, false);
    assert.equal(p1.last, false);
    const all = (await (await get('/files/?sort=name,asc')).json()).content.map((p: { name: string }) => p.name);
    assert.deepEqual(
      p1.content.map((p: { name: string }) => p.name),
      all.slice(3, 6),
    );
    const last = await (await get('/files/?size=3&page=3')).json();
    assert.equal(last.last, true);
    assert.equal(last.numberOfElements, 1);
  });

  it('filters by text, dates, signer, urgency, protocol, externalId and metadata', async () => {
    const ids = async (q: string) =>
      (await (await get(`/files/?${q}`)).json()).content.map((p: { idFile: number }) => p.idFile).sort();
    assert.deepEqual(await ids('query=northwind'), [1003]);
    assert.deepEqual(await ids('tsInsFrom=2026-02-10&tsInsTo=2026-02-10'), [1009]);
    assert.deepEqual(await ids('idSigner=10042&idSigner=10021'), [1002, 1004]);
    assert.deepEqual(await ids('urgent=true'), [1001]);
    assert.deepEqual(await ids('protocol=PROT-2026-0031'), [1004]);
    assert.deepEqual(await ids('externalId=CRM-7781'), [1001]);
    assert.deepEqual(await ids('metadataKey=area&metadataValue=vendite'), [1001]);
    assert.deepEqual(await ids('digitalSigned=true'), [1004]);
    assert.deepEqual(await ids('idFile=1005'), [1005]);
    assert.deepEqual(await ids('expirationDateMax=2026-03-01'), [1006]);
  });

  it('answers 400 in the error shape for a bad status, date, page or sort', async () => {
    await assertSignError(await get('/files/?status=X'), 400);
    await assertSignError(await get('/files/?tsInsFrom=10/02/2026'), 400);
    await assertSignError(await get('/files/?page=-1'), 400);
    await assertSignError(await get('/files/?sort=colour,asc'), 400);
  });
});

describe('sign: GET /files/{idFile} and documents (spec §2.8)', () => {
  it('returns the detail with signers, coordinates, documents and events', async () => {
    const res = await get('/files/1001');
    assert.equal(res.status, 200);
    const p = await res.json();
    for (const k of [
      'idFile',
      'name',
      'notes',
      'summary',
      'status',
      'numDocuments',
      'urgent',
      'privacy',
      'digitalSigned',
      'sealed',
      'expirationDate',
      'protocol',
      'tsIns',
      'tsUpd',
      'user',
      'signers',
      'documents',
      'events',
      'history',
      'placeholders',
      'metadata',
      'tags',
      'webhook',
      'destinationContacts',
      'canAdvance',
      'deletedData',
    ]) {
      assert.ok(k in p, k);
    }
    assert.equal(p.status, 'L');
    assert.equal(p.numDocuments, 3);
    assert.match(p.tsIns, ISO_OFFSET);
    assert.deepEqual(Object.keys(p.user).sort(), ['email', 'firstName', 'idUser', 'lastName']);
    assert.deepEqual(
      p.signers.map((s: { status: string }) => s.status),
      ['F', 'L'],
    );
    assert.deepEqual(
      p.documents.map((d: { order: number }) => d.order),
      [0, 1, 2],
    );
    assert.deepEqual(
      p.events.map((e: { action: string }) => e.action),
      ['I', 'E'],
    );
    for (const c of p.signers[0].signatureCoordinates) {
      assert.ok(c.anchorKeyword || (c.positionX >= 0 && c.positionX <= 1 && c.positionY >= 0 && c.positionY <= 1));
      assert.ok(c.width > 0 && c.width <= 1 && c.height > 0 && c.height <= 1);
    }
  });

  it('answers 404 in the error shape for a missing practice', async () => {
    const body = await assertSignError(await get('/files/999999'), 404);
    assert.match(body.details, /999999/);
  });

  it('logs the opening user in history when idUser is given', async () => {
    const p = await (await get('/files/1002?idUser=7&nextSteps=true&lockDocument=false')).json();
    assert.equal(p.history.at(-1).idUser, 7);
  });

  it('lists documents with pages and pagesSize that match the PDFs', async () => {
    const docs = await (await get('/files/1001/documents')).json();
    assert.equal(docs.length, 3);
    for (const k of [
      'idDocument',
      'idFile',
      'name',
      'pages',
      'mimeType',
      'documentOrder',
      'visible',
      'attachment',
      'readonly',
      'digitalSigned',
      'external',
      'externalUrl',
      'docExternalId',
      'blobExist',
      'tsIns',
      'pagesSize',
    ]) {
      assert.ok(k in docs[0], k);
    }
    for (const d of docs) {
      const pdf = await PDFDocument.load(await bytesOf(await get(`/documents/viewer/${d.idDocument}`)));
      assert.equal(pdf.getPageCount(), d.pages);
      assert.equal(d.pagesSize.length, d.pages);
      assert.ok(d.pages >= 2, 'multi-page documents');
      assert.ok(Math.abs(pdf.getPage(0).getWidth() - d.pagesSize[0].width) < 0.01);
      assert.ok(pdf.getForm().getFields().length > 0, `${d.name} has form fields`);
    }
  });

  it('places anchor keywords that really appear in the PDF text', async () => {
    const p = await (await get('/files/1001')).json();
    const anchored = p.signers.flatMap(
      (s: { signatureCoordinates: Array<{ anchorKeyword?: string; document: number; page: number }> }) =>
        s.signatureCoordinates.filter((c) => c.anchorKeyword),
    );
    const agreement = (await (await get('/files/1003')).json()).signers[1].signatureCoordinates[0];
    assert.ok(anchored.length > 0);
    for (const c of anchored) {
      const bytes = await bytesOf(await get(`/documents/viewer/${p.documents[c.document].idDocument}`));
      assert.ok((await pdfText(bytes, c.page)).includes(c.anchorKeyword), c.anchorKeyword);
    }
    assert.ok(
      (await pdfText(await bytesOf(await get('/documents/viewer/10031')), agreement.page)).includes(
        agreement.anchorKeyword,
      ),
    );
    assert.ok((await pdfText(await bytesOf(await get('/documents/viewer/10011')), 3)).includes('Firma del Cliente'));
  });

  it('seeds a broken (non-PDF) document and a 100-page one', async () => {
    const broken = await get('/documents/viewer/10091');
    assert.equal(broken.status, 200);
    const bytes = await bytesOf(broken);
    await assert.rejects(PDFDocument.load(bytes));
    assert.equal((await (await get('/files/1009/documents')).json())[0].pages, 0);
    const long = await (await get('/files/1010/documents')).json();
    assert.equal(long[0].pages, 100);
    const pdf = await PDFDocument.load(await bytesOf(await get(`/documents/viewer/${long[0].idDocument}`)));
    assert.equal(pdf.getPageCount(), 100);
  });
});

describe('sign: document bytes (viewer, download, Range)', () => {
  it('serves /documents/viewer inline with the spec headers', async () => {
    const res = await get('/documents/viewer/10011');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.match(res.headers.get('content-disposition') ?? '', /^inline; filename="contratto-fornitura\.pdf"/);
    assert.equal(res.headers.get('accept-ranges'), 'bytes');
    const bytes = await bytesOf(res);
    assert.equal(Number(res.headers.get('content-length')), bytes.length);
    assert.equal((await PDFDocument.load(bytes)).getPageCount(), 3);
  });

  it('honours Range requests with 206, Content-Range, suffix ranges and 416', async () => {
    const full = await bytesOf(await get('/documents/viewer/10011'));
    const part = await get('/documents/viewer/10011', { ...KEY, Range: 'bytes=100-199' });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-range'), `bytes 100-199/${full.length}`);
    assert.equal(part.headers.get('content-length'), '100');
    assert.deepEqual(await bytesOf(part), full.subarray(100, 200));
    const open = await get('/documents/viewer/10011', { ...KEY, Range: `bytes=${full.length - 10}-` });
    assert.equal(open.status, 206);
    assert.deepEqual(await bytesOf(open), full.subarray(full.length - 10));
    const suffix = await get('/documents/viewer/10011', { ...KEY, Range: 'bytes=-20' });
    assert.deepEqual(await bytesOf(suffix), full.subarray(full.length - 20));
    const beyond = await get('/documents/viewer/10011', { ...KEY, Range: `bytes=${full.length + 5}-` });
    assert.equal(beyond.status, 416);
    assert.equal(beyond.headers.get('content-range'), `bytes */${full.length}`);
  });

  it('GET /files/viewer gives the PDF for one document and a ZIP of all for several', async () => {
    const single = await get('/files/viewer/1002');
    assert.equal(single.headers.get('content-type'), 'application/pdf');
    assert.match(single.headers.get('content-disposition') ?? '', /^inline;/);
    const zipRes = await get('/files/viewer/1001');
    assert.equal(zipRes.headers.get('content-type'), 'application/zip');
    const zip = Buffer.from(await bytesOf(zipRes));
    const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
    assert.equal(zip.readUInt16LE(eocd + 10), 3, 'three entries');
    // First entry: stored, its bytes equal the first document.
    assert.equal(zip.readUInt32LE(0), 0x04034b50);
    const nameLen = zip.readUInt16LE(26);
    const size = zip.readUInt32LE(22);
    assert.equal(zip.subarray(30, 30 + nameLen).toString(), 'contratto-fornitura.pdf');
    const first = zip.subarray(30 + nameLen, 30 + nameLen + size);
    assert.deepEqual(new Uint8Array(first), await bytesOf(await get('/documents/viewer/10011')));
  });

  it('downloads a practice and a document as attachments, and 403s without DOC_DOWNLOAD', async () => {
    const file = await get('/files/download/1002');
    assert.equal(file.status, 200);
    assert.match(file.headers.get('content-disposition') ?? '', /^attachment; filename="modulo-adesione\.pdf"/);
    const doc = await get('/documents/download/10012');
    assert.match(doc.headers.get('content-disposition') ?? '', /^attachment; filename="informativa-privacy\.pdf"/);
    assert.equal((await PDFDocument.load(await bytesOf(doc))).getPageCount(), 2);
    const body = await assertSignError(await get('/files/download/1002', VIEWER), 403);
    assert.match(body.details, /download/);
    await assertSignError(await get('/documents/download/10012', VIEWER), 403);
    await assertSignError(await get('/documents/viewer/99999'), 404);
  });

  it('generates the audit-trail report from the events', async () => {
    const res = await get('/files/1005/report/download');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.match(res.headers.get('content-disposition') ?? '', /attachment; filename="report-pratica-1005\.pdf"/);
    const text = await pdfText(await bytesOf(res), 1);
    assert.match(text, /Pratica 1005/);
    assert.match(text, /Rifiutata da Paolo Neri/);
    assert.match(text, /\[D\]/);
  });

  it('GET /files/{idFile}/link returns the signing link as a JSON string', async () => {
    const res = await get('/files/1001/link');
    assert.equal(res.status, 200);
    assert.equal(await res.json(), `${sim.url}/sign/app/sign/link-1001-2`);
    await assertSignError(await get('/files/424242/link'), 404);
  });
});

describe('sign: uploads (spec §4, §2.8 upload response)', () => {
  it('POST /documents/upload (multipart) returns pages, pagesSize and acrofields', async () => {
    const pdf = await bytesOf(await get('/documents/viewer/10011'));
    const form = new FormData();
    form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'contratto.pdf');
    form.append('convert', 'false');
    const res = await fetch(`${api}/documents/upload`, { method: 'POST', headers: KEY, body: form });
    assert.equal(res.status, 200);
    const up = await res.json();
    for (const k of [
      'uuid',
      'filename',
      'originalFilename',
      'pages',
      'isP7m',
      'convertedPdfa',
      'rotated',
      'external',
      'readonly',
      'hasAcrofields',
      'pagesSize',
      'signatures',
      'acrofields',
    ]) {
      assert.ok(k in up, k);
    }
    assert.match(up.uuid, UUID);
    assert.equal(up.originalFilename, 'contratto.pdf');
    assert.equal(up.pages, 3);
    assert.equal(up.hasAcrofields, true);
    const firma = up.acrofields.find((a: { keyword: string }) => a.keyword === 'firma_cliente');
    assert.equal(firma.page, 3);
    for (const k of ['x', 'y', 'width', 'height']) assert.equal(typeof firma[k], 'number');
    assert.deepEqual(up.pagesSize[0], { page: 1, width: 595.28, height: 841.89 });

    // The processed name is usable as uploadedFilename.
    const sent = await postJson('/files/send', {
      name: 'From upload',
      documents: [{ uploadedFilename: up.filename }],
      signers: [{ email: 'a@b.test', firstName: 'A', lastName: 'B', action: 'S' }],
    });
    assert.equal(sent.status, 200);
  });

  it('POST /documents/upload/encoded returns the same shape; no acrofields key for a PDF without fields', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const b64 = Buffer.from(await doc.save()).toString('base64');
    const res = await postJson('/documents/upload/encoded', {
      filename: 'blank.pdf',
      base64content: b64,
      convert: false,
    });
    assert.equal(res.status, 200);
    const up = await res.json();
    assert.equal(up.pages, 1);
    assert.equal(up.hasAcrofields, false);
    assert.equal('acrofields' in up, false);
  });

  it('rejects a non-PDF, invalid Base64, a missing file and a user without DOC_SUBMIT', async () => {
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    form.append('convert', 'false');
    await assertSignError(
      await fetch(`${api}/documents/upload`, { method: 'POST', headers: KEY, body: form }),
      400,
      'error.file.invalidPdf',
    );
    await assertSignError(
      await postJson('/documents/upload/encoded', { filename: 'x.pdf', base64content: 'JVBE\nRi0x' }),
      400,
      'error.file.invalidBase64',
    );
    const empty = new FormData();
    empty.append('convert', 'true');
    await assertSignError(
      await fetch(`${api}/documents/upload`, { method: 'POST', headers: KEY, body: empty }),
      400,
      'error.file.missingData',
    );
    const again = new FormData();
    again.append('file', new Blob(['%PDF-1.7'], { type: 'application/pdf' }), 'x.pdf');
    await assertSignError(
      await fetch(`${api}/documents/upload`, { method: 'POST', headers: VIEWER, body: again }),
      403,
    );
  });
});

describe('sign: POST /files/send (spec §2.1-2.4, §3, §7)', () => {
  const signer = { email: 'anna.blu@example.test', firstName: 'Anna', lastName: 'Blu', action: 'E' };

  it('answers 400 error.file.missingData without documents', async () => {
    await assertSignError(
      await postJson('/files/send', { name: 'x', signers: [signer] }),
      400,
      'error.file.missingData',
    );
    await assertSignError(
      await postJson('/files/send', { name: 'x', documents: [], signers: [signer] }),
      400,
      'error.file.missingData',
    );
    await assertSignError(
      await postJson('/files/send', { name: 'x', documents: [{ filename: 'a.pdf' }], signers: [signer] }),
      400,
      'error.file.missingData',
    );
  });

  it('answers 400 for invalid Base64, a non-PDF and line breaks', async () => {
    await assertSignError(
      await postJson('/files/send', { name: 'x', documents: [{ base64content: '***' }], signers: [signer] }),
      400,
      'error.file.invalidBase64',
    );
    const notPdf = Buffer.from('just text, not a pdf').toString('base64');
    await assertSignError(
      await postJson('/files/send', {
        name: 'x',
        documents: [{ base64content: notPdf, filename: 'a.pdf' }],
        signers: [signer],
      }),
      400,
      'error.file.invalidPdf',
    );
    const b64 = await contractBase64();
    await assertSignError(
      await postJson('/files/send', {
        name: 'x',
        documents: [{ base64content: `${b64.slice(0, 76)}\n${b64.slice(76)}` }],
        signers: [signer],
      }),
      400,
      'error.file.invalidBase64',
    );
  });

  it('answers 403 naming the action for a user without DOC_SUBMIT', async () => {
    const body = await assertSignError(
      await postJson('/files/send', { name: 'x', documents: [], signers: [] }, VIEWER),
      403,
    );
    assert.match(body.details, /submit/);
    assert.match(body.details, /DOC_SUBMIT/);
  });

  it('validates signers, name and coordinates', async () => {
    const documents = [{ base64content: await contractBase64(), filename: 'c.pdf' }];
    await assertSignError(await postJson('/files/send', { name: 'x', documents }), 400);
    await assertSignError(await postJson('/files/send', { documents, signers: [signer] }), 400);
    await assertSignError(
      await postJson('/files/send', { name: 'x', documents, signers: [{ ...signer, action: 'Z' }] }),
      400,
    );
    await assertSignError(
      await postJson('/files/send', { name: 'x', documents, signers: [{ email: 'a@b.test', action: 'S' }] }),
      400,
    );
    const outside = { document: 0, page: 1, positionX: 1.2, positionY: 0.5 };
    await assertSignError(
      await postJson('/files/send', {
        name: 'x',
        documents,
        signers: [{ ...signer, signatureCoordinates: [outside] }],
      }),
      400,
    );
    const noPage = { document: 0, page: 9, positionX: 0.2, positionY: 0.5 };
    await assertSignError(
      await postJson('/files/send', { name: 'x', documents, signers: [{ ...signer, signatureCoordinates: [noPage] }] }),
      400,
    );
    await assertSignError(
      await postJson('/files/send', { name: 'x', documents, signers: [signer], privacy: 'Z' }),
      400,
    );
    await assertSignError(
      await postJson('/files/send', { name: 'x', documents, signers: [signer], expirationDate: '2030-01-01' }),
      400,
    );
  });

  it('creates a practice in L with event I, and the creation response of §2.8', async () => {
    const res = await postJson('/files/send', {
      name: 'Nuovo contratto',
      documents: [{ base64content: await contractBase64(), filename: 'nuovo.pdf' }],
      signers: [
        {
          ...signer,
          signatureCoordinates: [{ document: 0, page: 3, positionX: 0.1, positionY: 0.25, width: 0.37, height: 0.08 }],
          requirePassword: true,
        },
        {
          username: 'mrossi',
          action: 'P',
          signatureCoordinates: [{ document: 0, page: 3, anchorKeyword: 'Firma del Fornitore' }],
        },
      ],
      destinationContacts: [{ email: 'copia@example.test' }],
      expirationDateDays: 30,
      urgent: true,
    });
    assert.equal(res.status, 200);
    const created = await res.json();
    assert.equal(typeof created.idFile, 'number');
    assert.equal(created.canAutoAdvance, false);
    assert.equal(created.signers.length, 2);
    assert.match(created.signers[0].signingUrl, new RegExp(`^${sim.url}/sign/app/sign/`));
    assert.equal(created.signers[0].external, true);
    assert.equal(typeof created.signers[0].password, 'string', 'system-generated password returned');
    assert.equal(created.signers[1].external, false);
    assert.equal(created.signers[1].firstName, 'Mario');
    const detail = await (await get(`/files/${created.idFile}`)).json();
    assert.equal(detail.status, 'L');
    assert.equal(detail.urgent, true);
    assert.deepEqual(
      detail.events.map((e: { action: string }) => e.action),
      ['I'],
    );
    assert.match(detail.expirationDate, ISO_OFFSET);
    const listed = await (await get(`/files/?idFile=${created.idFile}`)).json();
    assert.equal(listed.totalElements, 1);
  });

  it('saves a draft without starting it', async () => {
    const res = await postJson('/files/send', {
      name: 'Bozza',
      draft: true,
      documents: [{ base64content: await contractBase64() }],
      signers: [signer],
    });
    const created = await res.json();
    assert.equal(created.signers[0].signingUrl, null);
    const detail = await (await get(`/files/${created.idFile}`)).json();
    assert.equal(detail.status, 'U');
    assert.equal(detail.draft, true);
    assert.deepEqual(detail.events, []);
  });
});
