import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PDFDocument } from 'pdf-lib';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { createAuthService } from '../../demo/server/auth/index.js';
import { createSignService } from '../../demo/server/sign/index.js';

// The signing service's authoring side (spec §2.1, §2.6, §2.9, §4 `/workflows/*`), over real HTTP:
// process types applied to a new practice, drafts, in-person hosts, and one practice per key.

const as = (user: string) => ({ 'X-SignToken': 'demo-sign-token', 'X-SignUser': user });
const KEY = as('demo');

let sim: RunningSimulator;
let api: string;

const get = (path: string, headers: Record<string, string> = KEY) => fetch(`${api}${path}`, { headers });
const send = (method: string, path: string, body: unknown, headers: Record<string, string> = KEY) =>
  fetch(`${api}${path}`, {
    method,
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const post = (path: string, body: unknown, headers: Record<string, string> = KEY) => send('POST', path, body, headers);

async function refused(res: Response, status: number, messageKey: string): Promise<string> {
  assert.equal(res.status, status, `expected ${status}, got ${res.status}`);
  const body = (await res.json()) as { messageKey: string; details: string };
  assert.equal(body.messageKey, messageKey, body.details);
  return body.details;
}

/** A one-page PDF, uploaded: its `uploadedFilename`. */
async function upload(title = 'Allegato'): Promise<string> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(title, { x: 60, y: 760, size: 14 });
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(await doc.save())], { type: 'application/pdf' }), `${title}.pdf`);
  const res = await fetch(`${api}/documents/upload`, { method: 'POST', headers: KEY, body: form });
  assert.equal(res.status, 200);
  return ((await res.json()) as { filename: string }).filename;
}

const customer = { firstName: 'Giulia', lastName: 'Neri', email: 'giulia.neri@example.test', phone: '3331234567' };

before(async () => {
  sim = await startSimulator({
    port: 0,
    modules: async (ctx) => [await createAuthService(ctx), await createSignService(ctx)],
  });
  api = `${sim.url}/sign/api/v2`;
});
after(() => sim.close());
beforeEach(async () => {
  await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
  await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
});

describe('sign: process types (spec §2.9, §4 /workflows/types*)', () => {
  it('lists every type as a page object, searchable by name', async () => {
    const page = await (await get('/workflows/types?size=2&page=0')).json();
    assert.equal(page.totalElements, 6);
    assert.equal(page.size, 2);
    assert.equal(page.content.length, 2);
    assert.equal(page.first, true);
    const found = await (await get('/workflows/types?query=polizza')).json();
    assert.deepEqual(
      found.content.map((t: { code: string }) => t.code),
      ['POLIZZA-AUTO'],
    );
  });

  it('offers for submission only published, unexpired types not limited to others', async () => {
    const codes = async (user: string) =>
      ((await (await get('/workflows/types/submit', as(user))).json()) as Array<{ code: string }>).map((t) => t.code);
    const demo = await codes('demo');
    assert.deepEqual(demo.sort(), ['ASSUNZIONE', 'MODULO-LIBERO', 'POLIZZA-AUTO']);
    assert.ok((await codes('viewer')).includes('RIMBORSO-SPESE'), 'a type limited to viewer is theirs to submit');
  });

  it('gives a type in full, its template documents readable as PDFs, a turned page kept turned', async () => {
    const type = await (await get('/workflows/types/302')).json();
    assert.equal(type.code, 'ASSUNZIONE');
    assert.equal(type.editSigners, false);
    assert.equal(type.workflowTypesTemplates[0].username, 'hr.manager');
    const [doc] = type.documents;
    assert.equal(doc.pages, 2);
    const pdf = await get(`/documents/viewer/${doc.idDocument}`);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const loaded = await PDFDocument.load(new Uint8Array(await pdf.arrayBuffer()));
    assert.equal(loaded.getPage(1).getRotation().angle, 90);
    assert.equal((await get('/workflows/types/999')).status, 404);
  });

  it('clones a type under a new name and code; a code in use is refused', async () => {
    const clone = await (
      await post('/workflows/types/301/clone', { name: 'Polizza moto', code: 'POLIZZA-MOTO' })
    ).json();
    assert.equal(clone.code, 'POLIZZA-MOTO');
    assert.equal(clone.workflowTypesTemplates.length, 2);
    assert.notEqual(clone.documents[0].idDocument, 903011);
    await refused(
      await post('/workflows/types/301/clone', { name: 'Doppia', code: 'ASSUNZIONE' }),
      400,
      'error.workflowType.codeExists',
    );
  });
});

describe('sign: a practice from a process type (spec §2.1)', () => {
  it('fills the type’s signer slots in order when signers are editable, keeps blocked placeholders, names it after the type', async () => {
    const extra = await upload('Documento identita');
    const created = await (
      await post('/files/send', {
        idWorkflowType: 301,
        documents: [{ uploadedFilename: extra, filename: 'identita.pdf' }],
        signers: [
          {
            ...customer,
            action: 'T',
            placeholders: [
              { document: 1, page: 1, positionX: 0.1, positionY: 0.1, width: 0.3, height: 0.05, type: 'T' },
            ],
          },
        ],
        placeholders: [],
      })
    ).json();
    const p = await (await get(`/files/${created.idFile}`)).json();
    assert.equal(p.name, 'Polizza auto');
    assert.deepEqual(
      p.documents.map((d: { filename: string }) => d.filename),
      ['proposta-polizza-auto.pdf', 'identita.pdf'],
    );
    assert.equal(p.signers[0].email, customer.email);
    assert.equal(p.signers[0].signatureCoordinates.length, 1, 'the slot’s signature area stays');
    assert.deepEqual(
      p.signers[0].placeholders.map((x: { type: string }) => x.type),
      ['F', 'E', 'X', 'T'],
      'blocked placeholders stay, the body’s are added',
    );
    assert.equal(p.signers[1].username, 'agente.conti');
    assert.deepEqual(
      p.placeholders.map((x: { code: string }) => x.code),
      ['targa', 'frazionamento'],
      'blocked practice placeholders stay even when the body sends none',
    );
  });

  it('keeps fixed signers first and adds the body’s after them; editable placeholders are the body’s', async () => {
    const created = await (
      await post('/files/send', {
        workflowTypeCode: 'ASSUNZIONE',
        name: 'Assunzione Giulia Neri',
        signers: [{ ...customer, action: 'S' }],
        placeholders: [{ document: 0, page: 1, positionX: 0.2, positionY: 0.2, width: 0.2, height: 0.04, type: 'D' }],
      })
    ).json();
    const p = await (await get(`/files/${created.idFile}`)).json();
    assert.equal(p.name, 'Assunzione Giulia Neri');
    assert.deepEqual(
      p.signers.map((s: { email: string }) => s.email),
      ['elena.marchi@acme.test', customer.email],
    );
    assert.deepEqual(
      p.placeholders.map((x: { type: string }) => x.type),
      ['D'],
    );
  });

  it('refuses an unknown type (400), an unpublished or limited one (403), and a slot left empty', async () => {
    await refused(
      await post('/files/send', { workflowTypeCode: 'NOPE', signers: [] }),
      400,
      'error.workflowType.notFound',
    );
    await refused(
      await post('/files/send', { idWorkflowType: 304, documents: [], signers: [] }),
      403,
      'error.workflowType.notAllowed',
    );
    await refused(
      await post('/files/send', { idWorkflowType: 305, signers: [{ ...customer, action: 'S' }] }),
      403,
      'error.workflowType.notAllowed',
    );
    // idWorkflowType wins over workflowTypeCode.
    await refused(
      await post('/files/send', { idWorkflowType: 304, workflowTypeCode: 'POLIZZA-AUTO', signers: [] }),
      403,
      'error.workflowType.notAllowed',
    );
    const details = await refused(
      await post('/files/send', { idWorkflowType: 301, signers: [] }),
      400,
      'error.validation',
    );
    assert.match(details, /^signers\[0\]/);
  });
});

describe('sign: in-person signing and OTP (spec §2.3, §2.6)', () => {
  const body = (signer: Record<string, unknown>) => ({
    name: 'In presenza',
    idWorkflowType: 303,
    documents: [{ uploadedFilename: '' }],
    signers: [{ ...customer, action: 'S', ...signer }],
  });

  it('accepts an active host of the tenant allowed to sign; the signing page names the host', async () => {
    const b = body({ hostUsername: 'agente.conti', sendNotifications: false });
    (b.documents[0] as { uploadedFilename: string }).uploadedFilename = await upload();
    const created = await (await post('/files/send', b)).json();
    assert.equal(created.signers[0].hostUsername, 'agente.conti');
    const page = await fetch(`${created.signers[0].signingUrl}?lang=en`);
    assert.match(await page.text(), /Signing in person, on the device of Carla Conti/);
  });

  it('refuses a host who is disabled, of another tenant, unknown or not allowed to sign', async () => {
    const uploaded = await upload();
    for (const [host, key] of [
      ['former', 'error.signer.hostInactive'],
      ['partner', 'error.signer.hostNotFound'],
      ['ghost', 'error.signer.hostNotFound'],
      ['viewer', 'error.signer.hostNotAllowed'],
    ] as const) {
      const b = body({ hostUsername: host });
      (b.documents[0] as { uploadedFilename: string }).uploadedFilename = uploaded;
      const details = await refused(await post('/files/send', b), 400, key);
      assert.match(details, /^signers\[0\]\.hostUsername/);
    }
  });

  it('needs a phone for a signature with OTP', async () => {
    const b = body({ action: 'T', phone: undefined });
    (b.documents[0] as { uploadedFilename: string }).uploadedFilename = await upload();
    const details = await refused(await post('/files/send', b), 400, 'error.signer.phoneRequired');
    assert.match(details, /^signers\[0\]\.phone/);
  });
});

describe('sign: drafts (spec §4 /workflows/draft*)', () => {
  it('keeps, lists, updates and deletes a user’s drafts; another user’s read as missing', async () => {
    const uploaded = await upload();
    const draft = await (
      await post(
        '/workflows/draft/insert',
        { name: 'Bozza', documents: [{ uploadedFilename: uploaded }], signers: [] },
        as('agente.conti'),
      )
    ).json();
    assert.equal(draft.name, 'Bozza');
    assert.deepEqual(draft.body.documents, [{ uploadedFilename: uploaded }]);
    const listed = await (await get('/workflows/draft', as('agente.conti'))).json();
    assert.deepEqual(
      listed.map((d: { idDraft: number }) => d.idDraft),
      [draft.idDraft],
    );
    assert.deepEqual(await (await get('/workflows/draft', as('agente.ferri'))).json(), []);
    await refused(
      await send('PUT', '/workflows/draft/update', { idDraft: draft.idDraft, name: 'Rubata' }, as('agente.ferri')),
      404,
      'error.draft.notFound',
    );
    const updated = await (
      await send(
        'PUT',
        '/workflows/draft/update',
        { idDraft: draft.idDraft, name: 'Bozza 2', idWorkflowType: 301 },
        as('agente.conti'),
      )
    ).json();
    assert.equal(updated.name, 'Bozza 2');
    assert.equal(updated.workflowTypeCode, 'POLIZZA-AUTO');
    const del = (user: string) =>
      fetch(`${api}/workflows/draft/delete/${draft.idDraft}`, { method: 'DELETE', headers: as(user) });
    await refused(await del('agente.ferri'), 404, 'error.draft.notFound');
    assert.equal((await del('agente.conti')).status, 204);
    assert.deepEqual(await (await get('/workflows/draft', as('agente.conti'))).json(), []);
  });

  it('refuses a draft naming a file never uploaded, or a type the user may not submit', async () => {
    await refused(
      await post('/workflows/draft/insert', { documents: [{ uploadedFilename: 'nope.pdf' }] }),
      400,
      'error.file.missingData',
    );
    await refused(await post('/workflows/draft/insert', { idWorkflowType: 304 }), 403, 'error.workflowType.notAllowed');
  });
});

describe('sign: one practice per Idempotency-Key', () => {
  const practice = async () => ({
    name: 'Una sola',
    documents: [{ uploadedFilename: await upload() }],
    signers: [{ ...customer, action: 'S' }],
  });
  const sendKeyed = (body: unknown, key: string) =>
    fetch(`${api}/files/send`, {
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'application/json', 'Idempotency-Key': key },
      body: JSON.stringify(body),
    });
  const count = async () => (await (await get('/files/?query=Una%20sola')).json()).totalElements as number;

  it('replays the first answer to a repeat, also to one sent while the first is handled', async () => {
    const body = await practice();
    const [a, b] = await Promise.all([sendKeyed(body, 'k-1'), sendKeyed(body, 'k-1')]);
    const [x, y] = [await a.json(), await b.json()];
    assert.equal(x.idFile, y.idFile);
    assert.equal([a, b].filter((r) => r.headers.get('idempotent-replayed') === 'true').length, 1);
    const again = await sendKeyed(body, 'k-1');
    assert.equal((await again.json()).idFile, x.idFile);
    assert.equal(await count(), 1);
    await refused(await sendKeyed({ ...body, name: 'Altra' }, 'k-1'), 422, 'error.idempotencyKey.reused');
  });

  it('survives a lost answer: the write applied once, the retry told its id', async () => {
    const body = await practice();
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'lose-answer', match: '/sign/api/v2/files/send' }),
    });
    await assert.rejects(sendKeyed(body, 'k-2'), 'the first answer never arrives');
    const retry = await sendKeyed(body, 'k-2');
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    assert.ok((await retry.json()).idFile > 2000);
    assert.equal(await count(), 1);
  });
});
