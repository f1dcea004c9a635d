// The chat simulator's REST endpoints (spec desk-and-chat-services.md §4.3, §5, §7): public widget
// API without auth, operator API with X-ChatToken. Chats are started over a raw STOMP socket.
import { after, afterEach, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { startSimulator, type RunningSimulator } from '../../demo/server/core/simulator.js';
import { createChatService } from '../../demo/server/chat/index.js';
import { StompParser, type StompFrame } from '../../demo/server/chat/stomp-frame.js';

const TOKEN = { 'X-ChatToken': 'demo-chat-token' };
let sim: RunningSimulator;
let base: string;
const sockets: WebSocket[] = [];

before(async () => {
  sim = await startSimulator({ port: 0, paceMs: 1, modules: (ctx) => [createChatService(ctx)] });
  base = `${sim.url}/chat`;
});
after(() => sim.close());
afterEach(async () => {
  sockets.splice(0).forEach((s) => s.terminate());
  await fetch(`${sim.url}/__sim/faults`, { method: 'DELETE' });
  await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
});

/** A visitor on a raw STOMP socket: `start` opens a chat, `frames` collects MESSAGE bodies. */
async function visitorSocket(visitorId: string, widgetKey = 'demo') {
  const ws = new WebSocket(`${sim.url.replace('http', 'ws')}/chat/websocket`, ['v12.stomp']);
  sockets.push(ws);
  const parser = new StompParser();
  const events: Array<Record<string, any>> = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (d) => {
    parser.push(d as Buffer).frames.forEach((f: StompFrame) => {
      if (f.command === 'MESSAGE') events.push(JSON.parse(f.body.toString()));
    });
    waiters.splice(0).forEach((w) => w());
  });
  await new Promise((r) => ws.once('open', r));
  ws.send(
    `CONNECT\naccept-version:1.2\nvisitor-id:${visitorId}\nwidget-key:${widgetKey}\n\n\0SUBSCRIBE\nid:v\ndestination:/topic/visitor.${visitorId}\n\n\0`,
  );
  const next = async (pred: (e: Record<string, any>) => boolean) => {
    for (;;) {
      const found = events.find(pred);
      if (found) return found;
      await new Promise<void>((r) => waiters.push(r));
    }
  };
  const send = (destination: string, body: unknown) =>
    ws.send(`SEND\ndestination:${destination}\n\n${JSON.stringify(body)}\0`);
  return {
    events,
    next,
    send,
    async start(idChatCategory: number | string, language = 'en') {
      send('/app/chat.start', {
        clientRequestId: `r-${Math.random()}`,
        idChatCategory,
        name: 'Ada',
        email: 'ada@example.com',
        language,
        startingPage: 'https://example.com/start',
        visitorId,
      });
      const started = await next((e) => e.type === 'started');
      ws.send(`SUBSCRIBE\nid:c${started.idChat}\ndestination:/topic/chat.${started.idChat}\n\n\0`);
      return started.idChat as number;
    },
  };
}

const get = (path: string, headers: Record<string, string> = {}) => fetch(`${base}${path}`, { headers });
const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

async function expectError(res: Response, status: number, errors?: Record<string, string>) {
  assert.equal(res.status, status);
  const body = await res.json();
  assert.equal(body.status, status);
  assert.equal(typeof body.error, 'string');
  assert.equal(typeof body.message, 'string');
  if (errors) assert.deepEqual(body.errors, errors);
  return body;
}

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
const PDF = Buffer.from('%PDF-1.4\n%…\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

function upload(data: Buffer, name: string, type: string, fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)], { type }), name);
  return fetch(`${base}/public/api/attachments/upload`, { method: 'POST', body: form });
}

describe('chat public API', () => {
  it('answers health and version', async () => {
    assert.deepEqual(await (await get('/public/api/health')).json(), { status: 'UP' });
    const version = await (await get('/public/api/version')).json();
    assert.equal(version.stomp, '1.2');
    assert.match(version.version, /^\d+\.\d+\.\d+$/);
  });

  it('gives the widget configuration, online for `demo` and offline for `demo-offline`', async () => {
    await expectError(await get('/public/api/widget'), 400, { widgetKey: 'required' });
    await expectError(await get('/public/api/widget?widgetKey=nope'), 404);
    const widget = await (await get('/public/api/widget?widgetKey=demo&language=en')).json();
    assert.equal(widget.online, true);
    assert.equal(widget.title, 'Talk to us');
    assert.deepEqual(Object.keys(widget.labels), ['it', 'en']);
    assert.equal(widget.labels.it.title, 'Parla con noi');
    assert.match(widget.privacy.text.it, /Informativa/);
    assert.equal(widget.businessHours.timeZone, 'Europe/Rome');
    assert.equal(widget.attachments.maxBytes, 5 * 1024 * 1024);
    assert.ok(widget.attachments.contentTypes.includes('image/png'));
    assert.ok(!widget.attachments.contentTypes.includes('image/svg+xml'));
    assert.match(widget.colors.primary, /^#[0-9a-f]{6}$/);
    assert.deepEqual(widget.websocket, {
      path: '/websocket',
      sendPrefix: '/app',
      topicPrefix: '/topic',
      heartbeat: [10000, 10000],
    });
    const offline = await (await get('/public/api/widget?widgetKey=demo-offline')).json();
    assert.equal(offline.online, false);
    assert.equal(offline.language, 'it');
    assert.match(offline.offlineMessage, /chiusi/);
  });

  it('refuses to start a chat on an offline widget', async () => {
    const v = await visitorSocket('off-1', 'demo-offline');
    v.send('/app/chat.start', { clientRequestId: 'x', idChatCategory: 1 });
    assert.deepEqual(await v.next((e) => e.type === 'rejected'), {
      type: 'rejected',
      clientRequestId: 'x',
      reason: 'offline',
    });
  });

  it('serves the bot avatar as a real PNG', async () => {
    const res = await get('/public/api/bot/avatar');
    assert.equal(res.headers.get('content-type'), 'image/png');
    const png = Buffer.from(await res.arrayBuffer());
    assert.deepEqual([...png.subarray(1, 4)], [0x50, 0x4e, 0x47]);
    assert.equal(png.readUInt32BE(16), 64);
    const { inflateSync } = await import('node:zlib');
    const idatAt = png.indexOf('IDAT');
    const pixels = inflateSync(png.subarray(idatAt + 4, idatAt + 4 + png.readUInt32BE(idatAt - 4)));
    assert.equal(pixels.length, 64 * (1 + 64 * 4));
  });

  it('lists the categories in the asked language', async () => {
    const it = await (await get('/public/api/chat/categories?language=it')).json();
    assert.deepEqual(
      it.map((c: any) => c.code),
      ['SUPPORT', 'SALES', 'BOT', 'HUMAN'],
    );
    assert.equal(it[0].title, 'Assistenza');
    const en = await (await get('/public/api/chat/categories?language=en')).json();
    assert.equal(en[0].title, 'Support');
    assert.equal(en.find((c: any) => c.code === 'BOT').bot, true);
  });

  it('spells every public path as spec §4.3 writes it: the other spelling is a 404', async () => {
    const v = await visitorSocket('slash-1');
    const idChat = await v.start('HUMAN');
    const file = await (await upload(PNG, 'a.png', 'image/png')).json();
    // Written with a trailing slash in the spec: that form answers, the bare one does not exist.
    const slashed: Array<[string, () => Promise<Response>, () => Promise<Response>]> = [
      [
        'queue-position',
        () => get(`/public/api/chat/queue-position/?idChat=${idChat}`),
        () => get(`/public/api/chat/queue-position?idChat=${idChat}`),
      ],
      [
        'transcription',
        () => get(`/public/api/chat/transcription/?idChat=${idChat}&email=ada@example.com`),
        () => get(`/public/api/chat/transcription?idChat=${idChat}&email=ada@example.com`),
      ],
      [
        'contact-request-email',
        () => get('/public/api/chat/contact-request-email/?name=Ada&email=ada@example.com&message=Hi'),
        () => get('/public/api/chat/contact-request-email?name=Ada&email=ada@example.com&message=Hi'),
      ],
      [
        'contact-request-phone',
        () => get('/public/api/chat/contact-request-phone/?name=Ada&phone=055123456'),
        () => get('/public/api/chat/contact-request-phone?name=Ada&phone=055123456'),
      ],
      [
        'attachments (info)',
        () => get(`/public/api/attachments/?uuid=${file.uuid}`),
        () => get(`/public/api/attachments?uuid=${file.uuid}`),
      ],
      [
        'rating',
        () => post('/public/api/chat/rating/', { idChat, rating: 5 }),
        () => post('/public/api/chat/rating', { idChat, rating: 5 }),
      ],
    ];
    for (const [name, spec, bare] of slashed) {
      assert.equal((await spec()).status, 200, `${name} with the spec's slash`);
      await expectError(await bare(), 404);
    }
    // Written without one: the slash form does not exist.
    await expectError(await get('/public/api/widget/?widgetKey=demo'), 404);
    await expectError(await get('/public/api/chat/categories/'), 404);
    await expectError(
      await post('/public/api/chat/add-navigation-page/', { idChat, url: 'https://example.com/' }),
      404,
    );
    await expectError(await post('/public/api/chat/input/validate/', { name: 'Ada' }), 404);
    await expectError(await get(`/public/api/attachments/download/?uuid=${file.uuid}`), 404);
    await expectError(await fetch(`${base}/public/api/attachments/${file.uuid}/`, { method: 'DELETE' }), 404);
  });

  it('tells the queue position of a chat', async () => {
    await expectError(await get('/public/api/chat/queue-position/'), 400, { idChat: 'invalid' });
    await expectError(await get('/public/api/chat/queue-position/?idChat=abc'), 400);
    await expectError(await get('/public/api/chat/queue-position/?idChat=999999'), 404);
    const v = await visitorSocket('q-1');
    const idChat = await v.start('HUMAN');
    const pos = await (await get(`/public/api/chat/queue-position/?idChat=${idChat}`)).json();
    assert.deepEqual(pos, { idChat, status: 'queued', position: 1, estimatedWaitSeconds: 30 });
  });

  it('stores a rating of 1 to 5', async () => {
    const v = await visitorSocket('r-1');
    const idChat = await v.start('HUMAN');
    await expectError(await post('/public/api/chat/rating/', { idChat, rating: 6 }), 400, { rating: 'invalid' });
    await expectError(await post('/public/api/chat/rating/', { rating: 3 }), 400, { idChat: 'required' });
    await expectError(await post('/public/api/chat/rating/', [1]), 400);
    await expectError(await post('/public/api/chat/rating/', { idChat: 424242, rating: 3 }), 404);
    const res = await post('/public/api/chat/rating/', { idChat, rating: 4, comment: 'Gentili' });
    assert.deepEqual(await res.json(), { idChat, rating: 4, comment: 'Gentili' });
    const detail = await (await get(`/api/chat/${idChat}`, TOKEN)).json();
    assert.equal(detail.rating, 4);
  });

  it('sends a transcript to a valid e-mail, at most 3 a minute per chat', async () => {
    const v = await visitorSocket('t-1');
    const idChat = await v.start('HUMAN');
    await expectError(await get(`/public/api/chat/transcription/?idChat=${idChat}&email=not-an-email`), 400, {
      email: 'invalid',
    });
    await expectError(await get('/public/api/chat/transcription/?email=a@b.it'), 400, { idChat: 'required' });
    await expectError(await get('/public/api/chat/transcription/?idChat=5&email=a@b.it'), 404);
    for (let i = 0; i < 3; i++) {
      const ok = await get(`/public/api/chat/transcription/?idChat=${idChat}&email=ada@example.com`);
      assert.equal(ok.status, 200);
      assert.equal((await ok.json()).sent, true);
    }
    const limited = await get(`/public/api/chat/transcription/?idChat=${idChat}&email=ada@example.com`);
    await expectError(limited, 429);
    assert.ok(Number(limited.headers.get('retry-after')) >= 1);
  });

  it('takes contact requests by e-mail and by phone, validating each field', async () => {
    await expectError(await get('/public/api/chat/contact-request-email/?email=bad'), 400, {
      name: 'required',
      email: 'invalid',
      message: 'required',
    });
    const ok = await get(
      '/public/api/chat/contact-request-email/?name=Ada&email=ada@example.com&message=Richiamatemi&language=it',
    );
    assert.equal(ok.status, 200);
    assert.deepEqual(await ok.json(), { idContactRequest: 1, channel: 'email', received: true });
    await expectError(await get('/public/api/chat/contact-request-phone/?name=Ada&phone=abc'), 400, {
      phone: 'invalid',
    });
    await expectError(await get('/public/api/chat/contact-request-phone/?name=Ada'), 400, { phone: 'required' });
    const phone = await get('/public/api/chat/contact-request-phone/?name=Ada&phone=%2B39%20055%20123456');
    assert.equal((await phone.json()).channel, 'phone');
    for (let i = 0; i < 2; i++)
      await get('/public/api/chat/contact-request-email/?name=Ada&email=ada@example.com&message=again');
    const limited = await get('/public/api/chat/contact-request-email/?name=Ada&email=ADA@example.com&message=again');
    assert.equal(limited.status, 429);
    assert.ok(limited.headers.get('retry-after'));
  });

  it('offers only the contact channels the widget names, and refuses the other', async () => {
    const widget = await (await get('/public/api/widget?widgetKey=demo-offline-email')).json();
    assert.equal(widget.online, false);
    assert.deepEqual(widget.contactRequest, { email: true, phone: false });
    assert.deepEqual((await (await get('/public/api/widget?widgetKey=demo-offline')).json()).contactRequest, {
      email: true,
      phone: true,
    });
    await expectError(
      await get('/public/api/chat/contact-request-phone/?widgetKey=demo-offline-email&name=Ada&phone=055123456'),
      400,
      { channel: 'not-offered' },
    );
    const email = await get(
      '/public/api/chat/contact-request-email/?widgetKey=demo-offline-email&name=Ada&email=ada@example.com&message=Hi',
    );
    assert.equal(email.status, 200);
  });

  it('adds navigation pages of http(s) URLs only', async () => {
    const v = await visitorSocket('n-1');
    const idChat = await v.start('HUMAN');
    await expectError(await post('/public/api/chat/add-navigation-page', { idChat, url: 'javascript:alert(1)' }), 400, {
      url: 'invalid',
    });
    await expectError(
      await post('/public/api/chat/add-navigation-page', { idChat: 777777, url: 'https://example.com/x' }),
      404,
    );
    assert.equal(
      (
        await post('/public/api/chat/add-navigation-page', {
          idChat,
          url: 'https://example.com/prices',
          title: 'Prezzi',
        })
      ).status,
      200,
    );
    const detail = await (await get(`/api/chat/${idChat}`, TOKEN)).json();
    assert.deepEqual(
      detail.navigationPages.map((p: any) => p.url),
      ['https://example.com/start', 'https://example.com/prices'],
    );
  });

  it('validates input fields and answers per-field error codes', async () => {
    const bad = await (
      await post('/public/api/chat/input/validate', {
        name: 'x'.repeat(101),
        email: 'a@',
        phone: '12',
        required: ['message'],
      })
    ).json();
    assert.deepEqual(bad, {
      valid: false,
      errors: { name: 'too-long', email: 'invalid', phone: 'invalid', message: 'required' },
    });
    const good = await (
      await post('/public/api/chat/input/validate', { name: 'Ada', email: 'ada@example.com', phone: '+39 055 123456' })
    ).json();
    assert.deepEqual(good, { valid: true, errors: {} });
    await expectError(await fetch(`${base}/public/api/chat/input/validate`, { method: 'POST', body: '{broken' }), 400);
  });
});

describe('chat attachments', () => {
  it('uploads a PNG, describes it, serves it as a download and as an inline image', async () => {
    const res = await upload(PNG, '../../photo.png', 'image/png');
    assert.equal(res.status, 201);
    const file = await res.json();
    assert.deepEqual(
      { ...file, uuid: undefined },
      { uuid: undefined, name: 'photo.png', size: PNG.length, contentType: 'image/png' },
    );
    const info = await (await get(`/public/api/attachments/?uuid=${file.uuid}`)).json();
    assert.equal(info.image, true);
    const download = await get(`/public/api/attachments/download?uuid=${file.uuid}`);
    assert.equal(download.status, 200);
    assert.match(download.headers.get('content-disposition')!, /^attachment; filename="photo.png"/);
    assert.equal(download.headers.get('x-content-type-options'), 'nosniff');
    assert.deepEqual(Buffer.from(await download.arrayBuffer()), PNG);
    const image = await get(`/public/api/attachments/image?uuid=${file.uuid}`);
    assert.equal(image.headers.get('content-type'), 'image/png');
    assert.equal(image.headers.get('content-disposition'), 'inline');
  });

  it('refuses SVG, HTML dressed as text, a PNG that is not one, an oversized file and a missing file part', async () => {
    await expectError(
      await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg', 'image/svg+xml'),
      400,
      { file: 'type-not-allowed' },
    );
    await expectError(await upload(Buffer.from('<html><script>alert(1)</script>'), 'x.txt', 'text/plain'), 400, {
      file: 'type-mismatch',
    });
    await expectError(await upload(Buffer.from('hello'), 'x.png', 'image/png'), 400, { file: 'type-mismatch' });
    await expectError(await upload(Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'big.png', 'image/png'), 400, {
      file: 'too-large',
    });
    const form = new FormData();
    form.append('other', 'x');
    await expectError(await fetch(`${base}/public/api/attachments/upload`, { method: 'POST', body: form }), 400, {
      file: 'required',
    });
    await expectError(await post('/public/api/attachments/upload', { file: 'x' }), 400, { file: 'not-multipart' });
  });

  it('never serves a non-image inline', async () => {
    const pdf = await (await upload(PDF, 'doc.pdf', 'application/pdf')).json();
    await expectError(await get(`/public/api/attachments/image?uuid=${pdf.uuid}`), 400, { uuid: 'not-an-image' });
    const download = await get(`/public/api/attachments/download?uuid=${pdf.uuid}`);
    assert.equal(download.headers.get('content-type'), 'application/pdf');
    assert.match(download.headers.get('content-disposition')!, /^attachment/);
    await expectError(await get('/public/api/attachments/download'), 400, { uuid: 'required' });
    await expectError(await get('/public/api/attachments/image?uuid=nope'), 404);
  });

  it('deletes an attachment, only for its uploader when one was named', async () => {
    const owned = await (await upload(PNG, 'a.png', 'image/png', { visitorId: 'owner-1' })).json();
    await expectError(await fetch(`${base}/public/api/attachments/${owned.uuid}`, { method: 'DELETE' }), 403);
    await expectError(
      await fetch(`${base}/public/api/attachments/${owned.uuid}?visitorId=owner-2`, { method: 'DELETE' }),
      403,
    );
    // A malformed owner is refused at upload, not dropped (an unowned file is anyone's to delete).
    await expectError(await upload(PNG, 'b.png', 'image/png', { visitorId: 'not a visitor id' }), 400, {
      visitorId: 'invalid',
    });
    assert.equal(
      (await fetch(`${base}/public/api/attachments/${owned.uuid}?visitorId=owner-1`, { method: 'DELETE' })).status,
      204,
    );
    await expectError(
      await fetch(`${base}/public/api/attachments/${owned.uuid}?visitorId=owner-1`, { method: 'DELETE' }),
      404,
    );
  });

  it('carries uploaded files in chat messages, described by the server', async () => {
    const file = await (await upload(PNG, 'screen.png', 'image/png')).json();
    const v = await visitorSocket('att-1');
    const idChat = await v.start('HUMAN');
    v.send(`/app/chat.${idChat}.message`, {
      clientMessageId: 'with-file',
      text: '',
      attachments: [{ uuid: file.uuid }],
    });
    const echo = await v.next((e) => e.type === 'message' && e.clientMessageId === 'with-file');
    assert.deepEqual(echo.attachments, [file]);
  });
});

describe('chat operator API', () => {
  it('needs X-ChatToken (401 missing or wrong) and answers 400/404 on bad ids', async () => {
    await expectError(await get('/api/chat/1001'), 401);
    await expectError(await get('/api/chat/1001', { 'X-ChatToken': 'wrong' }), 401);
    await expectError(await get('/api/chat/history/1001'), 401);
    await expectError(await post('/api/chat/join', { idChat: 1001, idUser: 1 }), 401);
    await expectError(await get('/api/chat/1001', TOKEN), 404);
    await expectError(await get('/api/chat/abc', TOKEN), 400);
  });

  it('gives the chat detail of spec §2.2 and its history', async () => {
    const v = await visitorSocket('d-1');
    const idChat = await v.start('HUMAN', 'it');
    v.send(`/app/chat.${idChat}.message`, { clientMessageId: 'm', text: 'Ciao' });
    await v.next((e) => e.type === 'message');
    const detail = await (await get(`/api/chat/${idChat}`, TOKEN)).json();
    for (const key of [
      'idChat',
      'name',
      'jid',
      'active',
      'closed',
      'muted',
      'language',
      'rating',
      'startingPage',
      'status',
      'category',
      'channel',
      'assignedUser',
      'tags',
      'tsIns',
    ])
      assert.ok(key in detail, key);
    assert.deepEqual(detail.category, { idChatCategory: 4, title: 'Operatore (pagina demo)' });
    assert.deepEqual(detail.channel, { code: 'WIDGET', description: 'Web widget' });
    assert.equal(detail.status, 'P');
    assert.ok(!Number.isNaN(Date.parse(detail.tsIns)));
    const history = await (await get(`/api/chat/history/${idChat}`, TOKEN)).json();
    assert.equal(history.messages[0].text, 'Ciao');
    assert.deepEqual(
      history.events.map((e: any) => e.type),
      ['started'],
    );
  });

  it('checks join: required fields, operators only, known and open chats', async () => {
    const v = await visitorSocket('j-1');
    const idChat = await v.start('HUMAN');
    await expectError(await post('/api/chat/join', { idChat }, TOKEN), 400, { idUser: 'required' });
    await expectError(await post('/api/chat/join', { idChat, idUser: 2 }, TOKEN), 403);
    await expectError(await post('/api/chat/join', { idChat, idUser: 99 }, TOKEN), 404);
    await expectError(await post('/api/chat/join', { idChat: 424242, idUser: 1 }, TOKEN), 404);
    assert.equal((await fetch(`${base}/api/chat/close/${idChat}`, { method: 'PUT', headers: TOKEN })).status, 200);
    await expectError(await post('/api/chat/join', { idChat, idUser: 1 }, TOKEN), 400, { idChat: 'closed' });
    await expectError(await fetch(`${base}/api/chat/close/424242`, { method: 'PUT', headers: TOKEN }), 404);
  });

  it('lists pending chats by priority, category and operator, and pages all chats', async () => {
    const v = await visitorSocket('p-1');
    const human = await v.start('HUMAN');
    await expectError(await get('/api/chat/pending/high', TOKEN), 400);
    assert.deepEqual(
      (await (await get('/api/chat/pending/3', TOKEN)).json()).map((c: any) => c.idChat),
      [human],
    );
    assert.deepEqual(await (await get('/api/chat/pending/2', TOKEN)).json(), []);
    const byCategory = await (await get('/api/chat/pending/categories/', TOKEN)).json();
    assert.equal(byCategory.find((c: any) => c.code === 'HUMAN').pending, 1);
    assert.deepEqual(await (await get('/api/chat/pending/operator/1/count', TOKEN)).json(), { count: 1 });
    assert.equal((await (await get('/api/chat/pending/operator/1/top/5', TOKEN)).json()).length, 1);
    await expectError(await get('/api/chat/pending/operator/2', TOKEN), 403);
    assert.deepEqual(await (await get('/api/chat/pending/connections/3', TOKEN)).json(), { priority: 3, count: 1 });
    const page = await (await get('/api/chat/?page=0&size=1&active=true', TOKEN)).json();
    assert.deepEqual(
      {
        total: page.totalElements,
        number: page.number,
        size: page.size,
        pages: page.totalPages,
        n: page.content.length,
      },
      { total: 1, number: 0, size: 1, pages: 1, n: 1 },
    );
    await expectError(await get('/api/chat/?size=0', TOKEN), 400, { size: 'invalid' });
    const categories = await (await get('/api/chat/categories/?counters=true', TOKEN)).json();
    assert.equal(categories.find((c: any) => c.code === 'HUMAN').pending, 1);
    assert.deepEqual(
      (await (await get('/api/chat/export/' + human, TOKEN)).text()).split('\n')[0],
      `Chat ${human} — Operator (demo page)`,
    );
  });

  it('spells the operator list paths as spec §4.3 writes them, with their trailing slash', async () => {
    assert.equal((await get('/api/chat/', TOKEN)).status, 200);
    await expectError(await get('/api/chat', TOKEN), 404);
    assert.equal((await get('/api/chat/categories/', TOKEN)).status, 200);
    assert.equal((await get('/api/chat/pending/categories/', TOKEN)).status, 200);
    // Without the slash these read as `/api/chat/{idChat}` and `/pending/{priority}`, as on a real
    // server: not a list, and not a number.
    await expectError(await get('/api/chat/categories', TOKEN), 400, { idChat: 'invalid' });
    await expectError(await get('/api/chat/pending/categories', TOKEN), 400);
    await expectError(await get('/api/users/operators/', TOKEN), 404);
  });

  it('reports operator availability', async () => {
    const ops = await (await get('/api/users/operators', TOKEN)).json();
    assert.deepEqual(
      ops.map((o: any) => [o.username, o.status]),
      [
        ['operator', 'offline'],
        ['marta', 'offline'],
        ['giulia.script', 'online'],
      ],
    );
    await expectError(await fetch(`${base}/api/users/busy/2`, { method: 'PUT', headers: TOKEN }), 403);
  });

  it('changes an operator nickname (what visitors see) and restores it on /__sim/reset', async () => {
    const post = (body: unknown, headers: Record<string, string> = TOKEN) =>
      fetch(`${base}/api/users/change-nickname`, {
        method: 'POST',
        headers: { ...headers, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    await expectError(await post({ idUser: 1, nickname: 'x' }, {}), 401);
    await expectError(await post({ idUser: 1, nickname: '  ' }), 400, { nickname: 'required' });
    await expectError(await post({ idUser: 1, nickname: 'x'.repeat(101) }), 400, { nickname: 'too-long' });
    await expectError(await post({ nickname: 'Ada' }), 400, { idUser: 'required' });
    await expectError(await post({ idUser: 77, nickname: 'Ada' }), 404);
    assert.deepEqual(await (await post({ idUser: 1, nickname: ' Ada <b> ' })).json(), {
      idUser: 1,
      username: 'operator',
      nickname: 'Ada <b>',
    });
    const nick = async () =>
      (await (await get('/api/users/operators', TOKEN)).json()).find((o: any) => o.idUser === 1).nickname;
    assert.equal(await nick(), 'Ada <b>');
    await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
    assert.equal(await nick(), 'Operatore Demo');
  });

  it('answers injected faults in the chat error shape, with Retry-After', async () => {
    await fetch(`${sim.url}/__sim/faults`, {
      method: 'POST',
      body: JSON.stringify({ kind: 'status', status: 503, retryAfter: 2, match: '/chat/public/api/widget' }),
    });
    const res = await get('/public/api/widget?widgetKey=demo');
    await expectError(res, 503);
    assert.equal(res.headers.get('retry-after'), '2');
    assert.equal((await get('/public/api/widget?widgetKey=demo')).status, 200);
  });

  it('forgets chats on /__sim/reset', async () => {
    const v = await visitorSocket('z-1');
    const idChat = await v.start('HUMAN');
    assert.equal((await get(`/api/chat/${idChat}`, TOKEN)).status, 200);
    await fetch(`${sim.url}/__sim/reset`, { method: 'POST' });
    await expectError(await get(`/api/chat/${idChat}`, TOKEN), 404);
  });
});
