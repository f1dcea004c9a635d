import { expect } from '@open-wc/testing';
import { openStrictPage } from '../setup/strict-page.js';

interface Probe {
  parseHtmlWithPolicy: typeof import('../../src/security/trusted-types.js').parseHtmlWithPolicy;
  trustedScriptUrl: typeof import('../../src/security/trusted-types.js').trustedScriptUrl;
  sanitiseHtml: typeof import('../../src/markdown/html-format.js').sanitiseHtml;
}

describe('the shared sportello Trusted Types policy (strict page)', () => {
  it('serves the pdf worker URL and the HTML sanitiser from one policy, and launders nothing else', async () => {
    const page = await openStrictPage({
      modules: ['/test/browser/fixtures/trusted-types-probe.ts'],
      html: '<div id="out"></div>',
    });
    try {
      const probe = (page.window as unknown as { __tt: Probe }).__tt;
      const tt = (page.window as unknown as { trustedTypes: { isScriptURL(v: unknown): boolean } }).trustedTypes;

      // Both uses in one page: before, the second createPolicy('sportello') failed under this CSP.
      const workerUrl = probe.trustedScriptUrl('/node_modules/pdfjs-dist/build/pdf.worker.min.mjs');
      expect(tt.isScriptURL(workerUrl)).to.equal(true);
      const fragment = probe.sanitiseHtml('<p>Hi <b>there</b></p>', page.document);
      expect(fragment, 'html sanitised under Trusted Types').to.not.equal(null);
      page.document.querySelector('#out')!.append(fragment!);
      expect(page.document.querySelector('#out b')?.textContent).to.equal('there');
      expect(page.document.querySelector('#out [onerror]')).to.equal(null);

      // Outside the sanitiser's parse, the policy refuses HTML; unknown script URLs are refused too.
      let policy: { createHTML(s: string): unknown; createScriptURL(s: string): unknown } | undefined;
      probe.parseHtmlWithPolicy((p) => (policy = p as typeof policy));
      expect(policy).to.not.equal(undefined);
      expect(() => policy!.createHTML('<img src=x onerror=alert(1)>')).to.throw();
      expect(() => policy!.createScriptURL('https://evil.example/x.js')).to.throw();

      await page.settle();
      page.assertClean();

      // An answer carrying an inline handler: Chromium reports `script-src-attr` as soon as any
      // parser (DOMPurify's inert DOMParser included) meets the attribute, though nothing runs and
      // the sanitiser drops it. That report is the only trace it may leave.
      const hostile = probe.sanitiseHtml('<p>x<img src="data:," onerror="window.__ran = true"></p>', page.document);
      page.document.querySelector('#out')!.append(hostile!);
      await page.settle();
      expect((page.window as unknown as { __ran?: boolean }).__ran).to.equal(undefined);
      expect(page.document.querySelector('#out [onerror]')).to.equal(null);
      expect(page.violations.map((v) => v.effectiveDirective)).to.deep.equal(['script-src-attr']);
    } finally {
      page.close();
    }
  });
});
