/**
 * The one rendering of a one-shot task (task-view.ts), on a small element that loads the desk
 * catalogue from the real simulator through the real transport: the status line while pending,
 * the visitor's words and a Retry that really asks the service again after a failure (a fault
 * injected into the simulator), and the content once complete.
 */
import { expect, fixture, html, waitUntil } from '@open-wc/testing';
import { Task } from '@lit/task';
import { SIM_URL } from '/__sportello/env.js';
import { SportelloElement } from './sportello-element.js';
import { errorNoticeStyles } from './error-notice.js';
import { renderTask } from './task-view.js';
import { fetchCatalogJson } from '../../src/services/desk.js';
import { stateOf } from '../../src/controllers/async-state.js';

const CATALOG = `${SIM_URL}/desk/__catalog.json`;

class TaskViewProbe extends SportelloElement {
  static override styles = [errorNoticeStyles];
  static override properties = { src: {} };
  declare src: string;
  /** How many times the task ran (each run is one request to the simulator). */
  runs = 0;
  readonly load = new Task(this, {
    args: () => [this.src] as const,
    task: async ([src], { signal }) => {
      this.runs++;
      return (await fetchCatalogJson(src, signal)) as { servizi?: unknown[] };
    },
  });

  override render() {
    return renderTask(this.load, {
      speaker: this,
      pending: 'Loading the catalogue…',
      notFound: 'We cannot find the catalogue of this page.',
      complete: (catalog) => html`<p class="content">${catalog.servizi?.length ?? 0} services</p>`,
    });
  }
}
customElements.define('task-view-probe', TaskViewProbe);

const fault = (body: Record<string, unknown>) =>
  fetch(`${SIM_URL}/__sim/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ match: '/desk/__catalog.json', ...body }),
  });
const clearFaults = () => fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
const $ = (el: Element, selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);

async function mount(): Promise<TaskViewProbe> {
  return fixture<TaskViewProbe>(html`<task-view-probe lang="en" src=${CATALOG}></task-view-probe>`);
}

describe('renderTask: one pending / error / complete rendering for one-shot loads', () => {
  beforeEach(clearFaults);
  afterEach(clearFaults);

  it('pending: a status line while the service has not answered, then the content', async () => {
    // The simulator holds the request until the faults are cleared: pending for as long as the test looks.
    await fault({ kind: 'hold' });
    const el = await mount();
    const status = $(el, '[role="status"]');
    expect(stateOf(el.load)).to.equal('pending');
    expect(status?.textContent).to.equal('Loading the catalogue…');
    await expect(el).to.be.accessible();
    await clearFaults();
    await waitUntil(() => $(el, '.content'), 'content once complete', { timeout: 10000 });
    expect($(el, '[role="status"]')).to.equal(null);
    expect($(el, '.content')!.textContent).to.match(/^\d+ services$/);
  });

  it("error: the visitor's words (never the server's), and Retry asks the service again", async () => {
    await fault({ kind: 'status', status: 500, count: 20 });
    const el = await mount();
    await waitUntil(() => $(el, '[part="error"]'), 'error notice', { timeout: 15000 });
    const notice = $(el, '[part="error"]')!;
    expect(notice.querySelector('.notice-what')!.textContent).to.equal('The service is having a problem.');
    expect(notice.textContent).not.to.include('Injected');
    expect($(el, '[part="error-support"]')!.textContent).to.include('HTTP 500');
    await expect(el).to.be.accessible();
    // The service is well again: Retry runs the task again, which reaches it.
    await clearFaults();
    const runs = el.runs;
    $(el, '[part="error-retry"]')!.click();
    await waitUntil(() => $(el, '.content'), 'content after Retry', { timeout: 10000 });
    expect(el.runs).to.equal(runs + 1);
    expect($(el, '[part="error"]')).to.equal(null);
  });

  it('a 404 says what was not found, in the words the element gave', async () => {
    await fault({ kind: 'status', status: 404, count: 5 });
    const el = await mount();
    await waitUntil(() => $(el, '[part="error"]'), 'error notice', { timeout: 15000 });
    expect($(el, '.notice-what')!.textContent).to.equal('We cannot find the catalogue of this page.');
  });
});
