import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readTokenClaims, tokenSigner } from '../../src/model/visitor-token.js';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: unknown) => `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(claims)}.c2lnbmF0dXJl`;
const NOW = 1_800_000_000;

describe('tokenSigner', () => {
  it("reads the signer of the gateway's sign scope", () => {
    const t = token({
      sub: 'ada',
      exp: NOW + 300,
      sportello: { sign: { files: [1001], signer: ' laura.bianchi@acme.test ' } },
    });
    assert.equal(tokenSigner(t, NOW), 'laura.bianchi@acme.test');
  });

  it('names no signer: expired, no sign scope, not an e-mail, not a JWT', () => {
    const sign = { files: [1001], signer: 'laura@acme.test' };
    assert.equal(tokenSigner(token({ sub: 'a', exp: NOW - 1, sportello: { sign } }), NOW), undefined);
    assert.equal(tokenSigner(token({ sub: 'a', exp: NOW + 60, sportello: { desk: { idUtente: 1 } } }), NOW), undefined);
    assert.equal(
      tokenSigner(token({ sub: 'a', exp: NOW + 60, sportello: { sign: { signer: 'laura' } } }), NOW),
      undefined,
    );
    assert.equal(tokenSigner(token({ sub: 'a', exp: NOW + 60, sportello: 'sign' }), NOW), undefined);
    assert.equal(tokenSigner('opaque-bearer-token', NOW), undefined);
    assert.equal(tokenSigner(undefined, NOW), undefined);
  });

  it('claims are a JSON object payload with a future exp, or nothing', () => {
    assert.deepEqual(readTokenClaims(token({ exp: NOW + 1, name: 'A' }), NOW), { exp: NOW + 1, name: 'A' });
    assert.equal(readTokenClaims(token([1, 2]), NOW), undefined);
    assert.equal(readTokenClaims(token({ name: 'A' }), NOW), undefined);
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        tokenSigner(`${a}.${b}.${c}`, NOW);
        tokenSigner(a, NOW);
      }),
    );
  });
});
