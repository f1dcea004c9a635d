// Fast unit tests of the transport's pure pieces (no I/O).
import { expect } from '@open-wc/testing';
import fc from 'fast-check';
import { backoffDelay } from '../../../src/transport/backoff.js';
import { buildQuery, filenameFromContentDisposition, joinUrl, shouldRetry } from '../../../src/transport/http.js';
import { errorFieldsFromBody, errorFromResponse, parseRetryAfter } from '../../../src/transport/http-errors.js';
import { ServiceError } from '../../../src/transport/errors.js';
import { toWebSocketUrl } from '../../../src/transport/stomp.js';
import {
  aiApiKey,
  isLocalHost,
  resetRawKeyWarning,
  signApiKey,
  SOURCE_APPS,
  warnRawKey,
  type SourceApp,
} from '../../../src/transport/auth.js';

describe('transport pure pieces', () => {
  describe('query strings and URLs', () => {
    it('repeats array keys, skips null/undefined, writes booleans and numbers', () => {
      expect(
        buildQuery({ status: ['L', 'F'], page: 0, size: 20, q: 'a b&c', none: null, nothing: undefined, active: true }),
      ).to.equal('status=L&status=F&page=0&size=20&q=a+b%26c&active=true');
      expect(buildQuery(undefined)).to.equal('');
      expect(buildQuery({ empty: [] })).to.equal('');
    });

    it('round-trips any query through URLSearchParams', () => {
      fc.assert(
        fc.property(fc.dictionary(fc.string({ minLength: 1 }), fc.array(fc.string(), { maxLength: 3 })), (query) => {
          const parsed = new URLSearchParams(buildQuery(query));
          for (const [key, values] of Object.entries(query)) expect(parsed.getAll(key)).to.deep.equal(values);
        }),
      );
    });

    it('joins base and path with exactly one slash', () => {
      for (const base of ['http://h/api', 'http://h/api/', 'http://h/api//']) {
        for (const path of ['x/y', '/x/y', '//x/y']) expect(joinUrl(base, path)).to.equal('http://h/api/x/y');
      }
      expect(joinUrl('http://h/api', '')).to.equal('http://h/api');
      expect(joinUrl('http://h/api', 'https://other/x')).to.equal('https://other/x');
      expect(joinUrl('http://h/api', '/list', { status: ['L', 'F'] })).to.equal('http://h/api/list?status=L&status=F');
      expect(joinUrl('http://h/api', '/list?a=1', { b: 2 })).to.equal('http://h/api/list?a=1&b=2');
    });

    it('turns an HTTP base into a WebSocket URL', () => {
      expect(toWebSocketUrl('http://host:8080/chat', '/websocket')).to.equal('ws://host:8080/chat/websocket');
      expect(toWebSocketUrl('https://host/chat/', 'websocket')).to.equal('wss://host/chat/websocket');
      expect(toWebSocketUrl('/chat', '/websocket')).to.equal(`ws://${location.host}/chat/websocket`);
    });
  });

  describe('Retry-After', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    it('reads seconds and HTTP dates, refuses junk', () => {
      expect(parseRetryAfter('3', now)).to.equal(3000);
      expect(parseRetryAfter(' 0 ', now)).to.equal(0);
      expect(parseRetryAfter('1.5', now)).to.equal(1500);
      expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).to.equal(5000);
      expect(parseRetryAfter('Wed, 31 Dec 2025 23:59:00 GMT', now)).to.equal(0); // in the past: now
      expect(parseRetryAfter(null, now)).to.equal(undefined);
      expect(parseRetryAfter('', now)).to.equal(undefined);
      expect(parseRetryAfter('-5', now)).to.equal(undefined);
      expect(parseRetryAfter('soon', now)).to.equal(undefined);
    });
    it('reads any delta-seconds exactly', () => {
      fc.assert(fc.property(fc.nat(1_000_000), (s) => parseRetryAfter(String(s), now) === s * 1000));
    });
  });

  describe('backoff', () => {
    it('stays between half and all of the capped exponential, never above the ceiling', () => {
      fc.assert(
        fc.property(
          fc.nat(40),
          fc.integer({ min: 1, max: 5000 }),
          fc.integer({ min: 1, max: 60000 }),
          fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }),
          (attempt, base, max, r) => {
            const delay = backoffDelay(attempt, { baseDelayMs: base, maxDelayMs: max }, () => r);
            const full = Math.min(Math.max(base, max), base * 2 ** attempt);
            return delay >= Math.floor(full / 2) && delay <= Math.ceil(full) && delay <= Math.max(base, max);
          },
        ),
      );
    });
    it('grows exponentially until the ceiling', () => {
      const top = () => 0.999999;
      expect([0, 1, 2, 3, 4, 5].map((n) => backoffDelay(n, { baseDelayMs: 500, maxDelayMs: 8000 }, top))).to.deep.equal(
        [500, 1000, 2000, 4000, 8000, 8000],
      );
      expect(backoffDelay(3, { baseDelayMs: 500, maxDelayMs: 8000 }, () => 0)).to.equal(2000);
    });
  });

  describe('error normalising', () => {
    it('reads the signing shape', () => {
      expect(
        errorFieldsFromBody({
          status: 400,
          details: 'Missing documents',
          messageKey: 'error.file.missingData',
          reference: 'ref-1',
          timestamp: 't',
          type: 'common',
        }),
      ).to.deep.equal({ message: 'Missing documents', code: 'error.file.missingData', reference: 'ref-1' });
    });
    it('reads the AI shape, string or validation list', () => {
      expect(errorFieldsFromBody({ detail: 'Message quota exceeded' })).to.deep.equal({
        message: 'Message quota exceeded',
      });
      expect(errorFieldsFromBody({ detail: [{ loc: ['body', 'message'], msg: 'field required' }] })).to.deep.equal({
        message: 'body.message: field required',
        code: 'validation_error',
      });
    });
    it('reads the OAuth shape and tolerates anything else', () => {
      expect(errorFieldsFromBody({ error: 'invalid_client', error_description: 'Bad secret' })).to.deep.equal({
        message: 'Bad secret',
        code: 'invalid_client',
      });
      expect(errorFieldsFromBody({ error: 'invalid_scope' })).to.deep.equal({
        message: 'invalid_scope',
        code: 'invalid_scope',
      });
      expect(
        errorFieldsFromBody({
          status: 400,
          error: 'Bad Request',
          message: 'email is not valid',
          errors: { email: 'invalid' },
        }),
      ).to.deep.equal({ message: 'email is not valid', code: 'Bad Request' });
      fc.assert(fc.property(fc.jsonValue(), (body) => typeof errorFieldsFromBody(body) === 'object'));
    });
    it('builds a ServiceError from a Response of each shape', async () => {
      const bare = await errorFromResponse(
        'chat',
        new Response(null, { status: 429, statusText: 'Too Many Requests', headers: { 'Retry-After': '2' } }),
      );
      expect(bare).to.be.instanceOf(ServiceError);
      expect([bare.kind, bare.status, bare.code, bare.retryAfterMs, bare.retryable]).to.deep.equal([
        'http',
        429,
        'http_429',
        2000,
        true,
      ]);
      const html = await errorFromResponse('desk', new Response('<html>Bad gateway</html>', { status: 502 }));
      expect(html.message).to.equal('HTTP 502');
      const text = await errorFromResponse('desk', new Response('Service down for maintenance', { status: 503 }));
      expect(text.message).to.equal('Service down for maintenance');
      const signing = await errorFromResponse(
        'sign',
        new Response(
          JSON.stringify({ status: 404, details: 'Practice not found', messageKey: 'error.notFound', reference: 'r' }),
          { status: 404 },
        ),
      );
      expect([signing.message, signing.code, signing.reference, signing.retryable]).to.deep.equal([
        'Practice not found',
        'error.notFound',
        'r',
        false,
      ]);
    });
    it('retries only what is safe', () => {
      const err = (status?: number, kind: 'http' | 'network' | 'timeout' = 'http') =>
        new ServiceError({ service: 'ai', kind, status, message: 'x' });
      expect(shouldRetry(err(503), 'GET', false)).to.equal(true);
      expect(shouldRetry(err(undefined, 'network'), 'GET', false)).to.equal(true);
      expect(shouldRetry(err(undefined, 'timeout'), 'GET', false)).to.equal(true);
      expect(shouldRetry(err(404), 'GET', false)).to.equal(false);
      expect(shouldRetry(err(503), 'POST', false)).to.equal(false);
      expect(shouldRetry(err(undefined, 'network'), 'POST', false)).to.equal(false);
      expect(shouldRetry(err(503), 'POST', true)).to.equal(true);
      expect(shouldRetry(err(429), 'POST', false)).to.equal(true);
      expect(shouldRetry(err(429), 'DELETE', false)).to.equal(true);
      expect(shouldRetry(err(400), 'POST', true)).to.equal(false);
    });
  });

  describe('Content-Disposition', () => {
    it('prefers filename* and decodes it', () => {
      expect(
        filenameFromContentDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''contratto%20%E2%82%AC.pdf`),
      ).to.equal('contratto €.pdf');
      expect(filenameFromContentDisposition('attachment; filename="say \\"hi\\".pdf"')).to.equal('say "hi".pdf');
      expect(filenameFromContentDisposition('inline; filename=plain.txt')).to.equal('plain.txt');
      expect(filenameFromContentDisposition('attachment')).to.equal(undefined);
      expect(filenameFromContentDisposition(null)).to.equal(undefined);
    });
  });

  describe('auth', () => {
    it('warns once about a raw key off localhost, never on localhost', () => {
      const warnings: unknown[][] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => void warnings.push(args);
      try {
        resetRawKeyWarning();
        signApiKey('demo-sign-token', 'demo'); // this page is on localhost: quiet
        expect(warnRawKey('API key', '127.0.0.1')).to.equal(false);
        expect(warnRawKey('API key', '[::1]')).to.equal(false);
        expect(warnings).to.have.length(0);
        expect(warnRawKey('API key', 'shop.example.com')).to.equal(true);
        expect(warnRawKey('chat token', 'shop.example.com')).to.equal(false);
        expect(warnings).to.have.length(1);
        expect(String(warnings[0]![0])).to.match(/proxy/);
      } finally {
        console.warn = original;
        resetRawKeyWarning();
      }
      expect(['localhost', 'app.localhost', '127.0.0.1', '::1'].every(isLocalHost)).to.equal(true);
      expect(['example.com', '10.0.0.1', 'localhost.evil.com'].some(isLocalHost)).to.equal(false);
    });

    it('accepts only the closed X-Source-App list', async () => {
      expect(SOURCE_APPS).to.deep.equal(['chat_app', 'desk_app', 'api_direct', 'ai_app', 'internal']);
      expect(() => aiApiKey('spk_demo', 'legacy-v1' as SourceApp)).to.throw(RangeError);
      expect(await aiApiKey('spk_demo', 'ai_app', 'ext-1').headers()).to.deep.equal({
        'X-Api-Key': 'spk_demo',
        'X-Source-App': 'ai_app',
        'X-External-Id': 'ext-1',
      });
    });
  });
});
