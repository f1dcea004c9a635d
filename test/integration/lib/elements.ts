/**
 * The four elements used the way a visitor uses them, on a page some host serves (the single file
 * alone, an example app, a WordPress post). Each check ends on what only a working element against
 * the simulator can produce: a chat started over STOMP, a streamed answer, a PDF page drawn by
 * pdf.js' worker, a request the help desk created. Waits are for conditions, never for time.
 *
 * Events are recorded from the page's `window` (ours bubble and are composed), by a script the
 * test injects before the page's own: `recordEvents(page)`.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

interface Recorded {
  type: string;
  detail: unknown;
}

declare global {
  interface Window {
    __sportelloEvents?: Recorded[];
  }
}

/** Keeps every `sportello-*` event the page sees in `window.__sportelloEvents` (call before `goto`). */
export async function recordEvents(page: Page): Promise<void> {
  // tsx compiles this file keeping function names through a `__name` helper, which the functions
  // handed to the page then call: the page gets a no-op one.
  await page.addInitScript('globalThis.__name ??= (f) => f;');
  await page.addInitScript(() => {
    const seen: Recorded[] = [];
    window.__sportelloEvents = seen;
    const types = [
      'sportello-chat-started',
      'sportello-ai-message',
      'sportello-request-created',
      'sportello-sign-status',
      'sportello-sign-sent',
      'sportello-error',
    ];
    for (const type of types) {
      window.addEventListener(
        type,
        (e) => {
          const detail = (e as CustomEvent).detail as Record<string, unknown> | null;
          // Errors carry an Error object: keep what a person would read.
          const plain =
            type === 'sportello-error'
              ? {
                  operation: detail?.['operation'],
                  message: String((detail?.['error'] as Error | undefined)?.message ?? ''),
                }
              : JSON.parse(JSON.stringify(detail ?? null));
          seen.push({ type, detail: plain });
        },
        true,
      );
    }
  });
}

export async function eventsOf(page: Page, type: string): Promise<Recorded[]> {
  return page.evaluate((t) => (window.__sportelloEvents ?? []).filter((e) => e.type === t), type);
}

async function waitForEvent(
  page: Page,
  type: string,
  match: (detail: Record<string, unknown>) => boolean = () => true,
  timeout = 60_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = (await eventsOf(page, type)).map((e) => e.detail as Record<string, unknown>).find(match);
    if (found) return found;
    if (Date.now() > deadline) {
      const errors = await eventsOf(page, 'sportello-error');
      throw new Error(`no ${type} within ${timeout / 1000} s; sportello-error events: ${JSON.stringify(errors)}`);
    }
    await page.waitForTimeout(100);
  }
}

/** Live chat: opens the launcher, fills the pre-chat form and starts a chat (REST, then STOMP over WebSocket). */
export async function exerciseLiveChat(page: Page, scope = 'sportello-live-chat'): Promise<void> {
  const launcher = page.locator(`${scope} [part~="launcher"]`).first();
  if (await launcher.count()) await launcher.click();
  const submit = page.locator(`${scope} form button[type=submit]`).first();
  await submit.waitFor({ state: 'visible', timeout: 60_000 });
  // A visitor types a name and an e-mail; a member the site vouches for (a visitor token) is not asked.
  const name = page.locator(`${scope} input#name`).first();
  if (await name.count()) await name.fill('Ada Lovelace');
  const email = page.locator(`${scope} input#email`).first();
  if (await email.count()) await email.fill('ada@example.com');
  const category = page.locator(`${scope} select#idChatCategory`).first();
  if (await category.count()) {
    const values = await category
      .locator('option')
      .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
    if (values.length) await category.selectOption(values[0]!);
  }
  const message = page.locator(`${scope} textarea#message`).first();
  if (await message.count()) await message.fill('Hello from an integration test');
  const consent = page.locator(`${scope} input#privacy`).first();
  if (await consent.count()) await consent.check();
  await submit.click();
  const started = await waitForEvent(page, 'sportello-chat-started');
  assert.ok(started['idChat'], 'the chat service gave the chat an id');
}

/** AI panel: asks a question and waits for the streamed answer to finish. */
export async function exerciseAiChat(page: Page, scope = 'sportello-ai-chat'): Promise<string> {
  const launcher = page.locator(`${scope} [part~="launcher"]`).first();
  if ((await launcher.count()) && (await launcher.isVisible())) await launcher.click();
  const area = page.locator(`${scope} textarea`).first();
  await area.waitFor({ state: 'visible', timeout: 60_000 });
  await area.fill('What are your opening hours?');
  await area.press('Enter');
  const answer = await waitForEvent(page, 'sportello-ai-message', (d) => d['role'] === 'assistant');
  assert.ok(String(answer['text'] ?? '').length > 10, `an answer with text: ${JSON.stringify(answer)}`);
  await page.locator(`${scope} [part~="assistant-message"]`).first().waitFor({ state: 'visible' });
  return String(answer['text']);
}

/** How the page read its AI streams: `ready` once the stream worker ran (the global diagnostics hook of sse-worker-pool.ts). */
export async function sseWorkerStatus(page: Page): Promise<{ status: string; streams: number; reason?: string }> {
  return page.evaluate(() => {
    const hook = (
      globalThis as unknown as Record<
        symbol,
        { state(): { status: string; streams: number; reason?: string } } | undefined
      >
    )[Symbol.for('sportello.sse-worker')];
    return hook ? hook.state() : { status: 'absent', streams: 0 };
  });
}

/** Runs `check`; when it fails, says which `sportello-error` events the page saw (the element's own account). */
async function explained<T>(page: Page, what: string, check: () => Promise<T>): Promise<T> {
  try {
    return await check();
  } catch (error) {
    const errors = await eventsOf(page, 'sportello-error').catch(() => []);
    throw new Error(`${what}: ${(error as Error).message}\nsportello-error events: ${JSON.stringify(errors)}`);
  }
}

/** Signing viewer: the practice's header and a PDF page drawn on a canvas by pdf.js (its worker running). */
export async function exerciseSignViewer(page: Page, scope = 'sportello-sign-viewer'): Promise<void> {
  await explained(page, 'signing viewer', () => drawnPdf(page, scope));
}

async function drawnPdf(page: Page, scope: string): Promise<void> {
  // The viewer draws pages as they come into view: bring it there, as a visitor scrolling would.
  await page.locator(scope).first().scrollIntoViewIfNeeded();
  await page.locator(`${scope} [part~="header"]`).first().waitFor({ state: 'visible', timeout: 60_000 });
  const canvas = page.locator(`${scope} [part~="document"] canvas`).first();
  await canvas.waitFor({ state: 'attached', timeout: 90_000 });
  // A canvas pdf.js has drawn on has a size and something other than blank pixels.
  await page.waitForFunction(
    (selector) => {
      const find = (root: Document | ShadowRoot): HTMLCanvasElement | null => {
        for (const el of root.querySelectorAll('*')) {
          if (el instanceof HTMLCanvasElement && el.width > 0 && el.height > 0) {
            const ctx = el.getContext('2d');
            const data = ctx?.getImageData(0, 0, el.width, el.height).data;
            if (data && data.some((v, i) => i % 4 !== 3 && v < 200)) return el;
          }
          if (el.shadowRoot) {
            const inner = find(el.shadowRoot);
            if (inner) return inner;
          }
        }
        return null;
      };
      const host = document.querySelector(selector);
      return host?.shadowRoot ? find(host.shadowRoot) !== null : false;
    },
    scope,
    { timeout: 90_000, polling: 250 },
  );
}

/**
 * Practice composer, as a member allowed to prepare practices uses it: the process types their
 * token allows are offered (`allowed`, and not `refused`), a PDF added through the file input is
 * uploaded, one signer who signs here on this device, a signature placed on page 1 with the keys,
 * Send; then the practice is sent (`sportello-sign-sent`) and the signer's signing page opens by
 * itself in the viewer below. Resolves with the new practice's id.
 */
export async function exerciseSignComposer(
  page: Page,
  pdf: Buffer,
  types: { allowed: string; refused: string },
  scope = 'sportello-sign-composer',
): Promise<number> {
  return explained(page, 'practice composer', async () => {
    const composer = page.locator(scope).first();
    await composer.scrollIntoViewIfNeeded();
    const select = composer.getByLabel('Process type', { exact: true });
    await select.locator('option', { hasText: types.allowed }).waitFor({ state: 'attached', timeout: 60_000 });
    assert.equal(await select.locator('option', { hasText: types.refused }).count(), 0, 'a type outside the token');
    await composer
      .locator('input[type=file]')
      .setInputFiles({ name: 'contratto.pdf', mimeType: 'application/pdf', buffer: pdf });
    await composer.getByText(/\b1 page\b/).waitFor({ timeout: 60_000 });
    await composer.getByRole('button', { name: 'Next: Signers' }).click();
    await composer.getByRole('button', { name: 'Add a signer' }).click();
    await composer.getByLabel(/^First name( \*)?$/).fill('Mario');
    await composer.getByLabel(/^Last name( \*)?$/).fill('Rossi');
    await composer.getByLabel(/^E-mail( \*)?$/).fill('mario.rossi@acme.test');
    await composer.getByLabel('Signs here, on this device', { exact: true }).check();
    await composer.getByRole('button', { name: 'Next: Areas' }).click();
    const first = composer.locator('[part~="page"][data-page="1"]');
    await first.focus();
    await page.keyboard.press('Enter');
    await composer.locator('[part~="area"]').first().waitFor();
    await composer.getByRole('button', { name: 'Next: Options and send' }).click();
    await composer.getByLabel(/^Name of the practice( \*)?$/).fill(`From WordPress ${Date.now()}`);
    await composer.getByRole('button', { name: 'Send for signature' }).click();
    const sent = await waitForEvent(page, 'sportello-sign-sent');
    const signers = sent['signers'] as Array<{ email: string; inPerson: boolean }>;
    assert.deepEqual(
      signers.map((s) => [s.email, s.inPerson]),
      [['mario.rossi@acme.test', true]],
    );
    await composer.locator('sportello-sign-viewer dialog[open] iframe').waitFor({ state: 'attached', timeout: 60_000 });
    return Number(sent['idFile']);
  });
}

/**
 * Help-desk form: waits for the catalogue's choices, fills the form from the page's own script
 * (the element's `prefill` property, as a portal does), submits it and waits for the request.
 */
export async function exerciseDeskForm(page: Page, scope = 'sportello-desk-form'): Promise<Record<string, unknown>> {
  const select = page.locator(`${scope} select`).first();
  await select.waitFor({ state: 'visible', timeout: 60_000 });
  await page.waitForFunction(
    (s) => {
      const form = document.querySelector(s);
      return !!form?.shadowRoot && [...form.shadowRoot.querySelectorAll('select')].some((el) => el.options.length > 1);
    },
    scope,
    { timeout: 60_000, polling: 200 },
  );
  await page.evaluate(async (s) => {
    const form = document.querySelector(s) as HTMLElement & {
      prefill: Record<string, string>;
      submit(): Promise<unknown>;
      updateComplete: Promise<unknown>;
    };
    form.prefill = { codServizio: 'AMM', codTipoRichiesta: 'INFO', oggetto: 'Invoice 12/2026: a question' };
    await form.updateComplete;
    await form.submit();
  }, scope);
  const created = await waitForEvent(page, 'sportello-request-created');
  assert.ok(created['idRichiesta'], `the help desk created a request: ${JSON.stringify(created)}`);
  return created;
}

/** "My requests": the member's own requests listed (through the gateway, scoped by the token's idUtente). */
export async function exerciseDeskRequests(page: Page, scope = 'sportello-desk-requests'): Promise<number> {
  return explained(page, 'help-desk requests list', async () => {
    await page.locator(scope).first().scrollIntoViewIfNeeded();
    await page.locator(`${scope} [part~="request"]`).first().waitFor({ state: 'visible', timeout: 60_000 });
    return page.locator(`${scope} [part~="request"]`).count();
  });
}
