import { expect, fixture, html } from '@open-wc/testing';
import fc from 'fast-check';
import sinon from 'sinon';
import { ServiceError, type ErrorKind, type ServiceName } from '../../src/transport/errors.js';
import { loadAllCatalogues } from '../../src/i18n/catalogue.js';
import { BUILT_IN_LANGS } from '../../src/i18n/lang.js';
import { ConfigurationError } from '../../src/controllers/service-client.js';
import { categorise, describeError, errorString } from './error-text.js';
import './error-notice.js';
import type { SportelloErrorNotice } from './error-notice.js';

const http = (status: number, extra: Partial<ConstructorParameters<typeof ServiceError>[0]> = {}) =>
  new ServiceError({ service: 'desk', kind: 'http', status, message: `Injected fault: HTTP ${status}`, ...extra });

describe('describeError: one way to put a failure into words', () => {
  // The catalogues load lazily (an element waits for its own); these pure calls need them first.
  before(() => loadAllCatalogues());

  it('says what happened and what to do, by kind first, then status', () => {
    const cases: Array<[ServiceError | Error, string]> = [
      [new ServiceError({ service: 'chat', kind: 'network', message: 'Failed to fetch' }), 'network'],
      [new ServiceError({ service: 'ai', kind: 'timeout', message: 'timed out' }), 'timeout'],
      [http(401), 'auth'],
      [http(403), 'forbidden'],
      [http(404), 'notFound'],
      [http(413), 'tooLarge'],
      [http(400), 'rejected'],
      [http(422), 'rejected'],
      [http(429, { retryAfterMs: 3000 }), 'rate'],
      [http(500), 'server'],
      [http(503), 'server'],
      [new ServiceError({ service: 'ai', kind: 'protocol', status: 200, code: 'stream_cut', message: 'cut' }), 'cut'],
      [new ServiceError({ service: 'sign', kind: 'parse', status: 200, message: 'not JSON' }), 'broken'],
      [new ConfigurationError('endpoint is required'), 'config'],
      [new Error('boom'), 'unknown'],
    ];
    for (const [error, category] of cases) {
      const words = describeError('en', error);
      expect(words.category, error.message).to.equal(category);
      expect(words.what).to.equal(errorString('en', `${category}What` as never));
      expect(words.todo.length).to.be.greaterThan(0);
    }
  });

  it('a 401 to an element that sent no credentials asks to sign in, not to sign in again', () => {
    expect(categorise(http(401), { anonymous: true })).to.equal('signIn');
    expect(categorise(http(401))).to.equal('auth');
    // The page's own keys refused is still the page's setup, whatever else is said.
    expect(categorise(http(401), { keys: true, anonymous: true })).to.equal('config');
    expect(categorise(http(403), { anonymous: true })).to.equal('forbidden');
    for (const lang of BUILT_IN_LANGS) {
      const words = describeError(lang, http(401), { anonymous: true });
      expect(words.what).to.equal(errorString(lang, 'signInWhat'));
      expect(words.what).not.to.equal(errorString(lang, 'authWhat'));
    }
  });

  it('the same 5xx reads the same in every element', () => {
    const services: ServiceName[] = ['ai', 'sign', 'desk', 'chat'];
    const what = new Set(services.map((service) => describeError('en', http(500, { service })).what));
    expect(what.size).to.equal(1);
  });

  it('never shows the server’s own message; keeps status, code and reference for support', () => {
    const words = describeError('en', http(404, { code: 'error.file.notFound', reference: '7c5da367-7dcb-453c-8bb8' }));
    expect(`${words.what} ${words.todo}`).not.to.contain('Injected fault');
    expect(words.support).to.equal('desk: HTTP 404 · error.file.notFound · ref 7c5da367-7dcb-453c-8bb8');
  });

  it('property: no message from the server, in any language, reaches the visitor’s words', () => {
    const kinds: ErrorKind[] = ['http', 'network', 'timeout', 'parse', 'protocol'];
    fc.assert(
      fc.property(
        fc.constantFrom(...kinds),
        fc.option(fc.integer({ min: 100, max: 599 }), { nil: undefined }),
        fc.string({ minLength: 12 }).filter((m) => m.trim().length >= 12),
        fc.option(fc.string({ minLength: 12 }), { nil: undefined }),
        fc.constantFrom(...BUILT_IN_LANGS),
        (kind, status, message, code, lang) => {
          const words = describeError(lang, new ServiceError({ service: 'ai', kind, status, message, code }));
          const shown = `${words.what} ${words.todo} ${words.support ?? ''}`;
          // A code is quoted only when it is a machine word, never prose.
          const quotable = !!code && /^[\w.:-]{1,64}$/.test(code);
          if (code && !quotable) expect(shown).not.to.contain(code);
          // The message never is, wherever it lands (the quoted code aside: fast-check once drew
          // the same machine word, "sPrototypeOf", for both).
          expect(quotable ? shown.replaceAll(code!, '') : shown).not.to.contain(message);
        },
      ),
    );
  });

  it('429 carries the wait the service asked for', () => {
    expect(describeError('en', http(429, { retryAfterMs: 2500 })).waitMs).to.equal(2500);
    expect(describeError('en', http(429)).waitMs).to.equal(undefined);
  });

  it('categorises a ServiceError that crossed a bundle boundary by name', () => {
    const foreign = Object.assign(new Error('x'), { name: 'ServiceError', kind: 'http', status: 403, service: 'sign' });
    expect(categorise(foreign)).to.equal('forbidden');
  });
});

describe('<sportello-error-notice>', () => {
  before(() => loadAllCatalogues());

  it('429: Retry stays disabled while the countdown runs, then retries by itself with auto-retry', async () => {
    let retried = 0;
    // The notice counts down on the test's clock: the second the service asked for passes when the
    // test says so, however busy the machine.
    const clock = sinon.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'], now: Date.now() });
    let el: SportelloErrorNotice;
    try {
      el = await fixture<SportelloErrorNotice>(html`<sportello-error-notice
        lang="en"
        .speaker=${{ language: 'en' }}
        .error=${http(429, { retryAfterMs: 1000 })}
        .retry=${() => retried++}
        auto-retry
      ></sportello-error-notice>`);
      const button = el.querySelector<HTMLButtonElement>('[part="error-retry"]')!;
      expect(button.disabled).to.equal(true);
      expect(button.textContent).to.match(/Try again \(1\)/);
      expect(el.querySelector('[role="alert"]')!.textContent).to.contain('tried again by itself');
      clock.tick(900);
      expect(retried, 'before the second is up').to.equal(0);
      clock.tick(100);
      expect(retried).to.equal(1);
      await el.updateComplete;
      expect(el.querySelector<HTMLButtonElement>('[part="error-retry"]')!.disabled).to.equal(false);
    } finally {
      clock.uninstall();
    }
    await expect(el).to.be.accessible();
  });

  it('without auto-retry the visitor presses Retry once the wait is over', async () => {
    let retried = 0;
    const el = await fixture<SportelloErrorNotice>(html`<sportello-error-notice
      .speaker=${{ language: 'en' }}
      .error=${http(500, { reference: 'abc-123' })}
      .retry=${() => retried++}
    ></sportello-error-notice>`);
    const button = el.querySelector<HTMLButtonElement>('[part="error-retry"]')!;
    expect(button.disabled).to.equal(false);
    expect(el.querySelector('[part="error-support"]')!.textContent).to.contain('ref abc-123');
    button.click();
    expect(retried).to.equal(1);
  });
});
