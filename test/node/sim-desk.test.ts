import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { createAuthService } from '../../demo/server/auth/index.js';
import { createDeskService } from '../../demo/server/desk/index.js';

// The help desk against spec §2.1, §4.1 and §5, and the simulator's fixed error shape.

let sim: RunningSimulator;
/** How far a test has moved the simulator's clock ahead of real time (ms). */
let clockAhead = 0;
let desk: string;
let auth: Record<string, string>;

async function token(clientId = 'sportello-demo', secret = 'demo-secret'): Promise<string> {
  const res = await fetch(`${sim.url}/auth/realms/sportello/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }),
  });
  return (await res.json()).access_token;
}

const get = (path: string, headers = auth) => fetch(`${desk}${path}`, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${desk}${path}`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function assertDeskError(res: Response, status: number) {
  assert.equal(res.status, status);
  const body = await res.json();
  assert.deepEqual(Object.keys(body).sort(), ['error', 'fieldErrors', 'message', 'path', 'status', 'timestamp']);
  assert.equal(body.status, status);
  assert.equal(typeof body.message, 'string');
  assert.ok(Array.isArray(body.fieldErrors));
  return body as { fieldErrors: Array<{ field: string; message: string }>; message: string };
}
const fields = (body: { fieldErrors: Array<{ field: string }> }) => body.fieldErrors.map((f) => f.field).sort();

const minimal = { idUtente: 501, idRichiesta: 0, idServizio: 1, idTipoRichiesta: 101, oggetto: 'Orari del supporto' };
const guastoSections = [
  {
    idSezione: 1,
    attributi: [
      { idAttributo: 101, valore: 'NB-1234' },
      { idAttributo: 102, valore: '2026-02-20' },
      { idAttributo: 103, valore: 'PARZIALE' },
      { idAttributo: 104, valore: '3' },
      { idAttributo: 105, valore: true },
    ],
  },
];

before(async () => {
  sim = await startSimulator({
    port: 0,
    now: () => Date.now() + clockAhead,
    modules: async (ctx) => [await createAuthService(ctx), createDeskService(ctx)],
  });
  desk = `${sim.url}/desk`;
  auth = { Authorization: `Bearer ${await token()}` };
});
after(() => sim.close());
beforeEach(async () => {
  clockAhead = 0;
  await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
});

describe('desk: Bearer authentication (spec §5)', () => {
  it('answers 401 with a Bearer challenge when the token is missing or invalid', async () => {
    for (const headers of [{}, { Authorization: 'Bearer nope' }, { Authorization: 'Basic Zm9vOmJhcg==' }]) {
      const res = await get('/richieste/7001', headers as Record<string, string>);
      await assertDeskError(res, 401);
      assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/);
    }
    await assertDeskError(await post('/richieste/creazione-richiesta', minimal, { Authorization: '' }), 401);
  });

  it('answers 401 once the token has expired', async () => {
    const short = await token('sportello-short', 'short-secret');
    assert.equal((await get('/richieste/7001', { Authorization: `Bearer ${short}` })).status, 200);
    // The short client's tokens live 4 s (demo/server/auth/clients.ts): the simulator's clock moves on 5 s.
    clockAhead = 5_000;
    const body = await assertDeskError(await get('/richieste/7001', { Authorization: `Bearer ${short}` }), 401);
    assert.match(body.message, /expired/);
  });

  it('serves the catalogue without a token (simulator-only path)', async () => {
    const res = await fetch(`${desk}/__catalog.json`);
    assert.equal(res.status, 200);
    const c = await res.json();
    assert.ok(c.servizi.length >= 3);
    const it = c.servizi.find((s: { codice: string }) => s.codice === 'IT');
    assert.deepEqual(Object.keys(it).sort(), ['assets', 'codice', 'id', 'nome', 'tipiRichiesta']);
    assert.ok(
      it.assets.some((a: { figli: unknown[] }) => a.figli.length > 0),
      'parent/child assets',
    );
    assert.deepEqual(
      c.urgenze.map((u: { codice: string }) => u.codice),
      ['BASSA', 'MEDIA', 'ALTA', 'CRITICA'],
    );
    assert.ok(c.canali.includes('WEB'));
  });
});

describe('desk: POST /richieste/creazione-richiesta (spec §2.1)', () => {
  it('creates a request by ids and answers InfoCreazioneRichiesta', async () => {
    const res = await post('/richieste/creazione-richiesta', {
      ...minimal,
      descrizione: 'Quando siete aperti?',
      idUrgenza: 1,
      codiceCanale: 'TEL',
    });
    assert.equal(res.status, 200);
    const info = await res.json();
    assert.deepEqual(Object.keys(info).sort(), ['esitoInvioMail', 'idRichiesta', 'idTicket', 'protocolloTicket']);
    assert.equal(typeof info.idRichiesta, 'number');
    assert.equal(info.idTicket, null, 'IT/INFO opens no ticket');
    assert.equal(info.esitoInvioMail, true);
    const d = await (await get(`/richieste/${info.idRichiesta}`)).json();
    assert.equal(d.oggetto, 'Orari del supporto');
    assert.deepEqual(d.servizio, { id: 1, codice: 'IT', nome: 'Servizi informatici' });
    assert.equal(d.tipoRichiesta.codice, 'INFO');
    assert.equal(d.urgenza.codice, 'BASSA');
    assert.equal(d.statoAvanz, 'A');
    assert.equal(d.utenteCre.idUtente, 501);
  });

  it('accepts codes in place of ids, with the extra sections, and opens a ticket for IT/GUASTO', async () => {
    const res = await post('/richieste/creazione-richiesta', {
      idUtente: 501,
      idRichiesta: 0,
      codServizio: 'IT',
      codAssetRoot: 'PDL',
      codAssetFiglio: 'PDL-NB',
      codTipoRichiesta: 'GUASTO',
      codUrgenza: 'ALTA',
      oggetto: 'Schermo nero',
      listaSezioniRichiesta: guastoSections,
    });
    assert.equal(res.status, 200);
    const info = await res.json();
    assert.equal(typeof info.idTicket, 'number');
    assert.match(info.protocolloTicket, /^TCK-\d{4}-\d{6}$/);
    const d = await (await get(`/richieste/${info.idRichiesta}`)).json();
    assert.equal(d.assetPadre.codice, 'PDL');
    assert.equal(d.assetFiglio.codice, 'PDL-NB');
    assert.equal(d.priorita.codice, 'P2');
    assert.equal(d.sezioni[0].attributi.find((a: { codice: string }) => a.codice === 'IMPATTO').valore, 'PARZIALE');
    assert.equal(d.ticket[0].protocollo, info.protocolloTicket);
  });

  it('reports every missing required field at once', async () => {
    const body = await assertDeskError(await post('/richieste/creazione-richiesta', {}), 400);
    assert.deepEqual(fields(body), ['idRichiesta', 'idServizio', 'idTipoRichiesta', 'idUtente', 'oggetto']);
    const blank = await assertDeskError(
      await post('/richieste/creazione-richiesta', { ...minimal, oggetto: '   ' }),
      400,
    );
    assert.deepEqual(fields(blank), ['oggetto']);
  });

  it('checks that the triple is consistent', async () => {
    const wrongType = await assertDeskError(
      await post('/richieste/creazione-richiesta', { ...minimal, idServizio: 2, idTipoRichiesta: 100 }),
      400,
    );
    assert.deepEqual(fields(wrongType), ['idTipoRichiesta']);
    const foreignAsset = await assertDeskError(
      await post('/richieste/creazione-richiesta', { ...minimal, idAssetRoot: 40 }),
      400,
    );
    assert.deepEqual(fields(foreignAsset), ['idAssetRoot']);
    const orphanChild = await assertDeskError(
      await post('/richieste/creazione-richiesta', { ...minimal, idAssetRoot: 20, idAssetFiglio: 11 }),
      400,
    );
    assert.deepEqual(fields(orphanChild), ['idAssetFiglio']);
    const mismatch = await assertDeskError(
      await post('/richieste/creazione-richiesta', { ...minimal, codServizio: 'AMM' }),
      400,
    );
    assert.deepEqual(fields(mismatch), ['codServizio']);
    const unknownCode = await assertDeskError(
      await post('/richieste/creazione-richiesta', { ...minimal, idServizio: undefined, codServizio: 'NOPE' }),
      400,
    );
    assert.deepEqual(fields(unknownCode), ['codServizio']);
    const inferred = await post('/richieste/creazione-richiesta', { ...minimal, codAssetFiglio: 'RETE-VPN' });
    assert.equal(inferred.status, 200, 'a child asset alone implies its parent');
  });

  it('validates the extra attributes of the triple by type, option, bounds and pattern', async () => {
    const base = { ...minimal, idTipoRichiesta: 100 };
    const missing = await assertDeskError(await post('/richieste/creazione-richiesta', base), 400);
    assert.deepEqual(fields(missing), ['attributo.101', 'attributo.102', 'attributo.103']);
    const wrong = await assertDeskError(
      await post('/richieste/creazione-richiesta', {
        ...base,
        listaSezioniRichiesta: [
          {
            idSezione: 1,
            attributi: [
              { idAttributo: 101, valore: 'lower case' },
              { idAttributo: 102, valore: '20/02/2026' },
              { idAttributo: 103, valore: 'TERRIBILE' },
              { idAttributo: 104, valore: '9999' },
              { idAttributo: 105, valore: 'maybe' },
            ],
          },
        ],
      }),
      400,
    );
    assert.deepEqual(fields(wrong), [
      'attributo.101',
      'attributo.102',
      'attributo.103',
      'attributo.104',
      'attributo.105',
    ]);
    const refund = await assertDeskError(
      await post('/richieste/creazione-richiesta', {
        ...minimal,
        idServizio: 2,
        idTipoRichiesta: 103,
        listaSezioniRichiesta: [
          {
            codice: 'RIMBORSO',
            attributi: [
              { codice: 'IMPORTO', valore: 12.5 },
              { codice: 'DATA_SPESA', valore: '2026-02-01' },
              { codice: 'IBAN', valore: 'IT60X0542811101000000123456' },
              { codice: 'RICEVUTA', valore: false },
            ],
          },
        ],
      }),
      400,
    );
    assert.deepEqual(fields(refund), ['attributo.404'], 'a required checkbox must be ticked');
  });

  it('validates lengths, channel and dates', async () => {
    const body = await assertDeskError(
      await post('/richieste/creazione-richiesta', {
        ...minimal,
        oggetto: 'x'.repeat(201),
        descrizione: 'y'.repeat(4001),
        codiceCanale: 'FAX',
        dataSegnalazione: 'ieri',
        dataScadenza: '2026-13-45',
      }),
      400,
    );
    assert.deepEqual(fields(body), ['codiceCanale', 'dataScadenza', 'dataSegnalazione', 'descrizione', 'oggetto']);
  });

  it('uses a given idRichiesta once and answers 409 when it is taken', async () => {
    const first = await (await post('/richieste/creazione-richiesta', { ...minimal, idRichiesta: 8123 })).json();
    assert.equal(first.idRichiesta, 8123);
    const again = await assertDeskError(
      await post('/richieste/creazione-richiesta', { ...minimal, idRichiesta: 8123 }),
      409,
    );
    assert.deepEqual(fields(again), ['idRichiesta']);
  });

  it('honours Idempotency-Key: a retried submit creates one request only', async () => {
    const headers = { 'Idempotency-Key': 'form-submit-1' };
    const first = await post('/richieste/creazione-richiesta', minimal, headers);
    const retry = await post('/richieste/creazione-richiesta', minimal, headers);
    assert.equal(retry.status, 200);
    assert.equal(retry.headers.get('idempotent-replayed'), 'true');
    const a = await first.json();
    const b = await retry.json();
    assert.deepEqual(b, a);
    const next = await (await post('/richieste/creazione-richiesta', minimal)).json();
    assert.equal(next.idRichiesta, a.idRichiesta + 1, 'the retry consumed no id: no duplicate was stored');
    await assertDeskError(await post('/richieste/creazione-richiesta', { ...minimal, oggetto: 'altro' }, headers), 422);
  });

  it('does not keep a failed attempt under its key: the corrected submit goes through', async () => {
    const headers = { 'Idempotency-Key': 'form-submit-2' };
    await assertDeskError(await post('/richieste/creazione-richiesta', { ...minimal, oggetto: '' }, headers), 400);
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'status', status: 503, match: '/desk/richieste/creazione-richiesta' }),
    });
    const failed = await assertDeskError(await post('/richieste/creazione-richiesta', minimal, headers), 503);
    assert.match(failed.message, /503/);
    const ok = await post('/richieste/creazione-richiesta', minimal, headers);
    assert.equal(ok.status, 200);
    await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
  });
});

describe('desk: reading requests, triples and due dates (spec §4.1)', () => {
  it('GET /richieste/{idRichiesta} returns DettaglioRichiestaBean, or 404', async () => {
    const d = await (await get('/richieste/7001')).json();
    for (const k of [
      'idRichiesta',
      'oggetto',
      'descrizione',
      'note',
      'statoAvanz',
      'statoRichiesta',
      'statoAssegnazione',
      'servizio',
      'assetPadre',
      'tipoRichiesta',
      'urgenza',
      'priorita',
      'aziendaCliente',
      'dataRichiesta',
      'dataSegnalazione',
      'dataPcarico',
      'dataScadenza',
      'utenteCre',
      'utenteAssegnatario',
      'utentePCarico',
      'nrTicket',
      'nrTicketA',
      'minLavorazione',
      'allegati',
      'sezioni',
      'ticket',
      'sospensioni',
      'assegnazioni',
    ]) {
      assert.ok(k in d, k);
    }
    assert.deepEqual(Object.keys(d.utenteCre).sort(), ['cognome', 'idUtente', 'matricola', 'nome']);
    assert.match(d.descrizione, /<b>/);
    const stripped = await (await get('/richieste/7001?stripRichText=true&viewAsCustomer=true')).json();
    assert.doesNotMatch(stripped.descrizione, /</);
    const inProgress = await (await get('/richieste/7002')).json();
    assert.equal(inProgress.statoAvanz, 'P');
    assert.equal(inProgress.utenteAssegnatario.idUtente, 503);
    await assertDeskError(await get('/richieste/123456'), 404);
  });

  it('GET /richieste/info-terna describes SLA, workflow and notifications; 400 for a bad triple', async () => {
    const t = await (
      await get('/richieste/info-terna?idServizio=1&idAssetRoot=10&idAssetFiglio=11&idTipoRichiesta=100')
    ).json();
    assert.equal(t.servizio.codice, 'IT');
    assert.equal(t.assetFiglio.codice, 'PDL-NB');
    assert.equal(t.sla.minutiPresaInCarico, 240);
    assert.equal(t.ticketAutomatico, true);
    assert.equal(typeof t.workflow.nome, 'string');
    const byCode = await (await get('/richieste/info-terna?codServizio=AMM&codTipoRichiesta=RIMBORSO')).json();
    assert.equal(byCode.tipoRichiesta.id, 103);
    const bad = await assertDeskError(await get('/richieste/info-terna?idServizio=3&idTipoRichiesta=103'), 400);
    assert.deepEqual(fields(bad), ['idTipoRichiesta']);
    const none = await assertDeskError(await get('/richieste/info-terna'), 400);
    assert.deepEqual(fields(none), ['idServizio', 'idTipoRichiesta']);
  });

  it('GET /richieste/attributi-aggiuntivi lists sections with typed attributes, empty when none', async () => {
    const sections = await (
      await get('/richieste/attributi-aggiuntivi?codServizio=IT&codTipoRichiesta=ACCESSO')
    ).json();
    assert.equal(sections.length, 2);
    const attrs = sections.flatMap(
      (s: { attributi: Array<{ tipo: string; obbligatorio: boolean; opzioni?: unknown[] }> }) => s.attributi,
    );
    assert.ok(attrs.some((a: { tipo: string; opzioni?: unknown[] }) => a.tipo === 'SELECT' && a.opzioni!.length === 3));
    assert.ok(attrs.some((a: { obbligatorio: boolean }) => !a.obbligatorio));
    const all = new Set(
      [
        ...(await (await get('/richieste/attributi-aggiuntivi?idServizio=1&idTipoRichiesta=100')).json()),
        ...sections,
      ].flatMap((s: { attributi: Array<{ tipo: string }> }) => s.attributi.map((a) => a.tipo)),
    );
    assert.deepEqual([...all].sort(), ['CHECKBOX', 'DATE', 'NUMBER', 'SELECT', 'TEXT']);
    assert.deepEqual(await (await get('/richieste/attributi-aggiuntivi?idServizio=1&idTipoRichiesta=101')).json(), []);
  });

  it('GET /richieste/scadenza-priorita computes the due date by priority or urgency', async () => {
    const ref = '2026-03-02T09:00:00.000Z';
    const p = await (await get(`/richieste/scadenza-priorita?idPriorita=14&dataRiferimento=${ref}`)).json();
    assert.equal(p.priorita.codice, 'P1');
    assert.equal(p.dataScadenza, '2026-03-02T13:00:00.000Z');
    const u = await (await get(`/richieste/scadenza-priorita?codUrgenza=BASSA&dataRiferimento=${ref}`)).json();
    assert.equal(u.priorita.codice, 'P4');
    assert.equal(u.oreRisoluzione, 72);
    await assertDeskError(await get('/richieste/scadenza-priorita'), 400);
    await assertDeskError(await get('/richieste/scadenza-priorita?idPriorita=99'), 400);
  });
});

describe('desk: comments and attachments', () => {
  it('lists comments and adds a customer comment', async () => {
    const before = await (await get('/richieste/commenti/7001')).json();
    assert.equal(before.length, 2);
    assert.deepEqual(
      before.map((c: { tipo: string }) => c.tipo),
      ['FORNITORE', 'CLIENTE'],
    );
    assert.equal(before[0].autore.nome, 'Marco');
    const res = await post('/richieste/7001/commento-cliente', { note: 'Aggiornamenti?', sollecito: true });
    assert.equal(res.status, 200);
    const added = await res.json();
    assert.equal(added.idRichiesta, 7001);
    assert.equal(typeof added.idCommento, 'number');
    const after = await (await get('/richieste/commenti/7001')).json();
    assert.equal(after.at(-1).testo, 'Aggiornamenti?');
    assert.equal(after.at(-1).sollecito, true);
    await assertDeskError(await post('/richieste/7001/commento-cliente', { note: ' ' }), 400);
    await assertDeskError(await post('/richieste/424242/commento-cliente', { note: 'x' }), 404);
    await assertDeskError(await get('/richieste/commenti/424242'), 404);
  });

  it('uploads through the upload-id pair and links the files by nomeAllegati', async () => {
    const { idUpload } = await (await get('/richieste/upload-id')).json();
    assert.match(idUpload, /^[0-9a-f-]{36}$/);
    const form = new FormData();
    form.append('file', new Blob(['screenshot bytes'], { type: 'image/png' }), 'schermata.png');
    const up = await fetch(`${desk}/richieste/upload/${idUpload}`, { method: 'POST', headers: auth, body: form });
    assert.equal(up.status, 200);
    assert.deepEqual(await up.json(), {
      idUpload,
      nomeFile: 'schermata.png',
      dimensione: 16,
      contentType: 'image/png',
    });
    const created = await (
      await post('/richieste/creazione-richiesta', { ...minimal, idUpload, nomeAllegati: ['schermata.png'] })
    ).json();
    const d = await (await get(`/richieste/${created.idRichiesta}`)).json();
    assert.equal(d.allegati[0].nomeFile, 'schermata.png');
    const bad = await assertDeskError(
      await post('/richieste/creazione-richiesta', { ...minimal, idUpload, nomeAllegati: ['altro.pdf'] }),
      400,
    );
    assert.deepEqual(fields(bad), ['nomeAllegati']);
    await assertDeskError(
      await fetch(`${desk}/richieste/upload/not-an-upload`, { method: 'POST', headers: auth, body: form }),
      404,
    );
    const empty = new FormData();
    empty.append('note', 'no file');
    await assertDeskError(
      await fetch(`${desk}/richieste/upload/${idUpload}`, { method: 'POST', headers: auth, body: empty }),
      400,
    );
  });
});

describe('desk: following a request to the end (spec §3, §4.1; README assumptions)', () => {
  it("lists the customer's own requests with paging, search and order (DatatableOutput)", async () => {
    const page1 = await (
      await get('/richieste/lista-richieste-cliente-paginated?idUtente=501&start=0&length=2')
    ).json();
    assert.deepEqual(Object.keys(page1).sort(), ['data', 'message', 'recordsFiltered', 'recordsTotal']);
    assert.equal(page1.recordsTotal, 3);
    assert.deepEqual(
      page1.data.map((d: { idRichiesta: number }) => d.idRichiesta),
      [7001, 7002],
    );
    assert.equal(page1.data[0].protocolloTicket, 'TCK-2026-009001');
    assert.equal(page1.data[0].statoAvanz, 'A');
    const page2 = await (
      await get('/richieste/lista-richieste-cliente-paginated?idUtente=501&start=2&length=2')
    ).json();
    assert.deepEqual(
      page2.data.map((d: { idRichiesta: number; statoAvanz: string }) => [d.idRichiesta, d.statoAvanz]),
      [[7003, 'C']],
    );
    const found = await (await get('/richieste/lista-richieste-cliente-paginated?idUtente=501&search=vpn')).json();
    assert.equal(found.recordsFiltered, 1);
    assert.equal(found.data[0].idRichiesta, 7003);
    const other = await (await get('/richieste/lista-richieste-cliente-paginated?idUtente=777')).json();
    assert.equal(other.recordsTotal, 0);
    await assertDeskError(await get('/richieste/lista-richieste-cliente-paginated?length=1000'), 400);
    await assertDeskError(await get('/richieste/lista-richieste-cliente-paginated?ordina=nope'), 400);
  });

  it('takes in charge and closes a request; a provider reply carries a downloadable file', async () => {
    assert.equal((await post('/richieste/presa-in-carico', { idRichiesta: 7001, idUtente: 502 })).status, 200);
    assert.equal((await (await get('/richieste/7001')).json()).statoAvanz, 'P');
    const { idUpload } = await (await get('/richieste/upload-id')).json();
    const form = new FormData();
    form.append('file', new Blob(['rapporto'], { type: 'text/plain' }), 'rapporto.txt');
    await fetch(`${desk}/richieste/upload/${idUpload}`, { method: 'POST', headers: auth, body: form });
    assert.equal(
      (
        await post('/richieste/7001/commento-fornitore', {
          note: 'Ecco il rapporto',
          idUpload,
          nomeAllegati: ['rapporto.txt'],
        })
      ).status,
      200,
    );
    const file = await get('/richieste/7001/allegati/rapporto.txt');
    assert.equal(file.status, 200);
    assert.equal(await file.text(), 'rapporto');
    assert.match(file.headers.get('content-disposition') ?? '', /attachment/);
    await assertDeskError(await get('/richieste/7001/allegati/nessuno.txt'), 404);
    assert.equal((await get('/richieste/7001/allegati/foto-led.jpg')).headers.get('content-type'), 'image/jpeg');
    assert.equal(
      (await post('/richieste/chiusura', { idRichiesta: 7001, idUtente: 502, note: 'Risolto' })).status,
      200,
    );
    const closed = await (await get('/richieste/7001')).json();
    assert.equal(closed.statoAvanz, 'C');
    assert.equal(typeof closed.dataChiusura, 'string');
    await assertDeskError(await post('/richieste/chiusura', { idRichiesta: 7001, idUtente: 502 }), 409);
  });

  it('rates a closed request once, and refuses an open one or a bad score', async () => {
    await assertDeskError(await post('/richieste/valutazione-richiesta', { idRichiesta: 7001, valutazione: 5 }), 409);
    await assertDeskError(await post('/richieste/valutazione-richiesta', { idRichiesta: 7003, valutazione: 6 }), 400);
    assert.equal(
      (await post('/richieste/valutazione-richiesta', { idRichiesta: 7003, valutazione: 4, note: 'Veloci' })).status,
      200,
    );
    assert.equal((await (await get('/richieste/7003')).json()).valutazione.valutazione, 4);
    await assertDeskError(await post('/richieste/valutazione-richiesta', { idRichiesta: 7003, valutazione: 3 }), 409);
  });

  it('reopens a closed request with a note as a new linked request, once', async () => {
    await assertDeskError(await post('/richieste/riapertura-richiesta-note/7001', { note: 'ancora' }), 409);
    await assertDeskError(await post('/richieste/riapertura-richiesta-note/7003', {}), 400);
    const res = await post('/richieste/riapertura-richiesta-note/7003', { note: 'La VPN non funziona di nuovo' });
    assert.equal(res.status, 200);
    const { idRichiesta, idRichiestaOriginale } = await res.json();
    assert.equal(idRichiestaOriginale, 7003);
    const reopened = await (await get(`/richieste/${idRichiesta}`)).json();
    assert.equal(reopened.statoAvanz, 'A');
    assert.equal(reopened.idRichiestaOriginale, 7003);
    assert.equal((await (await get('/richieste/7003')).json()).idRichiestaRiapertura, idRichiesta);
    await assertDeskError(await post('/richieste/riapertura-richiesta-note/7003', { note: 'di nuovo' }), 409);
  });
});
