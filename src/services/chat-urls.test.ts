import { expect } from '@open-wc/testing';
import { SIM_URL } from '/__sportello/env.js';
import { ChatClient, jsonId } from './chat.js';
import { ServiceError } from '../transport/errors.js';
import { toWebSocketUrl } from '../transport/stomp.js';

const CHAT_URL = `${SIM_URL}/chat`;

describe('ChatClient image URLs', () => {
  // An endpoint given as a same-origin path (a proxy): images must still come out absolute, since
  // the list only shows http(s) images it can check.
  const proxied = new ChatClient({ endpoint: '/chat', widgetKey: 'k 1', visitorId: 'v' });
  const direct = new ChatClient({ endpoint: 'https://chat.example.com/base/', widgetKey: 'k', visitorId: 'v' });

  it('attachment thumbnails are absolute on the page origin behind a proxy path', () => {
    expect(proxied.imageUrl('u-1')).to.equal(`${location.origin}/chat/public/api/attachments/image?uuid=u-1`);
    expect(direct.imageUrl('u-1')).to.equal('https://chat.example.com/base/public/api/attachments/image?uuid=u-1');
  });

  it('the bot avatar: the public path by default, a configured service path, or a configured URL as is', () => {
    expect(proxied.botAvatarUrl()).to.equal(`${location.origin}/chat/public/api/bot/avatar?widgetKey=k+1`);
    expect(direct.botAvatarUrl('/public/api/bot/avatar')).to.equal(
      'https://chat.example.com/base/public/api/bot/avatar?widgetKey=k',
    );
    expect(direct.botAvatarUrl('https://cdn.example.com/bot.png')).to.equal('https://cdn.example.com/bot.png');
    // Anything else (a data: or javascript: value) is not taken: the public avatar is used.
    expect(direct.botAvatarUrl('javascript:alert(1)')).to.equal(
      'https://chat.example.com/base/public/api/bot/avatar?widgetKey=k',
    );
  });

  it('the STOMP socket: /websocket below the endpoint by default; a path or a ws(s) URL given in destinations', () => {
    expect(direct.socketUrl(toWebSocketUrl)).to.equal('wss://chat.example.com/base/websocket');
    expect(proxied.socketUrl(toWebSocketUrl)).to.equal(`${location.origin.replace(/^http/, 'ws')}/chat/websocket`);
    const moved = new ChatClient({
      endpoint: 'https://chat.example.com/',
      widgetKey: 'k',
      visitorId: 'v',
      destinations: { websocket: '/ws/stomp' },
    });
    expect(moved.socketUrl(toWebSocketUrl)).to.equal('wss://chat.example.com/ws/stomp');
    const elsewhere = new ChatClient({
      endpoint: 'https://chat.example.com/',
      widgetKey: 'k',
      visitorId: 'v',
      destinations: { websocket: 'wss://rt.example.com/socket' },
    });
    expect(elsewhere.socketUrl(toWebSocketUrl)).to.equal('wss://rt.example.com/socket');
  });

  it("an operator's avatar named by a service path resolves against the service; a URL stays", () => {
    expect(direct.serviceImageUrl('/avatars/9.png')).to.equal('https://chat.example.com/base/avatars/9.png');
    expect(direct.serviceImageUrl('https://img.example.com/9.png')).to.equal('https://img.example.com/9.png');
    expect(proxied.serviceImageUrl('/avatars/9.png')).to.equal(`${location.origin}/chat/avatars/9.png`);
  });
});

describe('ChatClient against the simulator, which matches paths exactly as the spec spells them', () => {
  const FAST = { reconnect: { baseDelayMs: 50, maxDelayMs: 400 } };
  let client: ChatClient | undefined;
  const visitor = (visitorId: string) =>
    (client = new ChatClient({ endpoint: CHAT_URL, widgetKey: 'demo', visitorId, stomp: FAST }));
  const fault = (body: object) =>
    fetch(`${SIM_URL}/__sim/faults`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });

  afterEach(async () => {
    await client?.stop();
    client = undefined;
    await fetch(`${SIM_URL}/__sim/faults`, { method: 'DELETE' });
    await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  });

  it('every public call reaches its endpoint (a misspelt one would be a 404)', async () => {
    const chat = visitor('urls-1');
    const idChat = await chat.startChat({ idChatCategory: 4, name: 'Ada', language: 'en' });
    expect(await chat.queuePosition(idChat)).to.equal(1);
    expect(await chat.rate(idChat, 4, 'Kind')).to.deep.equal({ idChat: Number(idChat), rating: 4, comment: 'Kind' });
    expect(await chat.sendTranscript(idChat, 'ada@example.com')).to.include({ sent: true });
    expect(
      await chat.contactRequest('email', { name: 'Ada', email: 'ada@example.com', message: 'Call me', language: 'en' }),
    ).to.include({ channel: 'email' });
    expect(
      await chat.contactRequest('phone', { name: 'Ada', phone: '+39 055 123456', message: '', language: 'en' }),
    ).to.include({ channel: 'phone' });
    expect(await chat.addNavigationPage(idChat, 'https://example.com/pricing', 'Pricing')).to.include({
      idChat: Number(idChat),
    });
  });

  it("deleteAttachment removes the visitor's own upload; another visitor is refused (403)", async () => {
    const owner = visitor('urls-owner');
    const file = await owner.upload('1', new File(['hello'], 'note.txt', { type: 'text/plain' }));
    const other = new ChatClient({ endpoint: CHAT_URL, widgetKey: 'demo', visitorId: 'urls-other' });
    const refused = (await other.deleteAttachment(file.uuid).catch((e: unknown) => e)) as ServiceError;
    expect([refused instanceof ServiceError, refused.status]).to.deep.equal([true, 403]);
    await owner.deleteAttachment(file.uuid);
    const gone = (await owner.deleteAttachment(file.uuid).catch((e: unknown) => e)) as ServiceError;
    expect(gone.status).to.equal(404);
  });

  it('the transcript and contact requests are sent once: a 503 is not retried (it may have acted)', async () => {
    const chat = visitor('urls-2');
    const idChat = await chat.startChat({ idChatCategory: 4, name: 'Ada', language: 'en' });
    // Each fault answers one request: a retry would get through and resolve.
    await fault({ kind: 'status', status: 503, retryAfter: 0, match: '/chat/public/api/chat/transcription/' });
    await fault({ kind: 'status', status: 503, retryAfter: 0, match: '/chat/public/api/chat/contact-request-phone/' });
    await fault({ kind: 'status', status: 503, retryAfter: 0, match: '/chat/public/api/chat/queue-position/' });
    const transcript = (await chat.sendTranscript(idChat, 'ada@example.com').catch((e: unknown) => e)) as ServiceError;
    const contact = (await chat
      .contactRequest('phone', { name: 'Ada', phone: '055123456', message: '', language: 'en' })
      .catch((e: unknown) => e)) as ServiceError;
    expect([transcript.status, contact.status]).to.deep.equal([503, 503]);
    // A plain GET with the same fault is retried and answers: the difference is the request's.
    expect(await chat.queuePosition(idChat)).to.equal(1);
  });
});

describe('ChatClient JSON bodies', () => {
  it('idChat (int64 in the spec) goes as a number when exact, else as the string we hold', async () => {
    const bodies: unknown[] = [];
    const realFetch = window.fetch;
    window.fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response('{}', { status: 200, headers: { 'Content-Type': 'application/json' } });
    };
    try {
      const chat = new ChatClient({ endpoint: 'https://chat.example.com', widgetKey: 'k', visitorId: 'v' });
      await chat.rate('1001', 5);
      await chat.addNavigationPage('1001', 'https://example.com/', 'Home');
      await chat.rate('9007199254740993', 5);
      await chat.rate(42, 5);
    } finally {
      window.fetch = realFetch;
    }
    expect(bodies.map((b) => (b as { idChat: unknown }).idChat)).to.deep.equal([1001, 1001, '9007199254740993', 42]);
    expect([jsonId('007'), jsonId('12a'), jsonId('-3'), jsonId('0')]).to.deep.equal(['007', '12a', -3, 0]);
  });
});
