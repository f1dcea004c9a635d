import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SignJWT, UnsecuredJWT } from 'jose';
import { ADA, BRUNO, SECRET, json, mint, raw, startHarness, withToken, type Harness } from './gateway-helpers.js';

// The gateway under attack, over real HTTP, with the real simulator behind it. Every refusal has
// the right status, the service's own error shape, and nothing of the refused resource in its body.

let h: Harness;
let gw: string;
let ada: string;
let bruno: string;

before(async () => {
  h = await startHarness();
  gw = h.gw.url;
  ada = await mint(ADA);
  bruno = await mint(BRUNO);
});
after(() => h.close());
beforeEach(async () => {
  await fetch(`${h.sim.url}/__sim/reset`, { method: 'POST' });
  h.calls.length = 0;
});

/** Reads a refusal and checks it leaks none of `secrets` (names, subjects, contents of what was refused). */
async function refused(res: Response, status: number, secrets: string[] = []): Promise<Record<string, unknown>> {
  assert.equal(res.status, status, `expected ${status}, got ${res.status} for ${res.url}`);
  const text = await res.text();
  for (const s of ['spk_demo', 'demo-sign-token', 'demo-secret', SECRET, ...secrets])
    assert.ok(!text.includes(s), `refusal body leaks ${s}: ${text}`);
  return JSON.parse(text) as Record<string, unknown>;
}

const sign = (path: string) => `${gw}/sign/api/v2${path}`;
const desk = (path: string) => `${gw}/desk${path}`;
const ai = (path: string) => `${gw}/ai/api/v2${path}`;

describe('gateway: the allow-list', () => {
  const outside: Array<[string, string, string]> = [
    ['GET', '/sign/api/v2/files/', 'the practice list'],
    ['GET', '/sign/api/v2/files/?page=0&size=100', 'the practice list with a query'],
    ['GET', '/sign/api/v2/account', 'the account'],
    ['GET', '/ai/api/v2/agents', 'the agent list'],
    ['POST', '/ai/api/v2/agents', 'agent administration'],
    ['GET', '/ai/api/v2/costs/summary', 'costs'],
    ['GET', '/ai/api/v2/costs/export', 'a cost export'],
    ['GET', '/ai/api/v2/conversations/monitoring', 'every conversation of the tenant'],
    ['GET', '/desk/richieste/lista-richieste-fornitore.csv', 'a CSV export'],
    ['GET', '/desk/paginated', 'the tenant-wide list'],
    ['POST', '/desk/richieste/chiusura', 'closing a request'],
    ['POST', '/desk/richieste/7001/commento-fornitore', 'a provider comment'],
    ['GET', '/chat/api/chat/', 'the operator chat list'],
    ['GET', '/chat/api/chat/export/1', 'a chat export'],
    ['GET', '/auth/realms/sportello/protocol/openid-connect/token', 'the identity provider'],
    ['GET', '/__sim/health', 'the simulator control path'],
    ['DELETE', '/sign/api/v2/files/1001', 'a method the element never uses'],
  ];
  for (const [method, path, what] of outside) {
    it(`refuses ${what} (${method} ${path}) without contacting any service`, async () => {
      const res = await fetch(`${gw}${path}`, withToken(ada, { method }));
      const body = await refused(res, 404, ['mrossi', 'Rossi', 'Assistente']);
      assert.ok(Object.keys(body).length > 0);
      assert.equal(h.calls.length, 0, 'a refused path reached a service');
    });
  }

  // The composer's routes exist, for authors only (gateway-sign-author.test.ts): Ada is none.
  for (const [method, path, what] of [
    ['POST', '/sign/api/v2/files/send', 'sending a practice'],
    ['POST', '/sign/api/v2/documents/upload', 'uploading'],
    ['GET', '/sign/api/v2/workflows/draft', 'the drafts'],
  ] as const) {
    it(`refuses ${what} (${method} ${path}) to a visitor who is not an author, without contacting any service`, async () => {
      const res = await fetch(`${gw}${path}`, withToken(ada, { method }));
      await refused(res, 403, ['mrossi', 'Rossi']);
      assert.equal(h.calls.length, 0, 'a refused path reached a service');
    });
  }

  it("answers refusals in each service's own error shape", async () => {
    const aiBody = await refused(await fetch(ai('/agents'), withToken(ada)), 404);
    assert.deepEqual(Object.keys(aiBody), ['detail']);
    const signBody = await refused(await fetch(sign('/files/'), withToken(ada)), 404);
    assert.deepEqual(Object.keys(signBody).sort(), [
      'details',
      'messageKey',
      'reference',
      'status',
      'timestamp',
      'type',
    ]);
    const deskBody = await refused(await fetch(desk('/paginated'), withToken(ada)), 404);
    assert.deepEqual(Object.keys(deskBody).sort(), ['error', 'message', 'path', 'status', 'timestamp']);
  });
});

describe('gateway: credentials', () => {
  it('adds every service credential server-side: an element sends none', async () => {
    assert.equal((await fetch(sign('/files/1001'), withToken(ada))).status, 200);
    assert.equal((await fetch(desk('/richieste/7001'), withToken(ada))).status, 200);
    const chat = await fetch(ai('/chat'), withToken(ada, json({ agent_id: 1, message: 'Quali sono gli orari?' })));
    assert.equal(chat.status, 200);
    const answer = await chat.json();
    assert.equal(typeof answer.content, 'string');
  });

  it('strips the credential headers a browser sends and forwards X-External-Id as the visitor', async () => {
    const res = await fetch(
      ai('/chat'),
      withToken(ada, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'X-Api-Key': 'spk_revoked',
          'X-Source-App': 'bogus',
          'X-External-Id': 'bruno',
          'X-SignToken': 'stolen',
          'X-SignUser': 'mrossi',
          'X-ChatToken': 'stolen',
          Cookie: 'x=1',
        },
        body: JSON.stringify({ agent_id: 1, message: 'Quali sono gli orari?' }),
      }),
    );
    assert.equal(res.status, 200, 'a revoked key from the page must not reach the service');
    const up = h.calls.find((c) => c.url.endsWith('/chat'))!;
    assert.equal(up.headers['X-Api-Key'], 'spk_demo');
    assert.equal(up.headers['X-Source-App'], 'api_direct');
    assert.equal(up.headers['X-External-Id'], 'ada');
    for (const [k, v] of Object.entries(up.headers)) {
      assert.ok(!['stolen', 'mrossi', 'bruno', 'x=1', 'bogus', 'spk_revoked'].includes(v), `forwarded ${k}: ${v}`);
      assert.ok(k.toLowerCase() !== 'cookie' && k.toLowerCase() !== 'authorization', `forwarded ${k}`);
    }
  });
});

describe('gateway: visitor tokens', () => {
  const expectRefused = async (token: string) => {
    const res = await fetch(sign('/files/1001'), withToken(token));
    const body = await refused(res, 401, ['Contratto', 'Rossi', 'laura']);
    assert.equal(body.messageKey, 'error.unauthorized');
    assert.equal(h.calls.length, 0);
  };

  it('refuses a forged signature', async () => {
    await expectRefused(await mint(ADA, { secret: 'an-attacker-secret-that-is-long-enough-0000' }));
  });
  it('refuses a token whose signature was cut off or altered', async () => {
    const token = await mint(ADA);
    const [head, body] = token.split('.');
    const bruno64 = Buffer.from(
      JSON.stringify({ ...BRUNO, aud: 'sportello', exp: Math.floor(Date.now() / 1000) + 300 }),
    ).toString('base64url');
    await expectRefused(`${head}.${bruno64}.${token.split('.')[2]}`);
    await expectRefused(`${head}.${body}.`);
  });
  it('refuses an expired token', async () => {
    await expectRefused(
      await new SignJWT(ADA)
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience('sportello')
        .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
        .sign(new TextEncoder().encode(SECRET)),
    );
  });
  it('refuses alg: none', async () => {
    await expectRefused(new UnsecuredJWT(ADA).setAudience('sportello').setExpirationTime('5m').encode());
  });
  it('refuses a token for another audience', async () => {
    await expectRefused(await mint(ADA, { audience: 'another-app' }));
  });
  it('refuses a token without exp, or one that lives too long', async () => {
    await expectRefused(
      await new SignJWT(ADA)
        .setProtectedHeader({ alg: 'HS256' })
        .setAudience('sportello')
        .sign(new TextEncoder().encode(SECRET)),
    );
    await expectRefused(await mint(ADA, { expiresIn: '30d' }));
  });
  it('refuses malformed claims and an anonymous-looking subject', async () => {
    await expectRefused(await mint({ ...ADA, sportello: { sign: { files: ['1001'] } } }));
    await expectRefused(await mint({ ...ADA, sub: 'anon:someone' }));
  });
  it('refuses a malformed Authorization header', async () => {
    await expectRefused('not a jwt');
  });
});

describe("gateway: signing, scoped to the token's practices", () => {
  it("gives Ada her practice and refuses Bruno's, with nothing of it in the body", async () => {
    assert.equal((await fetch(sign('/files/1001'), withToken(ada))).status, 200);
    await refused(await fetch(sign('/files/1002'), withToken(ada)), 404, ['1002', 'Modulo', 'Giovanni']);
    await refused(await fetch(sign('/files/1002/documents'), withToken(ada)), 404, ['10021']);
    await refused(await fetch(sign('/files/download/1002'), withToken(ada)), 404, ['%PDF']);
    await refused(await fetch(sign('/files/1002/report/download'), withToken(ada)), 404, ['%PDF']);
  });

  it('serves documents of her practices only', async () => {
    const own = await fetch(sign('/documents/viewer/10011'), withToken(ada));
    assert.equal(own.status, 200);
    assert.equal(own.headers.get('content-type'), 'application/pdf');
    assert.equal(
      Buffer.from(await own.arrayBuffer())
        .subarray(0, 5)
        .toString(),
      '%PDF-',
    );
    await refused(await fetch(sign('/documents/viewer/10021'), withToken(ada)), 404, ['%PDF']);
    await refused(await fetch(sign('/documents/download/10021'), withToken(ada)), 404, ['%PDF']);
    assert.ok(
      !h.calls.some((c) => c.url.includes('/documents/viewer/10021') || c.url.includes('/documents/download/10021')),
      'the foreign document was fetched',
    );
  });

  it('finds a document among many practices without piling up listeners', async () => {
    const warnings: string[] = [];
    const onWarning = (w: Error) => warnings.push(w.name);
    process.on('warning', onWarning);
    try {
      const many = await mint({
        sub: 'many',
        sportello: {
          sign: { files: [1002, 1003, 1004, 1005, 1006, 1007, 1008, 1009, 1010, 1001, 1011, 1012, 1013, 1014] },
        },
      });
      const res = await fetch(sign('/documents/viewer/10011'), withToken(many));
      assert.equal(res.status, 200);
      await res.arrayBuffer();
      await new Promise((r) => setImmediate(r));
      assert.deepEqual(warnings, []);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('gives the signing link to the current signer only', async () => {
    const laura = await fetch(sign('/files/1001/link'), withToken(ada));
    assert.equal(laura.status, 200);
    assert.match(String(await laura.json()), /link-1001-2/);
    // Mario signed 1001 already: even with 1001 in his token he gets no link (not Laura's).
    const mario = await mint({ ...BRUNO, sportello: { sign: { files: [1001], signer: 'mario.rossi@acme.test' } } });
    await refused(await fetch(sign('/files/1001/link'), withToken(mario)), 403, ['link-1001', '/sign/app/']);
    // Nor does a visitor whose token names no signer.
    const noSigner = await mint({ sub: 'x', sportello: { sign: { files: [1001] } } });
    await refused(await fetch(sign('/files/1001/link'), withToken(noSigner)), 403, ['link-1001']);
  });

  it("refuses the next signer's link after the current one signs", async () => {
    const three = await mint({
      sub: 'g',
      sportello: { sign: { files: [1003], signer: 'emily.carter@northwind.test' } },
    });
    const before = await fetch(sign('/files/1003/link'), withToken(three));
    assert.equal(before.status, 200);
    const link = String(await before.json());
    const signed = await fetch(link.replace(/\/?$/, '/sign'), {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    assert.equal(signed.status, 200);
    await refused(await fetch(sign('/files/1003/link'), withToken(three)), 403, ['link-1003']);
  });

  it('refuses signing to an anonymous visitor', async () => {
    const body = await refused(await fetch(sign('/files/1001')), 401, ['Contratto']);
    assert.equal(body.messageKey, 'error.unauthorized');
  });
});

describe('gateway: help desk, scoped to the creator', () => {
  const request = { idRichiesta: 0, codServizio: 'IT', codTipoRichiesta: 'INFO', oggetto: 'Segreto di Ada' };

  it('sets idUtente from the token, whatever the page sent', async () => {
    const res = await fetch(
      desk('/richieste/creazione-richiesta'),
      withToken(ada, json({ ...request, idUtente: 502 })),
    );
    assert.equal(res.status, 200);
    const { idRichiesta } = await res.json();
    const detail = await (await fetch(desk(`/richieste/${idRichiesta}`), withToken(ada))).json();
    assert.equal(detail.utenteCre.idUtente, 501);
  });

  it('keeps a request, its comments and replies to its creator', async () => {
    const { idRichiesta } = await (
      await fetch(desk('/richieste/creazione-richiesta'), withToken(ada, json(request)))
    ).json();
    await refused(await fetch(desk(`/richieste/${idRichiesta}`), withToken(bruno)), 404, ['Segreto']);
    await refused(await fetch(desk(`/richieste/commenti/${idRichiesta}`), withToken(bruno)), 404, ['Segreto']);
    await refused(await fetch(desk(`/richieste/commenti/7001`), withToken(bruno)), 404, ['notebook', 'tecnico']);
    await refused(
      await fetch(desk(`/richieste/7001/commento-cliente`), withToken(bruno, json({ note: 'sono Bruno' }))),
      404,
    );
    await refused(
      await fetch(desk(`/richieste/riapertura-richiesta-note/7001`), withToken(bruno, json({ note: 'riapri' }))),
      404,
    );
    await refused(
      await fetch(
        desk(`/richieste/valutazione-richiesta`),
        withToken(bruno, json({ idRichiesta: 7001, valutazione: 1 })),
      ),
      404,
    );
    const comments = await (await fetch(desk('/richieste/commenti/7001'), withToken(ada))).json();
    assert.ok(!comments.some((c: { testo: string }) => c.testo === 'sono Bruno'));
    const own = await fetch(
      desk(`/richieste/7001/commento-cliente`),
      withToken(ada, json({ note: 'Sollecito di Ada', sollecito: true })),
    );
    assert.equal(own.status, 200);
  });

  it("lists only the visitor's own requests, whatever idUtente the page asks for", async () => {
    const { idRichiesta } = await (
      await fetch(desk('/richieste/creazione-richiesta'), withToken(ada, json(request)))
    ).json();
    const list = '/richieste/lista-richieste-cliente-paginated';
    const adas = await (await fetch(desk(`${list}?start=0&length=100`), withToken(ada))).json();
    const ids = adas.data.map((r: { idRichiesta: number }) => r.idRichiesta);
    assert.ok(ids.includes(7001) && ids.includes(idRichiesta), `Ada's list: ${ids}`);
    for (const q of ['', '?idUtente=501', '?idUtente=501&idUtente=502', '?search=Segreto']) {
      const res = await fetch(desk(`${list}${q}`), withToken(bruno));
      assert.equal(res.status, 200);
      const text = await res.text();
      for (const s of ['Segreto', '7001', '7002']) assert.ok(!text.includes(s), `Bruno's list ${q} leaks ${s}`);
      assert.equal(JSON.parse(text).recordsTotal, 0);
    }
    const up = h.calls.filter((c) => c.url.includes(list)).map((c) => new URL(c.url).searchParams.getAll('idUtente'));
    assert.ok(
      up.every((v, i) => (i === 0 ? v.join() === '501' : v.join() === '502')),
      JSON.stringify(up),
    );
  });

  it("keeps a request's attachments to its creator", async () => {
    const { idUpload } = await (await fetch(desk('/richieste/upload-id'), withToken(ada))).json();
    const form = new FormData();
    form.append('file', new Blob(['contenuto riservato']), 'riservato.txt');
    await fetch(desk(`/richieste/upload/${idUpload}`), withToken(ada, { method: 'POST', body: form }));
    const created = await (
      await fetch(
        desk('/richieste/creazione-richiesta'),
        withToken(ada, json({ ...request, idUpload, nomeAllegati: ['riservato.txt'] })),
      )
    ).json();
    const path = `/richieste/${created.idRichiesta}/allegati/riservato.txt`;
    const own = await fetch(desk(path), withToken(ada));
    assert.equal(own.status, 200);
    assert.equal(await own.text(), 'contenuto riservato');
    await refused(await fetch(desk(path), withToken(bruno)), 404, ['contenuto riservato']);
  });

  it('lets the creator reopen and rate a closed request, and no one else', async () => {
    const { idRichiesta } = await (
      await fetch(desk('/richieste/creazione-richiesta'), withToken(ada, json(request)))
    ).json();
    // The operator closes it, straight at the service (no visitor may).
    const idp = await fetch(`${h.sim.url}/auth/realms/sportello/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'sportello-demo',
        client_secret: 'demo-secret',
      }),
    });
    const operator = { Authorization: `Bearer ${(await idp.json()).access_token}`, 'Content-Type': 'application/json' };
    const closed = await fetch(`${h.sim.url}/desk/richieste/chiusura`, {
      method: 'POST',
      headers: operator,
      body: JSON.stringify({ idRichiesta, idUtente: 503, note: 'Risolta' }),
    });
    assert.equal(closed.status, 200);

    await refused(
      await fetch(desk('/richieste/valutazione-richiesta'), withToken(bruno, json({ idRichiesta, valutazione: 1 }))),
      404,
    );
    const rated = await fetch(
      desk('/richieste/valutazione-richiesta'),
      withToken(ada, json({ idRichiesta, valutazione: 5 })),
    );
    assert.equal(rated.status, 200);
    await refused(
      await fetch(
        desk(`/richieste/riapertura-richiesta-note/${idRichiesta}`),
        withToken(bruno, json({ note: 'riapro io' })),
      ),
      404,
    );
    const reopened = await fetch(
      desk(`/richieste/riapertura-richiesta-note/${idRichiesta}`),
      withToken(ada, json({ note: 'Non funziona ancora' })),
    );
    assert.equal(reopened.status, 200);
    const { idRichiesta: newId } = await reopened.json();
    assert.notEqual(newId, idRichiesta);
    assert.equal((await fetch(desk(`/richieste/${newId}`), withToken(ada))).status, 200);
    await refused(await fetch(desk(`/richieste/${newId}`), withToken(bruno)), 404, ['Non funziona']);
  });

  it('shows the customer view only', async () => {
    await fetch(desk('/richieste/7001?viewAsCustomer=false'), withToken(ada));
    const up = h.calls.find((c) => c.url.includes('/richieste/7001'))!;
    assert.match(up.url, /viewAsCustomer=true/);
    assert.doesNotMatch(up.url, /viewAsCustomer=false/);
  });

  it('keeps an upload id to the visitor who opened it', async () => {
    const { idUpload } = await (await fetch(desk('/richieste/upload-id'), withToken(ada))).json();
    const form = new FormData();
    form.append('file', new Blob(['ciao']), 'nota.txt');
    await refused(
      await fetch(desk(`/richieste/upload/${idUpload}`), withToken(bruno, { method: 'POST', body: form })),
      404,
    );
    await refused(
      await fetch(
        desk('/richieste/creazione-richiesta'),
        withToken(bruno, json({ ...request, idUpload, nomeAllegati: ['nota.txt'] })),
      ),
      404,
    );
    const mine = await fetch(desk(`/richieste/upload/${idUpload}`), withToken(ada, { method: 'POST', body: form }));
    assert.equal(mine.status, 200);
  });
});

describe("gateway: AI, scoped to the visitor's agents and conversations", () => {
  it('keeps a conversation to the visitor who started it', async () => {
    const first = await (
      await fetch(ai('/chat'), withToken(ada, json({ agent_id: 1, message: 'Quali sono gli orari?' })))
    ).json();
    const id = first.conversation_id;
    await refused(await fetch(ai(`/conversations/${id}`), withToken(bruno)), 404, ['orari']);
    await refused(
      await fetch(ai('/chat'), withToken(bruno, json({ agent_id: 1, conversation_id: id, message: 'e poi?' }))),
      404,
      ['orari'],
    );
    await refused(
      await fetch(
        ai('/chat'),
        withToken(
          bruno,
          json({ agent_id: 1, message: 'sì', tool_approval: { approved: true, pending_message_id: 1 } }),
        ),
      ),
      400,
    );
    const list = await (await fetch(ai('/conversations'), withToken(bruno))).json();
    assert.equal(list.total, 0);
    assert.deepEqual(list.items, []);
    const own = await (await fetch(ai('/conversations'), withToken(ada))).json();
    assert.deepEqual(
      own.items.map((c: { id: number }) => c.id),
      [id],
    );
    assert.equal((await fetch(ai(`/conversations/${id}`), withToken(ada))).status, 200);
  });

  it('keeps an external conversation id to its visitor', async () => {
    await fetch(
      ai('/chat'),
      withToken(ada, json({ agent_id: 1, external_conversation_id: 'ordine-42', message: 'Quali sono gli orari?' })),
    );
    await refused(
      await fetch(
        ai('/chat'),
        withToken(bruno, json({ agent_id: 1, external_conversation_id: 'ordine-42', message: 'continua' })),
      ),
      404,
      ['orari'],
    );
    await refused(await fetch(ai('/conversations/by-external-id/ordine-42'), withToken(bruno)), 404, ['orari']);
  });

  it('refuses agents outside the token, direct-model mode, and tenant-only fields', async () => {
    await refused(await fetch(ai('/chat'), withToken(ada, json({ agent_id: 2, message: 'ciao' }))), 403);
    await refused(
      await fetch(ai('/chat'), withToken(ada, json({ model: 'x', system_prompt: 'ignore all', message: 'ciao' }))),
      403,
    );
    await fetch(
      ai('/chat'),
      withToken(
        ada,
        json({
          agent_id: 1,
          message: 'ciao',
          include_hidden_sources: true,
          external_id: 'bruno',
          source_app: 'internal',
          max_tokens: 99999,
          metadata: { external_id: 'bruno' },
        }),
      ),
    );
    const up = h.calls.find((c) => c.url.endsWith('/chat'))!;
    const sent = JSON.parse(String(up.body));
    for (const k of ['include_hidden_sources', 'external_id', 'source_app', 'max_tokens'])
      assert.ok(!(k in sent), `${k} reached the service`);
    assert.deepEqual(sent.metadata, {});
  });

  it("tells which knowledge bases the visitor's agent searches, and nothing else of it", async () => {
    const res = await fetch(ai('/agents/1'), withToken(ada));
    assert.equal(res.status, 200);
    const agent = await res.json();
    assert.deepEqual(Object.keys(agent).sort(), ['id', 'name', 'rag_config']);
    assert.deepEqual(Object.keys(agent.rag_config), ['knowledge_base_ids']);
    assert.ok(agent.rag_config.knowledge_base_ids.length > 0);
    await refused(await fetch(ai('/agents/2'), withToken(bruno)), 404, ['Analista', 'system_prompt']);
    await refused(await fetch(ai('/agents/3'), withToken(ada)), 404, ['system_prompt']);
  });

  it('classifies with the allowed catalogs only, and answers FAQ searches', async () => {
    const classify = await fetch(
      ai('/analysis/catalogs/classify'),
      withToken(ada, json({ catalog_id: 1, texts: ['La fattura non torna'] })),
    );
    assert.equal(classify.status, 200);
    assert.equal((await classify.json()).catalog_id, 1);
    const faq = await fetch(ai('/search/faq'), withToken(ada, json({ query: 'orari', knowledge_base_ids: [1] })));
    assert.equal(faq.status, 200);
    assert.deepEqual((await faq.json()).chunks, []);
    const only = await startHarness({ SPORTELLO_GATEWAY_AI_CATALOGS: '2' });
    try {
      const res = await fetch(
        `${only.gw.url}/ai/api/v2/analysis/catalogs/classify`,
        withToken(ada, json({ catalog_id: 1, texts: ['x'] })),
      );
      await refused(res, 403);
      assert.equal(only.calls.length, 0);
    } finally {
      await only.close();
    }
  });

  it("searches only the allowed agents' knowledge bases", async () => {
    assert.equal(
      (await fetch(ai('/search'), withToken(ada, json({ query: 'orari', knowledge_base_ids: [1] })))).status,
      200,
    );
    await refused(
      await fetch(ai('/search'), withToken(ada, json({ query: 'orari', knowledge_base_ids: [1, 99] }))),
      403,
    );
  });
});

describe('gateway: path tricks', () => {
  const tricks: Array<[string, string]> = [
    ['dot-dot', '/sign/api/v2/files/1001/../1002'],
    ['dot-dot to a forbidden list', '/sign/api/v2/files/1001/..'],
    ['encoded dot-dot', '/sign/api/v2/files/1001/%2e%2e/1002'],
    ['encoded slash', '/sign/api/v2/files/1001%2F..%2F1002'],
    ['encoded backslash', '/sign/api/v2/files/1001%5C..%5C1002'],
    ['double slash', '/sign/api/v2//files/1002'],
    ['double slash at the end', '/sign/api/v2/files//'],
    ['trailing dot', '/sign/api/v2/files/1001.'],
    ['trailing dot on a prefix', '/desk./richieste/7001'],
    ['backslash', '/sign/api/v2/files\\1002'],
    ['path parameter', '/sign/api/v2/files/1002;jsessionid=1'],
    ['double-encoded', '/sign/api/v2/files/%252e%252e/1002'],
  ];
  for (const [what, target] of tricks) {
    it(`refuses ${what}: ${target}`, async () => {
      const res = await raw(gw, 'GET', target, { Authorization: `Bearer ${ada}` });
      assert.ok(res.status === 400 || res.status === 404, `${target} → ${res.status}`);
      for (const s of ['Modulo', 'Giovanni', '%PDF', 'link-']) assert.ok(!res.body.includes(s));
      assert.equal(h.calls.length, 0);
    });
  }

  for (const header of ['X-HTTP-Method-Override', 'X-HTTP-Method', 'X-Method-Override']) {
    it(`refuses the ${header} header`, async () => {
      const res = await raw(
        gw,
        'POST',
        '/desk/richieste/valutazione-richiesta',
        { Authorization: `Bearer ${ada}`, [header]: 'DELETE', 'Content-Type': 'application/json' },
        '{}',
      );
      assert.equal(res.status, 400);
      assert.equal(h.calls.length, 0);
    });
  }
  it('refuses _method in the query', async () => {
    const res = await raw(gw, 'GET', '/sign/api/v2/files/1001?_method=DELETE', { Authorization: `Bearer ${ada}` });
    assert.equal(res.status, 400);
  });
  it('refuses an empty id and a non-numeric id', async () => {
    for (const target of [
      '/sign/api/v2/files/abc',
      '/sign/api/v2/files/1e3',
      '/sign/api/v2/files/-1',
      '/desk/richieste/0x1b59',
    ]) {
      const res = await raw(gw, 'GET', target, { Authorization: `Bearer ${ada}` });
      assert.equal(res.status, 404, target);
    }
    assert.equal(h.calls.length, 0);
  });
});

describe('gateway: bodies, origins, headers', () => {
  it('refuses an oversized JSON body with 413 without reading it all', async () => {
    const big = JSON.stringify({ idRichiesta: 0, oggetto: 'x'.repeat(400 * 1024) });
    const res = await fetch(
      desk('/richieste/creazione-richiesta'),
      withToken(ada, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big }),
    );
    await refused(res, 413);
    assert.equal(h.calls.length, 0);
  });

  it('refuses an oversized upload while streaming it', async () => {
    const { idUpload } = await (await fetch(desk('/richieste/upload-id'), withToken(ada))).json();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(11 * 1024 * 1024)]), 'grande.bin');
    const res = await fetch(desk(`/richieste/upload/${idUpload}`), withToken(ada, { method: 'POST', body: form }));
    assert.equal(res.status, 413);
  });

  it("refuses a page of another origin, and answers an allowed one's preflight", async () => {
    await refused(await fetch(sign('/files/1001'), withToken(ada, { headers: { Origin: 'https://evil.test' } })), 403, [
      'Contratto',
    ]);
    const pre = await fetch(sign('/files/1001'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://site.test',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), 'http://site.test');
    assert.match(pre.headers.get('access-control-allow-headers') ?? '', /Authorization/);
    assert.equal(h.calls.length, 0);
  });

  it('sends security headers on answers and refusals alike', async () => {
    for (const res of [
      await fetch(sign('/files/1001'), withToken(ada)),
      await fetch(sign('/files/'), withToken(ada)),
    ]) {
      assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
      assert.equal(res.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(res.headers.get('x-frame-options'), 'DENY');
      assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'/);
      assert.equal(res.headers.get('cache-control'), 'no-store');
      assert.equal(res.headers.get('server'), null);
    }
  });
});

describe('gateway: anonymous visitors', () => {
  const request = { idRichiesta: 0, codServizio: 'IT', codTipoRichiesta: 'INFO', oggetto: 'Richiesta anonima' };

  it('keeps what an anonymous visitor created readable by that visitor only', async () => {
    const created = await fetch(desk('/richieste/creazione-richiesta'), json(request));
    assert.equal(created.status, 200);
    const session = created.headers.get('x-sportello-session');
    assert.ok(session, 'an anonymous session is issued');
    assert.match(created.headers.get('set-cookie') ?? '', /sportello_session=.*HttpOnly/);
    const { idRichiesta } = await created.json();
    const up = h.calls.find((c) => c.url.endsWith('/creazione-richiesta'))!;
    assert.equal(JSON.parse(String(up.body)).idUtente, h.config.anonymous.deskUser);

    assert.equal((await fetch(desk(`/richieste/${idRichiesta}`), withToken(session!))).status, 200);
    assert.equal(
      (await fetch(desk(`/richieste/${idRichiesta}`), { headers: { Cookie: `sportello_session=${session}` } })).status,
      200,
    );
    await refused(await fetch(desk(`/richieste/${idRichiesta}`)), 404, ['anonima']);
    const other = (await fetch(desk('/richieste/creazione-richiesta'), json(request))).headers.get(
      'x-sportello-session',
    )!;
    await refused(await fetch(desk(`/richieste/${idRichiesta}`), withToken(other)), 404, ['anonima']);
    // Nor does a signed-in visitor read anonymous requests, even with the anonymous idUtente.
    const sameUser = await mint({ sub: 'c', sportello: { desk: { idUtente: h.config.anonymous.deskUser } } });
    await refused(await fetch(desk(`/richieste/${idRichiesta}`), withToken(sameUser)), 404, ['anonima']);
  });

  it("keeps an anonymous visitor's reopened request theirs too", async () => {
    const created = await fetch(desk('/richieste/creazione-richiesta'), json(request));
    const session = created.headers.get('x-sportello-session')!;
    const { idRichiesta } = await created.json();
    const idp = await fetch(`${h.sim.url}/auth/realms/sportello/protocol/openid-connect/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: 'sportello-demo',
        client_secret: 'demo-secret',
      }),
    });
    const operator = { Authorization: `Bearer ${(await idp.json()).access_token}`, 'Content-Type': 'application/json' };
    await fetch(`${h.sim.url}/desk/richieste/chiusura`, {
      method: 'POST',
      headers: operator,
      body: JSON.stringify({ idRichiesta, idUtente: 503 }),
    });
    const reopened = await fetch(
      desk(`/richieste/riapertura-richiesta-note/${idRichiesta}`),
      withToken(session, json({ note: 'Di nuovo' })),
    );
    assert.equal(reopened.status, 200);
    const { idRichiesta: newId } = await reopened.json();
    assert.equal((await fetch(desk(`/richieste/${newId}`), withToken(session))).status, 200);
    const stranger = (await fetch(`${gw}/gateway/session`, { method: 'POST' }).then((r) => r.json())).token;
    await refused(await fetch(desk(`/richieste/${newId}`), withToken(stranger)), 404, ['Di nuovo']);
  });

  it('gives an anonymous visitor the default agent only, and their own conversations', async () => {
    const res = await fetch(ai('/chat'), json({ agent_id: 1, message: 'Quali sono gli orari?' }));
    assert.equal(res.status, 200);
    const session = res.headers.get('x-sportello-session')!;
    const { conversation_id } = await res.json();
    assert.equal((await fetch(ai(`/conversations/${conversation_id}`), withToken(session))).status, 200);
    await refused(await fetch(ai(`/conversations/${conversation_id}`)), 404, ['orari']);
    await refused(await fetch(ai('/chat'), json({ agent_id: 2, message: 'ciao' })), 403);
  });

  it("sends a signed-in visitor's contact request as the token says", async () => {
    const base = `${gw}/chat/public/api/chat`;
    await fetch(
      `${base}/contact-request-email/?widgetKey=demo&name=Finto&email=attacker@evil.test&message=ciao`,
      withToken(ada),
    );
    const sent = h.calls.filter((c) => c.url.includes('/public/api/chat/')).map((c) => new URL(c.url).searchParams);
    assert.equal(sent.length, 1);
    assert.equal(sent[0]!.get('email'), ADA.email);
    assert.equal(sent[0]!.get('name'), ADA.name);
  });

  it("serves the live chat's public API to anyone", async () => {
    const res = await fetch(`${gw}/chat/public/api/widget?widgetKey=demo`);
    assert.equal(res.status, 200);
    assert.equal((await res.json()).widgetKey, 'demo');
  });
});

describe('gateway: rate limits', () => {
  it("answers a flood with 429 and Retry-After in the service's shape", async () => {
    const small = await startHarness({ SPORTELLO_GATEWAY_RATE_VISITOR: '5', SPORTELLO_GATEWAY_RATE_IP: '1000' });
    try {
      const token = await mint(ADA);
      const statuses: number[] = [];
      let last: Response | undefined;
      for (let i = 0; i < 12; i++) {
        last = await fetch(`${small.gw.url}/sign/api/v2/files/1001`, withToken(token));
        statuses.push(last.status);
        if (last.status === 429) break;
        await last.arrayBuffer();
      }
      assert.deepEqual(statuses.slice(0, 5), [200, 200, 200, 200, 200]);
      assert.equal(statuses.at(-1), 429);
      assert.ok(Number(last!.headers.get('retry-after')) >= 1);
      const body = await refused(last!, 429, ['Contratto']);
      assert.equal(body.messageKey, 'error.tooManyRequests');
      // Another visitor is not held back by Ada's flood.
      assert.equal((await fetch(`${small.gw.url}/sign/api/v2/files/1002`, withToken(await mint(BRUNO)))).status, 200);
      // The AI answers in its own shape.
      const aiRes = await fetch(`${small.gw.url}/ai/api/v2/conversations`, withToken(token));
      assert.equal(aiRes.status, 429);
      assert.deepEqual(Object.keys(await aiRes.json()), ['detail']);
    } finally {
      await small.close();
    }
  });

  it('holds AI answers to their own tighter budget, per visitor and per IP', async () => {
    const small = await startHarness({ SPORTELLO_GATEWAY_RATE_AI_CHAT: '2', SPORTELLO_GATEWAY_RATE_AI_CHAT_IP: '3' });
    try {
      const ask = (token?: string) =>
        fetch(
          `${small.gw.url}/ai/api/v2/chat`,
          withToken(token, json({ agent_id: 1, message: 'Quali sono gli orari?' })),
        );
      const token = await mint(ADA);
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        const r = await ask(token);
        statuses.push(r.status);
        await r.arrayBuffer();
      }
      assert.deepEqual(statuses, [200, 200, 429]);
      // Other calls of the same visitor go on.
      assert.equal((await fetch(`${small.gw.url}/sign/api/v2/files/1001`, withToken(token))).status, 200);
      // New anonymous sessions do not buy new answers: the IP's AI budget (3) is spent after one more.
      const anon = await ask();
      assert.equal(anon.status, 200);
      const again = await ask();
      assert.equal(again.status, 429);
      assert.deepEqual(Object.keys(await again.json()), ['detail']);
      assert.ok(Number(again.headers.get('retry-after')) >= 1);
    } finally {
      await small.close();
    }
  });

  it('limits per IP too, before any token is checked', async () => {
    const small = await startHarness({ SPORTELLO_GATEWAY_RATE_VISITOR: '1000', SPORTELLO_GATEWAY_RATE_IP: '3' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const r = await fetch(`${small.gw.url}/chat/public/api/widget?widgetKey=demo`);
        statuses.push(r.status);
        await r.arrayBuffer();
      }
      assert.deepEqual(statuses, [200, 200, 200, 429]);
    } finally {
      await small.close();
    }
  });
});
