import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { PDFDocument } from 'pdf-lib';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { createSignService } from '../../demo/server/sign/index.js';

// The simulator's signing page (README of demo/server/sign) and the §3 moves it causes.

const KEY = { 'X-SignToken': 'demo-sign-token', 'X-SignUser': 'demo' };
const JSON_ACCEPT = { Accept: 'application/json' };
let sim: RunningSimulator;

const detail = async (idFile: number) =>
  (await fetch(`${sim.url}/sign/api/v2/files/${idFile}`, { headers: KEY })).json();
const page = (token: string, suffix = '', init: RequestInit = {}) =>
  fetch(`${sim.url}/sign/app/sign/${token}${suffix}`, { redirect: 'manual', ...init });
const act = (
  token: string,
  what: 'sign' | 'reject',
  body: Record<string, string> = {},
  headers: Record<string, string> = JSON_ACCEPT,
) =>
  page(token, `/${what}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });

before(async () => {
  sim = await startSimulator({ port: 0, modules: async (ctx) => [await createSignService(ctx)] });
});
after(() => sim.close());
beforeEach(async () => {
  await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
});

describe('sign: the signing page', () => {
  it('refuses to be framed only while a refuse-framing fault is set (X-Frame-Options and CSP frame-ancestors)', async () => {
    const open = await page('link-1002-1');
    assert.equal(open.headers.get('x-frame-options'), null);
    assert.doesNotMatch(open.headers.get('content-security-policy') ?? '', /frame-ancestors/);
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ kind: 'refuse-framing' }),
    });
    for (let i = 0; i < 2; i++) {
      // Still refused on the next visit (the page reloads after a form's answer): a switch, not a one-off.
      const refused = await page('link-1002-1');
      assert.equal(refused.status, 200);
      assert.equal(refused.headers.get('x-frame-options'), 'DENY');
      assert.match(
        refused.headers.get('content-security-policy') ?? '',
        /default-src 'none'.*; frame-ancestors 'none'$/,
      );
    }
    await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
    assert.equal((await page('link-1002-1')).headers.get('x-frame-options'), null);
  });

  it('renders server-side HTML under a strict CSP, with sign and reject forms', async () => {
    const res = await page('link-1002-1');
    assert.equal(res.status, 200);
    assert.match(res.headers.get('content-type') ?? '', /text\/html/);
    assert.match(res.headers.get('content-security-policy') ?? '', /default-src 'none'/);
    const html = await res.text();
    assert.match(html, /Modulo di adesione - Giovanni Verdi/);
    assert.match(html, /<form method="post" action="\/sign\/app\/sign\/link-1002-1\/sign">/);
    assert.match(html, /<form method="post" action="\/sign\/app\/sign\/link-1002-1\/reject">/);
    assert.match(html, /<label for="reason">/);
    assert.doesNotMatch(html, /<script/i);
    const en = await (await page('link-1002-1', '?lang=en')).text();
    assert.match(en, /<html lang="en">/);
    assert.match(en, /Reject/);
  });

  it('escapes every string of the practice', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const res = await fetch(`${sim.url}/sign/api/v2/files/send`, {
      method: 'POST',
      headers: { ...KEY, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        name: '<script>alert(1)</script> & "co"',
        documents: [
          {
            base64content: Buffer.from(await pdf.save()).toString('base64'),
            filename: '<img src=x onerror=alert(1)>.pdf',
          },
        ],
        signers: [{ email: 'x@y.test', firstName: '<b>Eve</b>', lastName: "O'Hara", action: 'S' }],
      }),
    });
    const { signers } = await res.json();
    const html = await (await fetch(signers[0].signingUrl)).text();
    assert.doesNotMatch(html, /<script>alert/);
    assert.doesNotMatch(html, /<img src=x/);
    assert.doesNotMatch(html, /<b>Eve/);
    assert.match(html, /&lt;script&gt;alert\(1\)&lt;\/script&gt; &amp; &quot;co&quot;/);
    assert.match(html, /O&#39;Hara/);
  });

  it('serves the practice documents to the link holder, with Range', async () => {
    const res = await page('link-1001-2', '/documents/10012');
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'application/pdf');
    assert.match(res.headers.get('content-disposition') ?? '', /^inline;/);
    const part = await page('link-1001-2', '/documents/10012', { headers: { Range: 'bytes=0-4' } });
    assert.equal(part.status, 206);
    assert.equal(await part.text(), '%PDF-');
    assert.equal((await page('link-1001-2', '/documents/10021')).status, 404, 'not a document of this practice');
  });

  it('answers 404 for an unknown link, as HTML or as the §7 body', async () => {
    const html = await page('no-such-token');
    assert.equal(html.status, 404);
    assert.match(html.headers.get('content-type') ?? '', /text\/html/);
    const json = await page('no-such-token', '/status', { headers: JSON_ACCEPT });
    assert.equal(json.status, 404);
    const body = await json.json();
    assert.equal(body.status, 404);
    assert.equal(body.type, 'common');
  });
});

describe('sign: signing and rejecting move the practice (spec §3)', () => {
  it('the last signature moves L to F, with the signer action as event and tsUpd updated', async () => {
    const before = await detail(1002);
    assert.equal(before.status, 'L');
    const res = await act('link-1002-1', 'sign');
    assert.equal(res.status, 200);
    const state = await res.json();
    assert.equal(state.status, 'F');
    assert.equal(state.signer.status, 'F');
    const after = await detail(1002);
    assert.equal(after.status, 'F');
    assert.deepEqual(
      after.events.map((e: { action: string }) => e.action),
      ['I', 'S'],
    );
    assert.equal(after.events.at(-1).signerEmail, 'giovanni.verdi@example.test');
    assert.notEqual(after.tsUpd, before.tsUpd);
    assert.equal(after.tsUpd, after.events.at(-1).tsIns);
  });

  it('an intermediate signature keeps L and marks the signer; a form POST redirects back to the page', async () => {
    const res = await act('link-1003-1', 'sign', {}, {});
    assert.equal(res.status, 303);
    assert.equal(res.headers.get('location'), '/sign/app/sign/link-1003-1');
    const p = await detail(1003);
    assert.equal(p.status, 'L');
    assert.deepEqual(
      p.signers.map((s: { status: string }) => s.status),
      ['F', 'L'],
    );
    assert.equal(p.events.at(-1).action, 'V');
    const link = await (await fetch(`${sim.url}/sign/api/v2/files/1003/link`, { headers: KEY })).json();
    assert.equal(link, `${sim.url}/sign/app/sign/link-1003-2`, 'the link now names the next pending signer');
    const html = await (await page('link-1003-1')).text();
    assert.doesNotMatch(html, /<form/, 'no forms once signed');
  });

  it('completes 1001 when its second signer signs', async () => {
    await act('link-1001-2', 'sign');
    const p = await detail(1001);
    assert.equal(p.status, 'F');
    assert.deepEqual(
      p.events.map((e: { action: string }) => e.action),
      ['I', 'E', 'E'],
    );
  });

  it('a rejection moves L to R with event D and the reason in notes', async () => {
    const res = await act('link-1003-2', 'reject', { reason: 'Importo errato' });
    assert.equal(res.status, 200);
    const p = await detail(1003);
    assert.equal(p.status, 'R');
    const last = p.events.at(-1);
    assert.equal(last.action, 'D');
    assert.equal(last.notes, 'Importo errato');
    assert.equal(p.signers[1].status, 'R');
    const status = await (await page('link-1003-1', '/status')).json();
    assert.equal(status.status, 'R');
  });

  it('refuses to act twice or on a practice that is not in progress (409)', async () => {
    await act('link-1002-1', 'sign');
    const again = await act('link-1002-1', 'sign');
    assert.equal(again.status, 409);
    assert.equal((await again.json()).type, 'common');
    for (const token of ['link-1006-1', 'link-1007-1', 'link-1008-1']) {
      assert.equal((await act(token, 'sign')).status, 409, token);
    }
    assert.equal((await act('link-1005-1', 'reject')).status, 409);
  });

  it('asks for the password when the signer requires one', async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const created = await (
      await fetch(`${sim.url}/sign/api/v2/files/send`, {
        method: 'POST',
        headers: { ...KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Con password',
          documents: [{ base64content: Buffer.from(await pdf.save()).toString('base64') }],
          signers: [
            {
              email: 'p@q.test',
              firstName: 'P',
              lastName: 'Q',
              action: 'T',
              phone: '3331234567',
              requirePassword: true,
              password: 's3cret',
            },
          ],
        }),
      })
    ).json();
    const token = created.signers[0].signingUrl.split('/').pop();
    assert.match(await (await page(token)).text(), /type="password"/);
    assert.equal((await act(token, 'sign', { password: 'wrong' })).status, 401);
    assert.equal((await act(token, 'sign', { password: 's3cret' })).status, 200);
    assert.equal((await detail(created.idFile)).status, 'F');
  });

  it('calls the practice webhook with the §6 payload', { timeout: 20_000 }, async () => {
    const received: unknown[] = [];
    let bothArrived!: () => void;
    const both = new Promise<void>((resolve) => (bothArrived = resolve));
    const receiver: Server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ url: req.url, body: JSON.parse(data) });
        if (received.length === 2) bothArrived();
        res.end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook/{{idFile}}/{{status}}`;
    const pdf = await PDFDocument.create();
    pdf.addPage();
    const created = await (
      await fetch(`${sim.url}/sign/api/v2/files/send`, {
        method: 'POST',
        headers: { ...KEY, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          name: 'Webhook',
          webhook: { url: hook },
          documents: [{ base64content: Buffer.from(await pdf.save()).toString('base64') }],
          signers: [{ email: 'w@h.test', firstName: 'W', lastName: 'H', action: 'S' }],
        }),
      })
    ).json();
    const token = created.signers[0].signingUrl.split('/').pop();
    await act(token, 'sign');
    // Delivery is fire and forget: wait for both calls (the test's timeout bounds the wait).
    await both;
    receiver.close();
    const [submitted, signed] = received as Array<{ url: string; body: Record<string, unknown> }>;
    assert.equal(submitted!.url, `/hook/${created.idFile}/L`);
    assert.equal(submitted!.body.action, 'I');
    assert.equal(submitted!.body.notes, null);
    assert.equal(signed!.url, `/hook/${created.idFile}/F`);
    assert.deepEqual(
      Object.keys(signed!.body).sort(),
      [
        'action',
        'externalId',
        'idFile',
        'name',
        'notes',
        'protocol',
        'signerEmail',
        'status',
        'tenantCode',
        'time',
      ].sort(),
    );
    assert.equal(signed!.body.signerEmail, 'w@h.test');
  });

  it('POST /__sim/reset restores the seed', async () => {
    await act('link-1002-1', 'sign');
    assert.equal((await detail(1002)).status, 'F');
    await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
    assert.equal((await detail(1002)).status, 'L');
  });
});
