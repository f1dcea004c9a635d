import { expect } from '@open-wc/testing';
import { SportelloElement } from '../../components/shared/sportello-element.js';
import { SIM_URL } from '/__sportello/env.js';
import { until } from '../harness/harness.js';

describe('SportelloElement', () => {
  it('tolerates a second registration of the same tag (two bundles on one page)', () => {
    class First extends SportelloElement {}
    class Second extends SportelloElement {}
    SportelloElement.define('sportello-define-twice', First);
    expect(() => SportelloElement.define('sportello-define-twice', Second)).not.to.throw();
    expect(customElements.get('sportello-define-twice')).to.equal(First);
  });

  it('emits sportello-* events that cross shadow roots', async () => {
    class Emitter extends SportelloElement {
      fire() {
        return this.emit('sportello-error', { error: new Error('x'), operation: 'test' });
      }
    }
    SportelloElement.define('sportello-emitter-test', Emitter);
    const host = document.createElement('div');
    const root = host.attachShadow({ mode: 'open' });
    const el = document.createElement('sportello-emitter-test') as Emitter;
    root.append(el);
    document.body.append(host);
    let seen: CustomEvent | undefined;
    document.addEventListener('sportello-error', (e) => (seen = e), { once: true });
    el.fire();
    expect(seen?.detail.operation).to.equal('test');
    host.remove();
  });

  it('can reach the simulator started by the test setup', async () => {
    const res = await fetch(`${SIM_URL}/__sim/health`);
    expect(res.status).to.equal(200);
  });
});

describe('SportelloElement language', () => {
  it('re-renders when its own lang or the page lang changes', async () => {
    const { html } = await import('lit');
    class Speaker extends SportelloElement {
      override render() {
        return html`<p>${this.language}</p>`;
      }
    }
    SportelloElement.define('sportello-lang-test', Speaker);
    const before = document.documentElement.lang;
    document.documentElement.lang = 'en';
    const el = document.createElement('sportello-lang-test') as Speaker;
    document.body.append(el);
    await el.updateComplete;
    const text = () => el.shadowRoot!.querySelector('p')!.textContent;
    expect(text()).to.equal('en');
    document.documentElement.lang = 'it';
    // The page's language is watched (a mutation observer): the element follows once it heard.
    await until(() => text() === 'it');
    el.setAttribute('lang', 'en');
    await el.updateComplete;
    expect(text()).to.equal('en');
    el.remove();
    document.documentElement.lang = before;
  });
});
