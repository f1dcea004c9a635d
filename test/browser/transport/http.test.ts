// HttpClient against a real HTTP server on loopback (test/setup/transport-server.mjs).
import { expect } from '@open-wc/testing';
import { TRANSPORT_URL } from '/__sportello/env.js';
import { HttpClient } from '../../../src/transport/http.js';
import { bearer, clientCredentials, signApiKey, chatToken, none } from '../../../src/transport/auth.js';
import { ServiceError, isAbort } from '../../../src/transport/errors.js';
import { pollStep } from '../../harness/harness.js';

let keySeq = 0;
const newKey = () => `http-${Date.now()}-${++keySeq}`;
const fast = { retries: 2, baseDelayMs: 20, maxDelayMs: 3000 };

async function serverState(key: string): Promise<{ calls: number; aborted: number; tokens: number }> {
  return (await fetch(`${TRANSPORT_URL}/t/state?key=${key}`)).json();
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

async function until(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await pollStep(50);
  }
  throw new Error(`never happened: ${what}`);
}

describe('HttpClient over real HTTP', () => {
  const client = new HttpClient({ service: 'sign', baseUrl: `${TRANSPORT_URL}/t/`, retry: fast });

  it('sends query arrays as repeated keys, JSON bodies, auth and own headers', async () => {
    const authed = new HttpClient({
      service: 'sign',
      baseUrl: TRANSPORT_URL,
      auth: signApiKey('demo-sign-token', 'demo'),
    });
    const echo = await authed.json<{
      method: string;
      search: string;
      headers: Record<string, string>;
      bodyText: string;
    }>('/t/echo', {
      method: 'PUT',
      query: { status: ['L', 'F'], page: 0, skip: undefined },
      json: { name: 'Caffè' },
      headers: { 'X-Trace': 't1' },
    });
    expect(echo.method).to.equal('PUT');
    expect(echo.search).to.equal('?status=L&status=F&page=0');
    expect(echo.headers['x-signtoken']).to.equal('demo-sign-token');
    expect(echo.headers['x-signuser']).to.equal('demo');
    expect(echo.headers['x-trace']).to.equal('t1');
    expect(echo.headers['content-type']).to.equal('application/json');
    expect(JSON.parse(echo.bodyText)).to.deep.equal({ name: 'Caffè' });
    const chat = new HttpClient({ service: 'chat', baseUrl: TRANSPORT_URL, auth: chatToken('demo-chat-token') });
    expect((await chat.json<{ headers: Record<string, string> }>('/t/echo')).headers['x-chattoken']).to.equal(
      'demo-chat-token',
    );
  });

  it('uploads multipart with progress through XMLHttpRequest', async () => {
    const form = new FormData();
    form.append(
      'file',
      new Blob([new Uint8Array(512 * 1024).fill(65)], { type: 'application/octet-stream' }),
      'big.bin',
    );
    form.append('note', 'ciao');
    const progress: Array<[number, number]> = [];
    const echo = await client.json<{ method: string; headers: Record<string, string>; bodyBytes: number }>('echo', {
      form,
      onUploadProgress: (loaded, total) => progress.push([loaded, total]),
    });
    expect(echo.method).to.equal('POST');
    expect(echo.headers['content-type']).to.match(/^multipart\/form-data; boundary=/);
    expect(echo.bodyBytes).to.be.greaterThan(512 * 1024);
    expect(progress.length).to.be.greaterThan(0);
    const [loaded, total] = progress[progress.length - 1]!;
    expect(loaded).to.equal(total);
    expect(total).to.equal(echo.bodyBytes);
  });

  it('upload errors through XMLHttpRequest are ServiceErrors too', async () => {
    const form = new FormData();
    form.append('x', '1');
    const error = (await rejection(
      client.json('error?shape=ai&status=413', { form, onUploadProgress: () => undefined }),
    )) as ServiceError;
    expect(error).to.be.instanceOf(ServiceError);
    expect([error.status, error.message]).to.deep.equal([413, 'Message quota exceeded']);
  });

  describe('retries', () => {
    it('retries a GET on 503 until it succeeds', async () => {
      const key = newKey();
      const body = await client.json<{ calls: number }>('flaky', { query: { key, fail: 2, status: 503 } });
      expect(body.calls).to.equal(3);
    });

    it('gives up after the configured retries with the last error', async () => {
      const key = newKey();
      const error = (await rejection(client.json('flaky', { query: { key, fail: 9, status: 500 } }))) as ServiceError;
      expect(error).to.be.instanceOf(ServiceError);
      expect([error.kind, error.status, error.service]).to.deep.equal(['http', 500, 'sign']);
      expect((await serverState(key)).calls).to.equal(3);
    });

    it('retries a GET whose connection dropped (network error)', async () => {
      const key = newKey();
      const body = await client.json<{ calls: number }>('flaky', { query: { key, fail: 1, status: 0 } });
      expect(body.calls).to.equal(2);
    });

    it('never retries a plain POST on 503 or on a dropped connection', async () => {
      const key = newKey();
      const error = (await rejection(
        client.json('flaky', { method: 'POST', json: {}, query: { key, fail: 1, status: 503 } }),
      )) as ServiceError;
      expect(error.status).to.equal(503);
      const dropKey = newKey();
      const dropped = (await rejection(
        client.json('flaky', { method: 'POST', json: {}, query: { key: dropKey, fail: 1, status: 0 } }),
      )) as ServiceError;
      expect(dropped.kind).to.equal('network');
      expect((await serverState(key)).calls).to.equal(1);
      expect((await serverState(dropKey)).calls).to.equal(1);
    });

    it('retries a POST that carries an Idempotency-Key', async () => {
      const key = newKey();
      const body = await client.json<{ calls: number }>('flaky', {
        method: 'POST',
        json: { a: 1 },
        idempotencyKey: 'idem-1',
        query: { key, fail: 1, status: 503 },
      });
      expect(body.calls).to.equal(2);
      const echo = await client.json<{ headers: Record<string, string> }>('echo', {
        method: 'POST',
        json: {},
        idempotencyKey: 'idem-2',
      });
      expect(echo.headers['idempotency-key']).to.equal('idem-2');
    });

    it('retries any method on 429 after the Retry-After seconds', async () => {
      const key = newKey();
      const started = performance.now();
      const body = await client.json<{ calls: number; method: string }>('flaky', {
        method: 'POST',
        json: {},
        query: { key, fail: 1, status: 429, retryAfter: '1' },
      });
      expect(body).to.deep.equal({ calls: 2, method: 'POST' });
      // Correctness, not speed: the client must not come back before the server said so.
      expect(performance.now() - started).to.be.at.least(950);
    });

    it('honours Retry-After given as an HTTP date', async () => {
      const key = newKey();
      const started = Date.now();
      const body = await client.json<{ calls: number }>('flaky', {
        query: { key, fail: 1, status: 503, retryAfter: 'date' },
      });
      expect(body.calls).to.equal(2);
      // The date is now+1.5 s truncated to whole seconds by the HTTP date format: at least 0.5 s.
      expect(Date.now() - started).to.be.at.least(450);
    });

    it('does not hang on a Retry-After beyond its ceiling: the error carries it', async () => {
      const key = newKey();
      const error = (await rejection(
        client.json('flaky', { query: { key, fail: 1, status: 429, retryAfter: '120' } }),
      )) as ServiceError;
      expect([error.status, error.retryAfterMs, error.retryable]).to.deep.equal([429, 120_000, true]);
      expect((await serverState(key)).calls).to.equal(1);
    });

    it('retry: false turns retries off', async () => {
      const key = newKey();
      await rejection(client.json('flaky', { retry: false, query: { key, fail: 1, status: 503 } }));
      expect((await serverState(key)).calls).to.equal(1);
    });
  });

  describe('401 and bearer tokens', () => {
    it('asks the provider once more with forceRefresh and retries once', async () => {
      const asked: boolean[] = [];
      const auth = bearer(async ({ forceRefresh }) => {
        asked.push(forceRefresh);
        return forceRefresh ? 'fresh-2' : 'fresh-1';
      });
      const key = newKey();
      const http = new HttpClient({ service: 'sign', baseUrl: TRANSPORT_URL, auth });
      const body = await http.json<{ ok: boolean; token: string }>('/t/auth', {
        method: 'POST',
        json: {},
        query: { key, need: 2 },
      });
      expect(body).to.deep.equal({ ok: true, token: 'Bearer fresh-2' });
      expect(asked).to.deep.equal([false, true]);
      expect((await serverState(key)).calls).to.equal(2);
    });

    it('gives the 401 (signing shape) when the fresh token is refused too, after one retry only', async () => {
      const asked: boolean[] = [];
      const http = new HttpClient({
        service: 'sign',
        baseUrl: TRANSPORT_URL,
        auth: bearer(async ({ forceRefresh }) => (asked.push(forceRefresh), 'fresh-1')),
      });
      const key = newKey();
      const error = (await rejection(http.json('/t/auth', { query: { key, need: 5 } }))) as ServiceError;
      expect([error.status, error.code, error.message, error.reference]).to.deep.equal([
        401,
        'error.unauthorized',
        'token expired',
        '0d1c2b3a-1111-4222-8333-944455556666',
      ]);
      expect(asked).to.deep.equal([false, true]);
      expect((await serverState(key)).calls).to.equal(2);
    });

    it('clientCredentials caches the token and renews it on forceRefresh', async () => {
      const key = newKey();
      const provider = clientCredentials({
        tokenUrl: `${TRANSPORT_URL}/t/token?key=${key}`,
        clientId: 'sportello-demo',
        clientSecret: 'secret',
      });
      expect(await provider({ forceRefresh: false })).to.equal('fresh-1');
      expect(await provider({ forceRefresh: false })).to.equal('fresh-1');
      expect(await provider({ forceRefresh: true })).to.equal('fresh-2');
      // Used through bearer against an endpoint that wants at least token 3: 401 → refresh → ok.
      const http = new HttpClient({ service: 'sign', baseUrl: TRANSPORT_URL, auth: bearer(provider) });
      expect(await http.json('/t/auth', { query: { key: newKey(), need: 3 } })).to.deep.equal({
        ok: true,
        token: 'Bearer fresh-3',
      });
      expect((await serverState(key)).tokens).to.equal(3);
    });

    it('clientCredentials reports an OAuth error as a ServiceError', async () => {
      const provider = clientCredentials({
        tokenUrl: `${TRANSPORT_URL}/t/token`,
        clientId: 'sportello-demo',
        clientSecret: 'wrong',
      });
      const error = (await rejection(provider({ forceRefresh: false }))) as ServiceError;
      expect([error.service, error.status, error.code, error.message]).to.deep.equal([
        'auth',
        401,
        'invalid_client',
        'Invalid client credentials',
      ]);
    });

    it('a failing token provider becomes a 401 ServiceError, not a stray exception', async () => {
      const http = new HttpClient({
        service: 'sign',
        baseUrl: TRANSPORT_URL,
        auth: bearer(async () => Promise.reject(new Error('no session'))),
      });
      const error = (await rejection(http.json('/t/echo'))) as ServiceError;
      expect([error.status, error.code]).to.deep.equal([401, 'token_unavailable']);
    });
  });

  describe('timeouts and cancellation', () => {
    it('times out with kind "timeout" and the server sees the request abandoned', async () => {
      const key = newKey();
      const error = (await rejection(
        client.json('slow', { timeoutMs: 150, retry: false, query: { key, ms: 3000 } }),
      )) as ServiceError;
      expect(error).to.be.instanceOf(ServiceError);
      expect([error.kind, error.retryable]).to.deep.equal(['timeout', true]);
      await until(async () => (await serverState(key)).aborted === 1, 'server saw the abort');
    });

    it('retries a GET that timed out', async () => {
      const key = newKey();
      await rejection(
        client.json('slow', { timeoutMs: 150, retry: { retries: 1, baseDelayMs: 10 }, query: { key, ms: 3000 } }),
      );
      expect((await serverState(key)).calls).to.equal(2);
    });

    it('a caller abort rejects with an AbortError (not a ServiceError) and cancels the request', async () => {
      const key = newKey();
      const controller = new AbortController();
      const pending = client.json('slow', { signal: controller.signal, query: { key, ms: 3000 } });
      await until(async () => (await serverState(key)).calls === 1, 'request arrived');
      controller.abort();
      const error = await rejection(pending);
      expect(isAbort(error)).to.equal(true);
      expect(error).not.to.be.instanceOf(ServiceError);
      await until(async () => (await serverState(key)).aborted === 1, 'server saw the abort');
    });

    it('an abort during the backoff wait stops the retries at once', async () => {
      const key = newKey();
      const controller = new AbortController();
      const pending = client.json('flaky', {
        signal: controller.signal,
        retry: { retries: 3, baseDelayMs: 2000, maxDelayMs: 4000 },
        query: { key, fail: 9, status: 503 },
      });
      await until(async () => (await serverState(key)).calls === 1, 'first attempt');
      controller.abort();
      expect(isAbort(await rejection(pending))).to.equal(true);
      expect((await serverState(key)).calls).to.equal(1);
    });

    it('an already aborted signal never sends', async () => {
      const key = newKey();
      const error = await rejection(client.json('echo', { signal: AbortSignal.abort(), query: { key } }));
      expect(isAbort(error)).to.equal(true);
      expect((await serverState(key)).calls).to.equal(0);
    });
  });

  describe('bodies and error shapes', () => {
    const plain = new HttpClient({ service: 'ai', baseUrl: `${TRANSPORT_URL}/t`, auth: none, retry: { retries: 0 } });

    it('normalises the three spec error shapes, OAuth and bare statuses', async () => {
      const cases: Array<[string, number, Partial<ServiceError>]> = [
        [
          'signing',
          400,
          {
            code: 'error.file.missingData',
            message: 'Missing documents',
            reference: '5f1e0c9a-2b7d-4c3e-9a10-1234567890ab',
          },
        ],
        ['ai', 429, { code: 'http_429', message: 'Message quota exceeded' }],
        ['ai-list', 422, { code: 'validation_error', message: 'body.message: field required' }],
        ['oauth', 401, { code: 'invalid_client', message: 'Invalid client credentials' }],
        ['bare', 403, { code: 'http_403', message: 'HTTP 403 Forbidden' }],
        ['html', 502, { code: 'http_502', message: 'HTTP 502 Bad Gateway' }],
      ];
      for (const [shape, status, expected] of cases) {
        const error = (await rejection(plain.json('/error', { query: { shape, status } }))) as ServiceError;
        expect(error, shape).to.be.instanceOf(ServiceError);
        expect({ kind: error.kind, status: error.status, service: error.service }).to.deep.equal({
          kind: 'http',
          status,
          service: 'ai',
        });
        for (const [field, value] of Object.entries(expected))
          expect((error as unknown as Record<string, unknown>)[field], `${shape}.${field}`).to.equal(value);
      }
    });

    it('exposes Retry-After on an error the client did not retry', async () => {
      const error = (await rejection(
        plain.json('/error', { query: { shape: 'bare', status: 503, retryAfter: '7' } }),
      )) as ServiceError;
      expect(error.retryAfterMs).to.equal(7000);
    });

    it('reports a broken JSON body as kind "parse"; 204 as undefined', async () => {
      const error = (await rejection(plain.json('/bad-json'))) as ServiceError;
      expect([error.kind, error.code]).to.deep.equal(['parse', 'invalid_json']);
      expect(await plain.json('/no-content', { method: 'DELETE' })).to.equal(undefined);
    });

    it('downloads a blob with its file name from Content-Disposition', async () => {
      const file = await plain.blob('/download');
      expect(file.filename).to.equal('contratto firmato €.pdf');
      expect(file.contentType).to.equal('application/pdf');
      expect(await file.blob.text()).to.equal('%PDF-1.4\n%test\n');
    });

    it('text() and response() give the body as is', async () => {
      expect(JSON.parse(await plain.text('/echo', { query: { a: 1 } })).search).to.equal('?a=1');
      const response = await plain.response('/download');
      expect(response.ok).to.equal(true);
      expect(response.bodyUsed).to.equal(false);
      await response.body?.cancel();
    });

    it('an unreachable server is a network error', async () => {
      const gone = new HttpClient({ service: 'desk', baseUrl: 'http://127.0.0.1:9', retry: { retries: 0 } });
      const error = (await rejection(gone.json('/x'))) as ServiceError;
      expect([error.kind, error.service, error.retryable]).to.deep.equal(['network', 'desk', true]);
    });
  });
});
