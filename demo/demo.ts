import '../entries/index.js';
import { GATEWAY_URL } from './demo-env.js';

// The real pattern: every element talks to the Sportello gateway, which holds the service keys and
// scopes each call to the visitor. The page holds no secret. Its `tokenProvider` asks the site's own
// backend (here the demo's pretend one, demo/site-backend.ts) for a short-lived visitor token after
// the visitor signed in; an anonymous visitor gets the gateway's own anonymous session instead.

interface Me {
  user: string | null;
  name?: string;
  email?: string;
  sportello?: { sign: { files: number[]; signer: string } };
}

type WithProvider = HTMLElement & { tokenProvider?: (o: { forceRefresh: boolean }) => Promise<string> };

/** The site backend's visitor token (the site's own session cookie says who is signed in). */
async function visitorToken(): Promise<string> {
  const res = await fetch('/demo-site/visitor-token', { cache: 'no-store' });
  if (!res.ok) throw new Error('Not signed in');
  return ((await res.json()) as { token: string }).token;
}

/** An anonymous visitor's session, issued by the gateway and kept for this tab. */
async function anonymousSession({ forceRefresh }: { forceRefresh: boolean }): Promise<string> {
  const kept = sessionStorage.getItem('sportello-anonymous-session');
  if (kept && !forceRefresh) return kept;
  const res = await fetch(`${GATEWAY_URL}/gateway/session`, { method: 'POST' });
  const { token } = (await res.json()) as { token: string };
  sessionStorage.setItem('sportello-anonymous-session', token);
  return token;
}

/** A fresh copy of an element (same attributes, no state): what a page renders for a new visitor. */
function fresh<T extends HTMLElement>(id: string): T {
  const old = document.getElementById(id)!;
  const copy = old.cloneNode(false) as T;
  old.replaceWith(copy);
  return copy;
}

function render(me: Me): void {
  const provider = me.user ? () => visitorToken() : anonymousSession;

  const desk = fresh<WithProvider & { endpoint?: string; catalogSrc?: string }>('desk');
  desk.tokenProvider = provider;
  desk.endpoint = `${GATEWAY_URL}/desk`;
  desk.catalogSrc = `${GATEWAY_URL}/desk/__catalog.json`;

  const sign = fresh<WithProvider>('sign');
  sign.setAttribute('endpoint', `${GATEWAY_URL}/sign/api/v2`);
  sign.setAttribute('id-file', String(me.sportello?.sign.files[0] ?? 1001));
  if (me.sportello) sign.setAttribute('signer-email', me.sportello.sign.signer);
  else sign.removeAttribute('signer-email');
  if (me.user) sign.tokenProvider = provider;
  // "About this document": the gateway reads the PDF and asks the AI service; the page sends nothing.
  sign.setAttribute('ai-endpoint', `${GATEWAY_URL}/ai/api/v2`);
  sign.setAttribute('ask-document', '');

  const ai = fresh<WithProvider & { suggestions?: string[] }>('assistant');
  ai.setAttribute('endpoint', `${GATEWAY_URL}/ai/api/v2`);
  ai.tokenProvider = provider;
  ai.suggestions = ['What are your opening hours?', 'How do I sign a contract online?', 'I want to talk to a person'];

  const chat = fresh<WithProvider>('chat');
  // The live chat sends the visitor token on its socket (through the gateway too): the widget shows
  // the name and e-mail as verified, and the gateway makes them the chat's, whatever is typed.
  if (me.user) chat.tokenProvider = () => visitorToken();
  chat.setAttribute('endpoint', `${GATEWAY_URL}/chat`);
  // Answers before a chat: the question in the pre-chat form is searched in the AI service's
  // English knowledge base first, through the gateway (its AI path, found from <sportello-config>).
  chat.setAttribute('answers-kb', '2');
  document.querySelector('#chat-config')!.setAttribute('ai-endpoint', `${GATEWAY_URL}/ai/api/v2`);

  document.querySelector('#who')!.textContent = me.user
    ? `Signed in as ${me.name}: the gateway lets this visitor see their own help-desk requests, practice ${me.sportello?.sign.files.join(' and ')} (signing as ${me.sportello?.sign.signer}), their assistants, and in the live chat's history the chats they ended on any device.`
    : 'Anonymous: the assistant and new help-desk requests only; no practice (the viewer asks the visitor to sign in).';
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-user]')) {
    button.setAttribute('aria-pressed', String((button.dataset.user || null) === me.user));
  }
}

/** Renders the page for whoever is signed in. */
async function show(): Promise<void> {
  render((await (await fetch('/demo-site/me', { cache: 'no-store' })).json()) as Me);
}

async function signIn(user: string): Promise<void> {
  await fetch('/demo-site/login', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ user }),
  });
  await show();
}

for (const button of document.querySelectorAll<HTMLButtonElement>('[data-user]')) {
  button.addEventListener('click', () => void signIn(button.dataset.user ?? ''));
}
document.querySelector('#open-request')!.addEventListener('click', () => {
  (document.getElementById('desk') as HTMLElement & { requestId?: string }).requestId = '7001';
});

await show();
