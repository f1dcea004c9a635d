import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { $, eventually, mountChat, resetSim, SIM_URL, startChat, until } from '../../test/browser/helpers/live-chat.js';
import type { SportelloLiveChatWindow } from './parts/chat-window.js';

ignoreResizeObserverLoop();

type Composer = HTMLElement & { updateComplete: Promise<boolean> };

async function attach(win: SportelloLiveChatWindow, file: File): Promise<Composer> {
  const composer = $<Composer>(win, 'sportello-composer')!;
  composer.dispatchEvent(
    new CustomEvent('sportello-composer-attach', { detail: { files: [file] }, bubbles: true, composed: true }),
  );
  return composer;
}

async function failedRow(win: SportelloLiveChatWindow, composer: Composer): Promise<HTMLLIElement> {
  await until(() => win.chat.uploads[0]?.state === 'failed');
  await win.updateComplete;
  await composer.updateComplete;
  return composer.shadowRoot!.querySelector<HTMLLIElement>('li.failed')!;
}

const fault = (body: object) =>
  fetch(`${SIM_URL}/__sim/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('sportello-live-chat: attachments refused, failed or taken back', () => {
  beforeEach(resetSim);
  afterEach(() => fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' }));

  it("a file whose content is not what its type says: the service's reason in the visitor's words, and no retry that would fail again", async () => {
    const el = await mountChat();
    const win = await startChat(el, '2');
    // Declared a PNG (the widget accepts PNGs), but it is text: only the service can tell.
    const composer = await attach(
      win,
      new File(['just some text, not an image'], 'holiday.png', { type: 'image/png' }),
    );
    const row = await failedRow(win, composer);
    expect(row.querySelector('.error')!.textContent).to.equal('The file’s content does not match its type');
    expect(row.querySelector('button[aria-label^="Retry"]')).to.equal(null);
    expect(row.querySelector('button[aria-label^="Remove"]')).to.not.equal(null);
  });

  it('a file taken back before sending is deleted from the service, not left downloadable by its id', async () => {
    const el = await mountChat();
    const win = await startChat(el, '2');
    const composer = await attach(win, new File(['private notes'], 'notes.txt', { type: 'text/plain' }));
    const uuid = (await until(() => win.chat.uploads[0]?.attachment)).uuid;
    const info = () => fetch(`${SIM_URL}/chat/public/api/attachments/?uuid=${encodeURIComponent(uuid)}`);
    expect((await info()).status).to.equal(200);
    await composer.updateComplete;
    composer.shadowRoot!.querySelector<HTMLButtonElement>('li.done button[aria-label^="Remove"]')!.click();
    await until(() => win.chat.uploads.length === 0);
    await eventually(async () => (await info()).status === 404);
  });

  it('a service that fails (503): said as a service failure, with a retry that succeeds once it is back', async () => {
    const el = await mountChat();
    const win = await startChat(el, '2');
    await fault({ kind: 'status', status: 503, match: '/chat/public/api/attachments/upload', count: 10 });
    const composer = await attach(win, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const row = await failedRow(win, composer);
    expect(row.querySelector('.error')!.textContent).to.match(/service|servizio/i);
    const retry = row.querySelector<HTMLButtonElement>('button[aria-label^="Retry"]')!;
    expect(retry, 'a retry button').to.not.equal(null);

    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
    retry.click();
    await until(() => win.chat.uploads[0]?.state === 'done');
    expect(win.chat.uploads[0]!.attachment!.name).to.equal('notes.txt');
  });
});
