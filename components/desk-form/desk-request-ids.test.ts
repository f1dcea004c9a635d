import { expect, waitUntil } from '@open-wc/testing';
import { $, followRequest, SIM_URL, typeInto } from '../../test/browser/helpers/desk.js';
import './index.js';

// A request number is an identifier: "request 7100" in every language, never "7,100" or "7.100".

const grouped = /7[.,\u00a0\u202f ]100/;

describe('sportello-desk-request: request numbers as written', () => {
  beforeEach(async () => {
    await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  });

  for (const lang of ['en', 'de', 'it', 'fr', 'es'])
    it(`${lang}: reopened as request 7100, announced and shown`, async () => {
      const el = await followRequest('7003', lang);
      await typeInto(el, '#reopen-note', 'Again');
      $<HTMLButtonElement>(el, '.reopen button[type="submit"]')!.click();
      await waitUntil(() => el.requestId === '7100' && $(el, '#request-title'), 'the new request', { timeout: 8000 });
      await waitUntil(() => $(el, '[aria-live="polite"]')!.textContent!.trim(), 'announced');
      const announced = $(el, '[aria-live="polite"]')!.textContent!;
      expect(announced).to.contain('7100').and.not.match(grouped);
      // The original request now points to its reopening, in words and on its button.
      el.requestId = '7003';
      await waitUntil(() => $(el, '.closure .notice'), 'the pointer to the new request', { timeout: 8000 });
      const notice = $(el, '.closure .notice')!.textContent!;
      expect(notice).to.contain('7100').and.not.match(grouped);
    });
});
