/**
 * The one configuration rule, element by element, against the real simulator: the element's own
 * endpoint, then the per-service entries (the nearest <sportello-config>'s, then configure()'s),
 * then the page-wide ones (<sportello-config endpoint>, then configure({ endpoint })). And late configuration: an element that failed for want of it
 * recovers by itself, without a click, when it arrives.
 *
 * Each rung is proved the same way: the rung under test holds the real endpoint and every rung
 * below it a wrong one (the simulator answers 404 there). The element shows its content only if
 * the rung under test won.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { configure, resetConfiguration, type ServiceKind } from '../../src/config.js';
import { clientCredentials } from '../../src/transport/auth.js';
import { setPdfWorkerSrc } from '../../src/pdf/pdfjs.js';
import '../../components/shared/sportello-config.js';
import '../../components/sign-viewer/index.js';
import '../../components/desk-form/index.js';
import '../../components/ai-chat/index.js';
import '../../components/live-chat/index.js';
import type { SportelloConfigElement } from '../../components/shared/sportello-config.js';
import type { SportelloLiveChat } from '../../components/live-chat/live-chat.js';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

const TOKEN_URL = `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`;
const provider = clientCredentials({ tokenUrl: TOKEN_URL, clientId: 'sportello-demo', clientSecret: 'demo-secret' });
const wrong = (service: ServiceKind, rung: string) => `${SIM_URL}/nowhere-${service}-${rung}`;
const shadow = (el: Element) => el.shadowRoot!;
const until = <T>(fn: () => T, message: string) => waitUntil(fn, message, { timeout: 15000 }).then(() => fn());

interface Case {
  service: ServiceKind;
  right: string;
  /** Makes the element (not yet connected), with its credentials but without an endpoint. */
  make(): HTMLElement;
  /** Starts what the element does on its own or on a visitor's action. */
  act?(el: HTMLElement): Promise<void> | void;
  /** Resolves 'ok' once content is shown, 'failed' once an error is. */
  outcome(el: HTMLElement): 'ok' | 'failed' | undefined;
}

/** The window inside the live chat (light launcher + lazily loaded window). */
const chatWindow = (el: HTMLElement) => (el as SportelloLiveChat).chatWindow;

const CASES: Case[] = [
  {
    service: 'sign',
    right: `${SIM_URL}/sign/api/v2`,
    make() {
      const el = document.createElement('sportello-sign-viewer');
      for (const [k, v] of Object.entries({
        lang: 'en',
        'id-file': '1001',
        'sign-token': 'demo-sign-token',
        'sign-user': 'demo',
      }))
        el.setAttribute(k, v);
      return el;
    },
    outcome: (el) =>
      shadow(el).querySelector('.practice-name')
        ? 'ok'
        : shadow(el).querySelector('[part="error"]')
          ? 'failed'
          : undefined,
  },
  {
    service: 'desk',
    right: `${SIM_URL}/desk`,
    make() {
      const el = document.createElement('sportello-desk-form');
      el.setAttribute('lang', 'en');
      el.setAttribute('request-id', '7001');
      el.tokenProvider = provider;
      return el;
    },
    outcome(el) {
      const view = shadow(el).querySelector('sportello-desk-request');
      const root = view?.shadowRoot;
      return root?.querySelector('#request-title')
        ? 'ok'
        : root?.querySelector('[role="alert"]')
          ? 'failed'
          : undefined;
    },
  },
  {
    service: 'ai',
    right: `${SIM_URL}/ai/api/v2`,
    make() {
      const el = document.createElement('sportello-ai-chat');
      for (const [k, v] of Object.entries({ lang: 'en', 'api-key': 'spk_demo', 'agent-id': '1', stream: 'false' }))
        el.setAttribute(k, v);
      return el;
    },
    async act(el) {
      await (el as HTMLElement & { updateComplete: Promise<unknown> }).updateComplete;
      void (el as HTMLElement & { ask(text: string): Promise<void> }).ask('hello');
    },
    outcome(el) {
      // The answers are rows of the panel's thread (the shared message list).
      const thread = shadow(el).querySelector('sportello-ai-thread')?.shadowRoot;
      const answer = Array.from(thread?.querySelectorAll('.msg.assistant') ?? []).at(-1);
      if (!answer) return undefined;
      if (answer.querySelector('[part="error"]') || thread?.querySelector('[part="error"]')) return 'failed';
      return answer.querySelector('.md')?.textContent?.trim() && !answer.querySelector('[aria-busy="true"]')
        ? 'ok'
        : undefined;
    },
  },
  {
    service: 'chat',
    right: `${SIM_URL}/chat`,
    make() {
      localStorage.clear();
      const el = document.createElement('sportello-live-chat');
      for (const [k, v] of Object.entries({ lang: 'en', 'widget-key': 'demo', mode: 'inline' })) el.setAttribute(k, v);
      (el as SportelloLiveChat & { reportNavigation: boolean }).reportNavigation = false;
      return el;
    },
    outcome(el) {
      const root = chatWindow(el)?.shadowRoot;
      if (!root) return undefined;
      if (root.querySelector('form')) return 'ok';
      return root.querySelector('.body [part="error"]') ? 'failed' : undefined;
    },
  },
];

type Rung = 'own' | 'config-service' | 'configure-service' | 'config-page' | 'configure-page';
/** Most specific first, then nearest: a per-service entry anywhere beats a page-wide one anywhere. */
const RUNGS: Rung[] = ['own', 'config-service', 'configure-service', 'config-page', 'configure-page'];

/** Mounts the element inside a <sportello-config>, with `winner` holding the right endpoint and every rung below it a wrong one. */
async function mount(c: Case, winner: Rung | undefined): Promise<{ el: HTMLElement; config: SportelloConfigElement }> {
  const at = winner ? RUNGS.indexOf(winner) : -1;
  const value = (rung: Rung): string | undefined => {
    const i = RUNGS.indexOf(rung);
    return i < at ? undefined : i === at ? c.right : wrong(c.service, rung);
  };
  configure({ endpoint: value('configure-page'), endpoints: { [c.service]: value('configure-service') } });
  const config = await fixture<SportelloConfigElement>(html`<sportello-config></sportello-config>`);
  const page = value('config-page');
  const own = value('own');
  const perService = value('config-service');
  if (page) config.setAttribute('endpoint', page);
  if (perService) config.setAttribute(`${c.service}-endpoint`, perService);
  const el = c.make();
  if (own) el.setAttribute('endpoint', own);
  config.append(el);
  await c.act?.(el);
  return { el, config };
}

async function outcomeOf(c: Case, el: HTMLElement): Promise<'ok' | 'failed'> {
  try {
    return (await until(() => c.outcome(el), `<${el.localName}> shows neither content nor an error`))!;
  } catch (e) {
    const root =
      c.service === 'chat'
        ? chatWindow(el)?.shadowRoot
        : c.service === 'ai'
          ? el.shadowRoot?.querySelector('sportello-ai-thread')?.shadowRoot
          : el.shadowRoot;
    console.log(`<${el.localName}> at the timeout:`, root?.innerHTML.replace(/<!--[^>]*-->/g, '').slice(0, 3000));
    throw e;
  }
}

afterEach(() => {
  resetConfiguration();
  localStorage.clear();
});

for (const c of CASES) {
  describe(`configuration rule: ${c.service}`, () => {
    it('the rung below the winner would fail: a wrong endpoint everywhere shows an error', async () => {
      const { el } = await mount(c, undefined);
      expect(await outcomeOf(c, el)).to.equal('failed');
    });

    for (const rung of RUNGS) {
      it(`${rung} wins over every rung below it`, async () => {
        const { el } = await mount(c, rung);
        expect(await outcomeOf(c, el)).to.equal('ok');
      });
    }

    it("the issue's example: inside <sportello-config endpoint=another service's URL>, configure({ endpoints }) for this service wins", async () => {
      // Another service's real base URL as the page-wide entry (the issue: an AI panel inside
      // <sportello-config endpoint=SIGN_URL> POSTed to the signing service and got 404).
      const other = CASES.find((o) => o.service !== c.service)!.right;
      configure({ endpoints: { [c.service]: c.right } });
      const config = await fixture<SportelloConfigElement>(
        html`<sportello-config endpoint=${other}></sportello-config>`,
      );
      const asked: string[] = [];
      const observer = new PerformanceObserver((list) => asked.push(...list.getEntries().map((e) => e.name)));
      observer.observe({ type: 'resource', buffered: false });
      const el = c.make();
      config.append(el);
      await c.act?.(el);
      expect(await outcomeOf(c, el)).to.equal('ok');
      observer.disconnect();
      expect(asked.filter((url) => url.startsWith(other))).to.deep.equal([]);
    });

    it('a changed endpoint recovers a failed element without a click', async () => {
      const errors: string[] = [];
      const { el, config } = await mount(c, undefined);
      el.addEventListener('sportello-error', (e) => errors.push(e.detail.operation));
      expect(await outcomeOf(c, el)).to.equal('failed');
      // The page drops the element's wrong endpoint and fixes its <sportello-config>: the element
      // follows and tries again by itself.
      el.removeAttribute('endpoint');
      config.setAttribute(`${c.service}-endpoint`, c.right);
      expect(await until(() => (c.outcome(el) === 'ok' ? 'ok' : undefined), 'recovered')).to.equal('ok');
    });
  });
}

describe('late configuration', () => {
  it('sign: a tokenProvider set late through configure() recovers a viewer that failed with 401', async () => {
    const el = document.createElement('sportello-sign-viewer');
    for (const [k, v] of Object.entries({ lang: 'en', 'id-file': '1001', endpoint: `${SIM_URL}/sign/api/v2` }))
      el.setAttribute(k, v);
    let failure: CustomEvent | undefined;
    el.addEventListener('sportello-error', (e) => (failure = e));
    await fixture(el);
    await until(() => shadow(el).querySelector('[part="error"]'), 'error shown');
    expect((failure?.detail.error as { status?: number }).status).to.equal(401);
    configure({ tokenProvider: provider });
    await until(() => shadow(el).querySelector('.practice-name'), 'practice shown after the late token provider');
  });

  it('desk: a tokenProvider set late on <sportello-config> recovers a request view that failed with 401', async () => {
    const config = await fixture<SportelloConfigElement>(
      html`<sportello-config desk-endpoint=${`${SIM_URL}/desk`}></sportello-config>`,
    );
    const el = document.createElement('sportello-desk-form');
    el.setAttribute('lang', 'en');
    el.setAttribute('request-id', '7001');
    config.append(el);
    const view = (await until(() => shadow(el).querySelector('sportello-desk-request'), 'request view'))!;
    await until(() => view.shadowRoot?.querySelector('[role="alert"]'), '401 shown');
    config.tokenProvider = provider;
    await until(() => view.shadowRoot?.querySelector('#request-title'), 'request shown after the late token provider');
  });

  it('desk: a tokenProvider set late on the element itself recovers it too', async () => {
    const el = document.createElement('sportello-desk-form');
    el.setAttribute('lang', 'en');
    el.setAttribute('request-id', '7001');
    el.setAttribute('endpoint', `${SIM_URL}/desk`);
    await fixture(el);
    const view = (await until(() => shadow(el).querySelector('sportello-desk-request'), 'request view'))!;
    await until(() => view.shadowRoot?.querySelector('[role="alert"]'), '401 shown');
    el.tokenProvider = provider;
    await until(() => view.shadowRoot?.querySelector('#request-title'), 'request shown after the late token provider');
  });

  it('ai: credentials given late (a valid key after a revoked one) answer the failed question without a click', async () => {
    const el = document.createElement('sportello-ai-chat');
    for (const [k, v] of Object.entries({
      lang: 'en',
      'api-key': 'spk_revoked',
      'agent-id': '1',
      stream: 'false',
      endpoint: `${SIM_URL}/ai/api/v2`,
    }))
      el.setAttribute(k, v);
    await fixture(el);
    const ai = CASES.find((c) => c.service === 'ai')!;
    await ai.act!(el);
    expect(await outcomeOf(ai, el)).to.equal('failed');
    el.setAttribute('api-key', 'spk_demo');
    expect(await until(() => (ai.outcome(el) === 'ok' ? 'ok' : undefined), 'answered')).to.equal('ok');
    expect(
      shadow(el).querySelector('sportello-ai-thread')!.shadowRoot!.querySelectorAll('.msg.assistant').length,
    ).to.equal(1);
  });

  it('every element reports a missing endpoint as sportello-error (operation "configure")', async () => {
    for (const c of CASES) {
      const seen: string[] = [];
      const host = await fixture<HTMLDivElement>(html`<div></div>`);
      host.addEventListener('sportello-error', (e) => seen.push(e.detail.operation));
      const el = c.make();
      host.append(el);
      await c.act?.(el);
      await until(() => seen.includes('configure'), `<${el.localName}> reported its missing endpoint`);
    }
  });
});
