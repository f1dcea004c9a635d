/**
 * The one configuration rule (src/config.ts), exhaustively over which sources hold an endpoint:
 * the element's own value, then the per-service entries (<sportello-config>, then configure()),
 * then the page-wide ones (<sportello-config>, then configure()).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { resolveFrom, SERVICE_KINDS, type OwnConfig, type SportelloConfig } from '../../src/config.js';

const ORDER = ['own', 'config-service', 'configure-service', 'config-page', 'configure-page'] as const;
type Source = (typeof ORDER)[number];

test('every combination of set sources: the most specific, then the nearest, wins', () => {
  for (const service of SERVICE_KINDS) {
    const other = SERVICE_KINDS.find((s) => s !== service)!;
    for (let mask = 0; mask < 1 << ORDER.length; mask++) {
      const set = (source: Source) => (mask & (1 << ORDER.indexOf(source))) !== 0;
      const url = (source: Source) => (set(source) ? `https://${source}.example/${service}` : undefined);
      const own: OwnConfig = { endpoint: url('own') };
      // An entry for another service never counts for this one.
      const provided: SportelloConfig = {
        endpoint: url('config-page'),
        endpoints: { [service]: url('config-service'), [other]: 'https://config.example/other' },
      };
      const page: SportelloConfig = {
        endpoint: url('configure-page'),
        endpoints: { [service]: url('configure-service'), [other]: 'https://configure.example/other' },
      };
      const winner = ORDER.find(set);
      assert.equal(resolveFrom(service, own, provided, page).endpoint, winner && url(winner), `${service} ${mask}`);
    }
  }
});

test("the issue's example: an AI panel in <sportello-config endpoint=SIGN_URL> with configure({ endpoints: { ai } }) talks to AI", () => {
  const resolved = resolveFrom('ai', {}, { endpoint: '/sign/api/v2' }, { endpoints: { ai: '/ai/api/v2' } });
  assert.equal(resolved.endpoint, '/ai/api/v2');
});

test('tokenProvider and lang: own, then <sportello-config>, then configure()', () => {
  const a = async () => 'a';
  const b = async () => 'b';
  assert.equal(resolveFrom('desk', {}, { tokenProvider: a }, { tokenProvider: b }).tokenProvider, a);
  assert.equal(resolveFrom('desk', { tokenProvider: b }, { tokenProvider: a }, {}).tokenProvider, b);
  assert.equal(resolveFrom('desk', {}, {}, { lang: 'de' }).lang, 'de');
  assert.equal(resolveFrom('desk', {}, { lang: 'fr' }, { lang: 'de' }).lang, 'fr');
  // An empty string is not a value: the next source is asked.
  assert.equal(resolveFrom('sign', { endpoint: '' }, { endpoint: '/x' }, {}).endpoint, '/x');
});
