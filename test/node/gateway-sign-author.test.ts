import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { openStore } from '../../gateway/store.js';
import { AUTHOR_MESSAGES } from '../../gateway/authored-practice.js';
import { ensureRedis, stopRedisIfOurs } from '../setup/redis.mjs';
import { ADA, json, mint, startHarness, withToken, type Claims, type Harness } from './gateway-helpers.js';

// The composer's routes as an attacker meets them: a gateway with real Redis in front of the real
// simulator, authors with the `sportello.sign.author` permission, and every refusal the permission
// implies — another author's drafts, uploads and practices, a process type outside the claim, an
// anonymous visitor, a forged signer link, over-quota uploads. Each refusal is shown never to reach
// the service when it must not. Needs Redis: fails (never skips) without it.

let h: Harness;
let pdf: Uint8Array<ArrayBuffer>;

before(async () => {
  const redis = await ensureRedis();
  assert.ok(redis.ok, `Redis is needed for this test and could not start: ${redis.reason}`);
  const store = await openStore(redis.url, { prefix: `sportello:test:${randomUUID()}:` });
  h = await startHarness({}, store);
  const res = await fetch(`${h.sim.url}/sign/api/v2/documents/viewer/10021`, {
    headers: { 'X-SignToken': 'demo-sign-token', 'X-SignUser': 'demo' },
  });
  pdf = new Uint8Array(await res.arrayBuffer());
});

after(async () => {
  await h?.close();
  await stopRedisIfOurs();
});

beforeEach(async () => {
  await fetch(`${h.sim.url}/__sim/reset`, { method: 'POST' });
});

const url = (path: string) => `${h.gw.url}/sign/api/v2${path}`;

/** An author: a fresh subject each time, so that ownership records of one test never serve another. */
function author(sportelloAuthor: Record<string, unknown>, name = 'author'): Claims {
  return { sub: `${name}-${randomUUID()}`, sportello: { sign: { author: sportelloAuthor } } };
}
const AGENT = { types: ['POLIZZA-AUTO', 'MODULO-LIBERO'], free: true, host: 'agente.conti', uploads: 5 };

async function upload(
  token: string | undefined,
  bytes: Uint8Array<ArrayBuffer> = pdf,
  name = 'contratto.pdf',
): Promise<Response> {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), name);
  form.append('convert', 'false');
  return fetch(url('/documents/upload'), withToken(token, { method: 'POST', body: form }));
}

async function uploaded(token: string): Promise<string> {
  const res = await upload(token);
  assert.equal(res.status, 200, await res.clone().text());
  return ((await res.json()) as { filename: string }).filename;
}

const practice = (uploadedFilename: string, extra: Record<string, unknown> = {}) => ({
  name: 'Polizza Rossi',
  documents: [{ uploadedFilename, filename: 'contratto.pdf' }],
  signers: [
    {
      firstName: 'Mario',
      lastName: 'Rossi',
      email: 'mario.rossi@example.test',
      action: 'S',
      signatureCoordinates: [{ document: 0, page: 1, positionX: 0.1, positionY: 0.8, width: 0.3, height: 0.08 }],
    },
  ],
  ...extra,
});

const send = (token: string | undefined, body: unknown) => fetch(url('/files/send'), withToken(token, json(body)));
const reachedService = (path: string, method = 'POST') =>
  h.calls.filter((c) => c.method === method && new URL(c.url).pathname.endsWith(path)).length;

async function details(res: Response): Promise<string> {
  return ((await res.json()) as { details: string }).details;
}

describe('gateway: a practice an author creates', () => {
  it('is sent from their own upload and becomes theirs to view and follow, and no one else’s', async () => {
    const ada = await mint(author(AGENT, 'ada'));
    const name = await uploaded(ada);
    const sent = await send(ada, practice(name));
    assert.equal(sent.status, 200);
    const { idFile } = (await sent.json()) as { idFile: number };

    const detail = await fetch(url(`/files/${idFile}`), withToken(ada));
    assert.equal(detail.status, 200);
    assert.equal(((await detail.json()) as { name: string }).name, 'Polizza Rossi');
    const docs = (await (await fetch(url(`/files/${idFile}/documents`), withToken(ada))).json()) as Array<{
      idDocument: number;
    }>;
    const page = await fetch(url(`/documents/viewer/${docs[0]!.idDocument}`), withToken(ada));
    assert.equal(page.status, 200);
    assert.equal(page.headers.get('content-type'), 'application/pdf');

    // Another author, and a visitor who holds only practices of their own, read it as missing.
    const bruno = await mint(author(AGENT, 'bruno'));
    const reader = await mint({ ...ADA, sub: `reader-${randomUUID()}` });
    for (const token of [bruno, reader]) {
      for (const path of [
        `/files/${idFile}`,
        `/files/${idFile}/documents`,
        `/documents/viewer/${docs[0]!.idDocument}`,
      ]) {
        const refused = await fetch(url(path), withToken(token));
        assert.equal(refused.status, 404, path);
        assert.ok(!(await refused.text()).includes('Polizza Rossi'));
      }
    }
  });

  it('never names a document that is not one of the author’s uploads', async () => {
    const ada = await mint(author(AGENT, 'ada'));
    const bruno = await mint(author(AGENT, 'bruno'));
    const adas = await uploaded(ada);
    const before = reachedService('/files/send');
    const stolen = await send(bruno, practice(adas));
    assert.equal(stolen.status, 403);
    assert.equal(await details(stolen), AUTHOR_MESSAGES.documentSource);
    for (const doc of [
      { base64content: Buffer.from(pdf).toString('base64'), filename: 'x.pdf' },
      { externalUrl: 'http://169.254.169.254/latest/meta-data', filename: 'x.pdf' },
      { uploadedFilename: 'seeded-or-guessed.pdf' },
    ]) {
      const refused = await send(bruno, { ...practice('x'), documents: [doc] });
      assert.equal(refused.status, 403, JSON.stringify(doc));
    }
    assert.equal(reachedService('/files/send'), before, 'no refused practice reached the service');
  });

  it('names no webhook nor certified mail: the service would call or mail what the page says', async () => {
    const ada = await mint(author(AGENT, 'ada'));
    const name = await uploaded(ada);
    const before = reachedService('/files/send');
    for (const extra of [
      { webhook: { url: 'http://127.0.0.1:6379/' } },
      { webhooks: [{ url: 'http://internal.test/' }] },
      { certificateMail: { address: 'x@example.test' } },
    ]) {
      const refused = await send(ada, practice(name, extra));
      assert.equal(refused.status, 403, JSON.stringify(extra));
      assert.equal(await details(refused), AUTHOR_MESSAGES.forbiddenField);
    }
    const body = practice(name);
    (body.signers[0] as Record<string, unknown>).webhook = { url: 'http://internal.test/' };
    assert.equal((await send(ada, body)).status, 403);
    assert.equal(reachedService('/files/send'), before);
  });
});

describe('gateway: process types outside the author’s claim', () => {
  it('are not listed, read as missing, and refused by code or by id', async () => {
    const ada = await mint(author({ ...AGENT, free: false }, 'ada'));
    const listed = (await (await fetch(url('/workflows/types/submit'), withToken(ada))).json()) as Array<{
      code: string;
    }>;
    assert.deepEqual(listed.map((t) => t.code).sort(), ['MODULO-LIBERO', 'POLIZZA-AUTO']);
    assert.equal((await fetch(url('/workflows/types/301'), withToken(ada))).status, 200);
    const other = await fetch(url('/workflows/types/302'), withToken(ada));
    assert.equal(other.status, 404);
    assert.ok(!(await other.text()).includes('ASSUNZIONE'));

    const name = await uploaded(ada);
    const before = reachedService('/files/send');
    const byCode = await send(ada, practice(name, { workflowTypeCode: 'ASSUNZIONE' }));
    assert.equal(byCode.status, 403);
    assert.equal(await details(byCode), AUTHOR_MESSAGES.typeNotAllowed);
    // The id wins over the code at the service: an allowed code beside a foreign id is still refused.
    const byId = await send(ada, practice(name, { idWorkflowType: 302, workflowTypeCode: 'POLIZZA-AUTO' }));
    assert.equal(byId.status, 403);
    const free = await send(ada, practice(name));
    assert.equal(free.status, 403);
    assert.equal(await details(free), AUTHOR_MESSAGES.typeRequired);
    assert.equal(reachedService('/files/send'), before);

    const allowed = await send(ada, practice(name, { workflowTypeCode: 'MODULO-LIBERO' }));
    assert.equal(allowed.status, 200, await allowed.clone().text());
  });

  it('a process type’s template documents are readable only once its type was read by an allowed author', async () => {
    const ada = await mint(author(AGENT, 'ada'));
    const type = (await (await fetch(url('/workflows/types/301'), withToken(ada))).json()) as {
      documents: Array<{ idDocument: number }>;
    };
    const idDocument = type.documents[0]!.idDocument;
    assert.equal((await fetch(url(`/documents/viewer/${idDocument}`), withToken(ada))).status, 200);
    const bruno = await mint(author({ ...AGENT, types: ['ASSUNZIONE'] }, 'bruno'));
    assert.equal((await fetch(url('/workflows/types/301'), withToken(bruno))).status, 404);
    assert.equal((await fetch(url(`/documents/viewer/${idDocument}`), withToken(bruno))).status, 404);
  });
});

describe('gateway: drafts', () => {
  it('are their author’s: another author neither lists, updates nor deletes them', async () => {
    const ada = await mint(author(AGENT, 'ada'));
    const bruno = await mint(author(AGENT, 'bruno'));
    const name = await uploaded(ada);
    const created = await fetch(url('/workflows/draft/insert'), withToken(ada, json(practice(name))));
    assert.equal(created.status, 200, await created.clone().text());
    const { idDraft } = (await created.json()) as { idDraft: number };

    const adaList = (await (await fetch(url('/workflows/draft'), withToken(ada))).json()) as Array<{ idDraft: number }>;
    assert.deepEqual(
      adaList.map((d) => d.idDraft),
      [idDraft],
    );
    const brunoList = await (await fetch(url('/workflows/draft'), withToken(bruno))).json();
    assert.deepEqual(brunoList, []);

    const brunoName = await uploaded(bruno);
    const update = await fetch(
      url('/workflows/draft/update'),
      withToken(bruno, { ...json({ ...practice(brunoName), idDraft }), method: 'PUT' }),
    );
    assert.equal(update.status, 404);
    const removal = await fetch(url(`/workflows/draft/delete/${idDraft}`), withToken(bruno, { method: 'DELETE' }));
    assert.equal(removal.status, 404);
    assert.equal(reachedService('/workflows/draft/update', 'PUT'), 0);
    assert.equal(reachedService(`/workflows/draft/delete/${idDraft}`, 'DELETE'), 0);

    // Ada's own draft: she updates it (not with Bruno's upload), then deletes it.
    const hers = await fetch(
      url('/workflows/draft/update'),
      withToken(ada, { ...json({ ...practice(name, { name: 'Rinominata' }), idDraft }), method: 'PUT' }),
    );
    assert.equal(hers.status, 200);
    const withBrunos = await fetch(
      url('/workflows/draft/update'),
      withToken(ada, { ...json({ ...practice(brunoName), idDraft }), method: 'PUT' }),
    );
    assert.equal(withBrunos.status, 403);
    const deleted = await fetch(url(`/workflows/draft/delete/${idDraft}`), withToken(ada, { method: 'DELETE' }));
    assert.equal(deleted.status, 204);
  });
});

describe('gateway: who may author', () => {
  it('an anonymous visitor never does, nor a signed-in visitor without the author permission', async () => {
    const reader = await mint({ ...ADA, sub: `reader-${randomUUID()}` });
    const routes: Array<[string, RequestInit]> = [
      ['/workflows/types/submit', {}],
      ['/workflows/types/301', {}],
      ['/workflows/draft', {}],
      ['/workflows/draft/insert', json({})],
      ['/workflows/draft/update', { ...json({ idDraft: 1 }), method: 'PUT' }],
      ['/workflows/draft/delete/1', { method: 'DELETE' }],
      ['/files/send', json(practice('x'))],
    ];
    const before = h.calls.length;
    for (const [path, init] of routes) {
      const anonymous = await fetch(url(path), init);
      assert.equal(anonymous.status, 401, `anonymous ${path}`);
      const session = await (await fetch(`${h.gw.url}/gateway/session`, { method: 'POST' })).json();
      const withSession = await fetch(url(path), withToken((session as { token: string }).token, init));
      assert.equal(withSession.status, 401, `anonymous session ${path}`);
      const notAuthor = await fetch(url(path), withToken(reader, init));
      assert.equal(notAuthor.status, 403, `reader ${path}`);
      assert.equal(await details(notAuthor), AUTHOR_MESSAGES.notAuthor);
    }
    assert.equal((await upload(undefined)).status, 401);
    assert.equal((await upload(reader)).status, 403);
    assert.equal(h.calls.length, before, 'nothing reached the service');
  });

  it('a malformed author claim refuses the whole token', async () => {
    for (const bad of [
      { types: 'POLIZZA-AUTO' },
      { types: [1] },
      { host: 'a b' },
      { uploads: -1 },
      { free: 'yes' },
      { uploadBytes: 0 },
    ]) {
      const token = await mint(author(bad));
      assert.equal((await fetch(url('/workflows/types/submit'), withToken(token))).status, 401, JSON.stringify(bad));
    }
  });
});

describe('gateway: uploads', () => {
  it('stop at the author’s daily count and size, before the service', async () => {
    const ada = await mint(author({ ...AGENT, uploads: 2 }, 'ada'));
    assert.equal((await upload(ada)).status, 200);
    assert.equal((await upload(ada)).status, 200);
    const before = reachedService('/documents/upload');
    const third = await upload(ada);
    assert.equal(third.status, 429);
    assert.ok(Number(third.headers.get('retry-after')) > 60, 'the next upload is a while away');
    assert.equal(await details(third), AUTHOR_MESSAGES.uploadQuota);
    // Another author has their own count.
    const bruno = await mint(author({ ...AGENT, uploads: 1, uploadBytes: 2048 }, 'bruno'));
    const big = await upload(bruno, new Uint8Array(4096));
    assert.equal(big.status, 413);
    const none = await mint(author({ ...AGENT, uploads: 0 }, 'carla'));
    assert.equal((await upload(none)).status, 403);
    assert.equal(reachedService('/documents/upload'), before);
  });
});

describe('gateway: in-person signing and signers’ links', () => {
  it('hands the link of a signer the author hosts, and of no one else', async () => {
    const ada = await mint(author(AGENT, 'ada'));
    const name = await uploaded(ada);
    const body = practice(name, { sendNotifications: false });
    body.signers.unshift({
      firstName: 'Giulia',
      lastName: 'Neri',
      email: 'giulia.neri@example.test',
      action: 'S',
      hostUsername: 'agente.conti',
      signatureCoordinates: [{ document: 0, page: 1, positionX: 0.5, positionY: 0.8, width: 0.3, height: 0.08 }],
    } as (typeof body.signers)[number]);
    const sent = await send(ada, body);
    assert.equal(sent.status, 200, await sent.clone().text());
    const answer = (await sent.json()) as {
      idFile: number;
      signers: Array<{ email: string; signingUrl: string | null }>;
    };
    const [giulia, mario] = answer.signers;
    assert.ok(giulia!.signingUrl, 'the hosted signer’s link is given to her host');
    assert.equal(mario!.signingUrl, null, 'a remote signer’s link is not, without `links`');

    const link = await fetch(url(`/files/${answer.idFile}/link`), withToken(ada));
    assert.equal(link.status, 200);
    const signingUrl = (await link.json()) as string;
    assert.equal(signingUrl, giulia!.signingUrl);

    // Forged: another author, or a visitor whose token claims to be the in-person signer.
    const bruno = await mint(author(AGENT, 'bruno'));
    const forged = await mint({
      sub: `forger-${randomUUID()}`,
      sportello: { sign: { files: [], signer: 'giulia.neri@example.test' } },
    });
    for (const token of [bruno, forged])
      assert.equal((await fetch(url(`/files/${answer.idFile}/link`), withToken(token))).status, 404);

    // Once Giulia signed, the current signer is Mario, signing remotely: his link is not the author's.
    const signed = await fetch(`${signingUrl}/sign`, { method: 'POST', headers: { Accept: 'application/json' } });
    assert.equal(signed.status, 200);
    const next = await fetch(url(`/files/${answer.idFile}/link`), withToken(ada));
    assert.equal(next.status, 403);
    assert.ok(!(await next.text()).includes('/sign/app/sign/'));
  });

  it('a host other than the author is refused; with `links` the remote signer’s link is given', async () => {
    const ada = await mint(author({ ...AGENT, links: true }, 'ada'));
    const name = await uploaded(ada);
    const body = practice(name);
    (body.signers[0] as Record<string, unknown>).hostUsername = 'agente.ferri';
    const refused = await send(ada, body);
    assert.equal(refused.status, 403);
    assert.equal(await details(refused), AUTHOR_MESSAGES.hostNotAuthor);
    const plain = await send(ada, practice(name));
    const { signers } = (await plain.json()) as { signers: Array<{ signingUrl: string | null }> };
    assert.match(signers[0]!.signingUrl ?? '', /\/sign\/app\/sign\//);
  });
});
