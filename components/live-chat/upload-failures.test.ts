import { expect } from '@open-wc/testing';
import { ignoreResizeObserverLoop } from '../../test/browser/helpers/chat-frames.js';
import { eventually, until } from '../../test/harness/harness.js';
import { LiveChatHarness, liveChatSuite } from '../../test/harness/live-chat.js';
import { SIM_URL, simulator } from '../../test/harness/simulator.js';

ignoreResizeObserverLoop();

/** A running chat and its composer. */
async function chatting() {
  const chat = await LiveChatHarness.mount();
  await chat.startChat('2');
  return chat.composerReady();
}

describe('sportello-live-chat: attachments refused, failed or taken back', () => {
  liveChatSuite();

  it("a file whose content is not what its type says: the service's reason in the visitor's words, and no retry that would fail again", async () => {
    const composer = await chatting();
    // Declared a PNG (the widget accepts PNGs), but it is text: only the service can tell.
    await composer.attach(new File(['just some text, not an image'], 'holiday.png', { type: 'image/png' }));
    const row = await composer.waitForTray('failed');
    expect(row.error).to.equal('The file’s content does not match its type');
    expect(row.element.querySelector('button[aria-label^="Retry"]')).to.equal(null);
    expect(row.element.querySelector('button[aria-label^="Remove"]')).to.not.equal(null);
  });

  it('a file taken back before sending is deleted from the service, not left downloadable by its id', async () => {
    const composer = await chatting();
    await composer.attach(new File(['private notes'], 'notes.txt', { type: 'text/plain' }));
    await composer.waitForTray('done', 'notes.txt');
    // The service holds it, downloadable by its id.
    const { uuid } = await eventually(async () => {
      const held = await simulator.chatAttachments();
      return held.length === 1 && held[0]!.name === 'notes.txt' && held[0];
    });
    const info = () => fetch(`${SIM_URL}/chat/public/api/attachments/?uuid=${encodeURIComponent(uuid)}`);
    expect((await info()).status).to.equal(200);
    await composer.remove('notes.txt');
    await until(() => composer.tray().length === 0);
    await eventually(async () => (await info()).status === 404);
  });

  it('a service that fails (503): said as a service failure, with a retry that succeeds once it is back', async () => {
    const composer = await chatting();
    await simulator.fault({ kind: 'status', status: 503, match: '/chat/public/api/attachments/upload', count: 10 });
    await composer.attach(new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const row = await composer.waitForTray('failed');
    expect(row.error).to.match(/service|servizio/i);
    const retry = row.element.querySelector<HTMLButtonElement>('button[aria-label^="Retry"]')!;
    expect(retry, 'a retry button').to.not.equal(null);

    await simulator.clearFaults();
    retry.click();
    await composer.waitForTray('done', 'notes.txt');
    expect((await simulator.chatAttachments()).map((a) => a.name)).to.deep.equal(['notes.txt']);
  });
});
