// "Ask about this document" in the signing viewer, through the gateway and the real simulator: the
// summary beside the document, a question whose answer cites the page of the clause, the citation
// showing that page and passage, another visitor refused, and a failed analysis that leaves signing
// as it was.
import { expect, oneEvent } from '@open-wc/testing';
import { GATEWAY_URL } from '/__sportello/env.js';
import { setPdfWorkerSrc } from '../../../src/pdf/pdfjs.js';
import '../../../components/sign-viewer/index.js';
import type { SportelloAiChat } from '../../../components/ai-chat/ai-chat.js';
import { AiChatHarness } from '../../harness/ai-chat.js';
import { docView, firstPagePainted, resetSim, shadow } from '../helpers/sign-viewer.js';
import { until } from '../helpers/sign-wait.js';
import { askViewer, failNextAnalysis, part, tokenOf } from '../helpers/ask-document.js';

setPdfWorkerSrc('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');

describe('through the gateway: "Ask about this document" in sportello-sign-viewer', () => {
  beforeEach(resetSim);

  it('shows the AI summary, marked as such, and answers a question citing the page the clause is on', async () => {
    const el = await askViewer();
    await firstPagePainted(el);
    const summary = await until(() => part(el, 'ask-summary'), 'no summary');
    expect(summary.textContent).to.match(/CONTRATTO DI FORNITURA DI SERVIZI is a 3-page document/);
    expect(summary.textContent).to.contain('Art. 8 - Recesso');
    expect(part(el, 'ai-notice')!.textContent).to.match(/Written by an AI.*does not replace reading the document/);
    await expect(el).to.be.accessible();

    part(el, 'ask-button')!.click();
    const chatEl = await until(
      () => shadow(el).querySelector<SportelloAiChat>('sportello-ai-chat:defined'),
      'the AI panel did not load',
    );
    expect(part(el, 'ask-button')!.getAttribute('aria-expanded')).to.equal('true');
    const chat = new AiChatHarness(chatEl);
    await chat.ask('Con quale preavviso posso recedere dal contratto?');
    await until(async () => (await chat.idle(), true), 'no answer');
    expect(chat.lastAnswerText()).to.match(/pagina 2/);
    const cite = await until(() => chat.lastAnswer?.querySelector<HTMLButtonElement>('button.cite'), 'no citation');
    expect(cite.dataset['preview']).to.match(/Art\. 8 - Recesso \(p\. 2\)/);

    cite.click();
    const view = docView(el)!;
    await until(() => view.currentPage === 2, 'the cited page was not shown');
    const cited = await until(
      () => [...view.pageElement(2)!.querySelectorAll<HTMLElement>('.textLayer span.cited')],
      'the passage was not highlighted',
    );
    expect(cited.length).to.be.greaterThan(0);
    expect(cited.map((s) => s.textContent).join(' ')).to.contain('recedere dal contratto');
    expect(view.renderRoot.querySelectorAll('.textLayer span.cited').length).to.equal(cited.length);
  });

  it("keeps the document's analysis and agent from a visitor of another practice", async () => {
    const el = await askViewer();
    await until(() => part(el, 'ask-button'), 'no questions');
    part(el, 'ask-button')!.click();
    const chatEl = await until(
      () => shadow(el).querySelector<SportelloAiChat>('sportello-ai-chat:defined'),
      'no panel',
    );
    const agentId = chatEl.agentId!;
    const ada = await tokenOf('ada')();
    const bruno = await tokenOf('bruno')();
    const call = (token: string, path: string, body?: unknown) =>
      fetch(`${GATEWAY_URL}/ai/api/v2${path}`, {
        method: body ? 'POST' : 'GET',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : null,
      });
    const job = (await (await call(ada, '/analysis/pdf', { idDocument: 10011, language: 'en' })).json()) as {
      id: number;
      result: { agent_id: number };
    };
    expect(job.result.agent_id).to.equal(agentId, 'the viewer is bound to the cached analysis');
    expect((await call(bruno, `/analysis/${job.id}`)).status).to.equal(404);
    expect((await call(bruno, `/analysis/${job.id}/status`)).status).to.equal(404);
    expect((await call(bruno, '/analysis/pdf', { idDocument: 10011, language: 'en' })).status).to.equal(404);
    expect((await call(bruno, '/chat', { agent_id: agentId, message: 'recesso', stream: false })).status).to.equal(403);
  });

  it('a failed analysis is said in the visitor’s words, can be tried again, and leaves signing as it was', async () => {
    await failNextAnalysis();
    const el = await askViewer('it');
    await firstPagePainted(el);
    const failed = await until(() => part(el, 'ask-error'), 'no failure shown');
    expect(failed.textContent).to.contain('Non è stato possibile preparare il riassunto');
    expect(failed.textContent).to.contain('Puoi comunque leggerlo e firmarlo');
    expect(el.matches(':state(error)')).to.equal(false, 'the viewer itself is not in error');
    await expect(el).to.be.accessible();

    // Signing goes on as without the feature: Ada's turn, her link, her signature followed to the end.
    expect(part(el, 'turn')!.dataset['turn']).to.equal('your-turn');
    const sign = await until(() => shadow(el).querySelector<HTMLAnchorElement>('a[part="sign-button"]'), 'no link');
    el.addEventListener('sportello-sign-open', (e) => e.preventDefault(), { once: true });
    const opened = oneEvent(el, 'sportello-sign-open');
    sign.click();
    const url = (await opened).detail.url as string;
    expect(url).to.match(/link-1001-2$/);
    const signed = await fetch(`${url}/sign`, { method: 'POST', headers: { Accept: 'application/json' } });
    expect(signed.status).to.equal(200);
    await until(() => part(el, 'turn')?.dataset['turn'] === 'completed', 'the signature did not show');
    expect(part(el, 'ask-error'), 'the failure stays where it was, apart from signing').to.not.equal(null);
    await expect(el).to.be.accessible();

    part(el, 'ask-error')!.querySelector<HTMLButtonElement>('button')!.click();
    const summary = await until(() => part(el, 'ask-summary'), 'no summary after trying again');
    expect(summary.textContent).to.match(/è un documento di 3 pagine/);
    expect(part(el, 'ask-error')).to.equal(null);
  });
});
