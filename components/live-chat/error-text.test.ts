import { expect } from '@open-wc/testing';
import { ServiceError } from '../../src/transport/errors.js';
import { chatErrorText } from './error-text.js';
import { t, type ChatKey } from './strings.js';
import { loadAllCatalogues } from '../../src/i18n/catalogue.js';

const en = (key: ChatKey, params?: Record<string, string | number>) => t('en', key, params);
const http = (status: number, extra: Partial<ConstructorParameters<typeof ServiceError>[0]> = {}) =>
  new ServiceError({ service: 'chat', kind: 'http', status, message: `server said ${status}`, ...extra });

describe('chatErrorText', () => {
  // The catalogues load lazily (an element waits for its own); these pure calls need them here first.
  before(() => loadAllCatalogues());

  it('says what happened and what to do, by kind and status', () => {
    expect(
      chatErrorText(new ServiceError({ service: 'chat', kind: 'network', message: 'Failed to fetch' }), 'rating', en),
    ).to.equal(en('errNetwork'));
    expect(
      chatErrorText(new ServiceError({ service: 'chat', kind: 'timeout', message: 'timed out' }), 'start-chat', en),
    ).to.equal(en('errNetwork'));
    expect(chatErrorText(http(401), 'load-widget', en)).to.contain('error 401');
    expect(chatErrorText(http(403), 'load-widget', en)).to.contain('widget key');
    expect(chatErrorText(http(404), 'load-widget', en)).to.equal(en('errUnknownWidget'));
    expect(chatErrorText(http(404), 'rating', en)).to.equal(en('errNotFound'));
    expect(chatErrorText(http(429, { retryAfterMs: 2500 }), 'start-chat', en)).to.equal(
      'Too many requests: try again in 3 seconds.',
    );
    expect(chatErrorText(http(429), 'start-chat', en)).to.equal(en('errRateNow'));
    expect(chatErrorText(http(502), 'transcript', en)).to.equal(
      'The chat service is having trouble (error 502). Try again in a moment.',
    );
  });

  it("keeps the server's message where it says what input was wrong, and for errors that are not the service's", () => {
    expect(chatErrorText(http(400), 'contact-request', en)).to.equal('Something went wrong: server said 400');
    expect(chatErrorText(new Error('boom'), 'send', en)).to.equal('Something went wrong: boom');
  });

  it('speaks Italian', () => {
    const it_ = (key: ChatKey, params?: Record<string, string | number>) => t('it', key, params);
    expect(chatErrorText(http(503), 'load-widget', it_)).to.equal(
      'Il servizio di chat ha un problema (errore 503). Riprovi tra poco.',
    );
  });
});
