import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readVisitorToken } from '../../src/model/chat/visitor-identity.js';

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = (claims: unknown) => `${b64url({ alg: 'ES256', typ: 'JWT' })}.${b64url(claims)}.c2lnbmF0dXJl`;
const NOW = 1_800_000_000;

describe('readVisitorToken', () => {
  it('reads name and e-mail of a token still valid', () => {
    const identity = readVisitorToken(
      token({ sub: 'v-42', exp: NOW + 600, name: 'Zoë Müller 🙂', email: 'zoe@example.com' }),
      NOW,
    );
    assert.deepEqual(identity, { sub: 'v-42', exp: NOW + 600, name: 'Zoë Müller 🙂', email: 'zoe@example.com' });
  });

  it('an expired token, or one without name or e-mail, names nobody', () => {
    assert.equal(readVisitorToken(token({ sub: 'v', exp: NOW - 1, name: 'A', email: 'a@b.c' }), NOW), undefined);
    assert.equal(readVisitorToken(token({ sub: 'v', exp: NOW + 60, email: 'a@b.c' }), NOW), undefined);
    assert.equal(readVisitorToken(token({ sub: 'v', exp: NOW + 60, name: 'A' }), NOW), undefined);
    assert.equal(readVisitorToken(token({ exp: NOW + 60, name: 'A', email: 'a@b.c' }), NOW), undefined);
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (a, b, c) => {
        readVisitorToken(`${a}.${b}.${c}`, NOW);
        readVisitorToken(a, NOW);
      }),
    );
  });
});
