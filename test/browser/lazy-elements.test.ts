import { expect, waitUntil } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { loadElements, watchForElements } from '../../entries/lazy-elements.js';
import type { SportelloErrorDetail } from '../../components/shared/sportello-element.js';
import { until } from '../harness/harness.js';

const loadedModules = () =>
  performance
    .getEntriesByType('resource')
    .map((e) => e.name)
    .filter((n) => n.includes('/components/'));

describe('lazy element loading (the script-tag bundle)', () => {
  it('loads an element the first time its tag appears, and nothing for tags the page does not use', async () => {
    watchForElements();
    expect(customElements.get('sportello-desk-form')).to.equal(undefined);
    const host = document.createElement('div');
    host.innerHTML = '<section><sportello-desk-form></sportello-desk-form></section>';
    document.body.append(host);
    await customElements.whenDefined('sportello-desk-form');
    expect(host.querySelector('sportello-desk-form')!.shadowRoot, 'upgraded in place').to.exist;
    // Let any stray import happen (the page goes idle twice), then check what was fetched.
    for (let i = 0; i < 2; i++) await new Promise((r) => requestIdleCallback(() => r(undefined), { timeout: 5000 }));
    const fetched = loadedModules();
    expect(fetched.some((n) => n.includes('/components/desk-form/'))).to.equal(true);
    expect(
      fetched.some((n) => n.includes('/components/sign-viewer/')),
      'no viewer code',
    ).to.equal(false);
    expect(
      fetched.some((n) => n.includes('/components/ai-chat/')),
      'no AI code',
    ).to.equal(false);
    expect(customElements.get('sportello-sign-viewer')).to.equal(undefined);
    host.remove();
  });

  it('a launcher-mode AI panel: the watcher loads only its small loader, which paints the closed bubble', async () => {
    const el = document.createElement('sportello-ai-chat');
    el.setAttribute('mode', 'launcher');
    el.setAttribute('lang', 'en');
    document.body.append(el);
    await until(() => el.shadowRoot?.querySelector('button.launcher'));
    expect(el.shadowRoot?.querySelector('button.launcher')?.getAttribute('aria-label')).to.equal('Open the assistant');
    expect(customElements.get('sportello-ai-chat'), 'the panel waits for intent').to.equal(undefined);
    const fetched = loadedModules();
    expect(fetched.some((n) => n.includes('/components/ai-chat/parts/launcher'))).to.equal(true);
    expect(fetched.some((n) => n.includes('/components/ai-chat/ai-chat.'))).to.equal(false);
    el.remove();
  });

  it('<sportello-config> is defined on sight too, before the elements inside it resolve their configuration', async () => {
    expect(customElements.get('sportello-config'), 'nothing defined before its tag appears').to.equal(undefined);
    const host = document.createElement('div');
    host.innerHTML = `<sportello-config lang="en"><sportello-sign-viewer id-file="1001" sign-token="demo-sign-token" sign-user="demo"></sportello-sign-viewer></sportello-config>`;
    host.firstElementChild!.setAttribute('sign-endpoint', `${SIM_URL}/sign/api/v2`);
    const problems: string[] = [];
    host.addEventListener('sportello-error', (e) =>
      problems.push((e as CustomEvent<SportelloErrorDetail>).detail.operation),
    );
    document.body.append(host);
    const viewer = host.querySelector('sportello-sign-viewer')!;
    await waitUntil(
      () => viewer.shadowRoot?.querySelector('.practice-name'),
      'the practice, from the endpoint of <sportello-config>',
      {
        timeout: 15000,
      },
    );
    expect(customElements.get('sportello-config')).to.exist;
    expect(problems, 'no configuration problem on the way').to.deep.equal([]);
    host.remove();
  });

  it('loadElements() defines elements for pages that need them before they are in the document', async () => {
    await loadElements(['sportello-sign-viewer']);
    expect(customElements.get('sportello-sign-viewer')).to.exist;
    const el = document.createElement('sportello-sign-viewer');
    expect(el.constructor).to.equal(customElements.get('sportello-sign-viewer'));
  });
});
