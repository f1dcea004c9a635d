import { expect } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { openStrictPage } from '../../test/setup/strict-page.js';
import { until } from '../../test/browser/helpers/chat-frames.js';

const ENDPOINT = `${SIM_URL}/ai/api/v2`;

describe('sportello-ai-chat under a strict CSP with Trusted Types', () => {
  for (const format of ['markdown', 'html'] as const) {
    // With the worker-src the README asks for the stream worker (without it the stream is read on
    // the main thread: test/browser/transport/strict-page.test.ts).
    it(`streams and renders a ${format} answer through the stream worker with no violation`, async () => {
      const page = await openStrictPage({
        modules: ['/components/ai-chat/index.ts'],
        workerSrc: "'self' blob:",
        html: `<sportello-ai-chat agent-id="1" api-key="spk_demo" lang="en" response-format="${format}"></sportello-ai-chat>`,
        height: 700,
      });
      try {
        await page.window.customElements.whenDefined('sportello-ai-chat');
        const el = page.document.querySelector('sportello-ai-chat') as HTMLElement & {
          endpoint: string;
          ask(text: string): Promise<void>;
          updateComplete: Promise<unknown>;
        };
        el.endpoint = ENDPOINT;
        await el.updateComplete;
        await el.ask('What are your opening hours?');
        const thread = () => el.shadowRoot!.querySelector('sportello-ai-thread')?.shadowRoot;
        const md = await until(() => thread()?.querySelector('.msg.assistant[aria-busy="false"] .md'));
        await page.settle();
        expect(md.children.length).to.be.greaterThan(0);
        expect(thread()!.querySelectorAll('.sources li').length).to.be.greaterThan(0);
        page.assertClean();
      } finally {
        page.close();
      }
    });
  }

  it('highlights code blocks with no violation (the highlighter builds DOM, never parses HTML)', async () => {
    const page = await openStrictPage({
      modules: ['/components/ai-chat/index.ts'],
      workerSrc: "'self' blob:",
      html: `<sportello-ai-chat agent-id="1" api-key="spk_demo" lang="en"></sportello-ai-chat>`,
      height: 700,
    });
    try {
      await page.window.customElements.whenDefined('sportello-ai-chat');
      const el = page.document.querySelector('sportello-ai-chat') as HTMLElement & {
        endpoint: string;
        ask(text: string): Promise<void>;
        updateComplete: Promise<unknown>;
      };
      el.endpoint = ENDPOINT;
      await el.updateComplete;
      await el.ask('bench:3k/20');
      const thread = () => el.shadowRoot!.querySelector('sportello-ai-thread')?.shadowRoot;
      const keyword = await until(() =>
        thread()?.querySelector('.msg.assistant[aria-busy="false"] .code-block .hljs-keyword'),
      );
      await page.settle();
      expect(keyword.textContent!.length).to.be.greaterThan(0);
      page.assertClean();
    } finally {
      page.close();
    }
  });

  it('the kept conversations list, a reopened conversation and the delete confirmation, with no violation', async () => {
    const page = await openStrictPage({
      modules: ['/components/ai-chat/index.ts'],
      workerSrc: "'self' blob:",
      html: `<sportello-ai-chat agent-id="1" api-key="spk_demo" lang="en" persist="session" id="strict-history-${Date.now()}"></sportello-ai-chat>`,
      height: 700,
    });
    try {
      await page.window.customElements.whenDefined('sportello-ai-chat');
      const el = page.document.querySelector('sportello-ai-chat') as HTMLElement & {
        endpoint: string;
        ask(text: string): Promise<void>;
        newConversation(): void;
        updateComplete: Promise<unknown>;
      };
      el.endpoint = ENDPOINT;
      await el.updateComplete;
      const thread = () => el.shadowRoot!.querySelector('sportello-ai-thread')?.shadowRoot;
      const answered = () => until(() => thread()?.querySelector('.msg.assistant[aria-busy="false"] .md'));
      await el.ask('What are your opening hours?');
      await answered();
      el.newConversation();
      await el.ask('How do I reset my password?');
      await answered();
      const $ = (selector: string) => el.shadowRoot!.querySelector<HTMLElement>(selector);
      (await until(() => $('.past-toggle'))).click();
      const items = await until(() => {
        const found = el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.past-open');
        return found.length === 2 ? found : undefined;
      });
      items[1]!.click();
      await until(() => thread()?.querySelector('.msg.user')?.textContent?.includes('opening hours'));
      $('.past-toggle')!.click();
      (await until(() => $('.past-delete')))!.click();
      await until(() => el.shadowRoot!.querySelector<HTMLDialogElement>('dialog.confirm')?.open);
      await page.settle();
      page.assertClean();
    } finally {
      page.close();
    }
  });
  it('prints the conversation from its own frame with no violation (DOM copies and a constructed stylesheet)', async () => {
    const page = await openStrictPage({
      modules: ['/components/ai-chat/index.ts'],
      workerSrc: "'self' blob:",
      html: `<sportello-ai-chat agent-id="1" api-key="spk_demo" lang="en"></sportello-ai-chat>`,
      height: 700,
    });
    try {
      await page.window.customElements.whenDefined('sportello-ai-chat');
      const el = page.document.querySelector('sportello-ai-chat') as HTMLElement & {
        endpoint: string;
        ask(text: string): Promise<void>;
        updateComplete: Promise<unknown>;
      };
      el.endpoint = ENDPOINT;
      await el.updateComplete;
      await el.ask('What are your opening hours?');
      const thread = () => el.shadowRoot!.querySelector('sportello-ai-thread')?.shadowRoot;
      await until(() => thread()?.querySelector('.msg.assistant[aria-busy="false"] .md'));
      (await until(() => el.shadowRoot!.querySelector<HTMLButtonElement>('header [part~="print"]'))).click();
      const frame = await until(() => el.shadowRoot!.querySelector<HTMLIFrameElement>('iframe.print-frame'));
      expect(frame.contentDocument!.querySelector('section.assistant .answer')!.children.length).to.be.greaterThan(0);
      await page.settle();
      page.assertClean();
    } finally {
      page.close();
    }
  });
  it('draws a pasted picture as a thumbnail with no violation (a canvas, no blob: or data: image)', async () => {
    const page = await openStrictPage({
      modules: ['/components/ai-chat/index.ts'],
      workerSrc: "'self' blob:",
      html: `<sportello-ai-chat agent-id="1" api-key="spk_demo" lang="en"></sportello-ai-chat>`,
      height: 700,
    });
    try {
      await page.window.customElements.whenDefined('sportello-ai-chat');
      const el = page.document.querySelector('sportello-ai-chat') as HTMLElement & {
        endpoint: string;
        updateComplete: Promise<unknown>;
      };
      el.endpoint = ENDPOINT;
      await el.updateComplete;
      const canvas = new OffscreenCanvas(20, 20);
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#0a0';
      context.fillRect(0, 0, 20, 20);
      const picture = new page.window.DataTransfer();
      picture.items.add(
        new page.window.File([await canvas.convertToBlob({ type: 'image/png' })], 'green.png', { type: 'image/png' }),
      );
      const composer = el.shadowRoot!.querySelector('sportello-composer')!;
      composer
        .shadowRoot!.querySelector('textarea')!
        .dispatchEvent(
          new page.window.ClipboardEvent('paste', { clipboardData: picture, bubbles: true, cancelable: true }),
        );
      const thumb = await until(() =>
        composer.shadowRoot!.querySelector('sportello-image-thumb')?.shadowRoot?.querySelector('canvas'),
      );
      await until(() => {
        const [r, g, , a] = thumb.getContext('2d')!.getImageData(thumb.width / 2, thumb.height / 2, 1, 1).data;
        return r! < 40 && g! > 120 && a! > 200;
      });
      await page.settle();
      page.assertClean();
    } finally {
      page.close();
    }
  });
});
