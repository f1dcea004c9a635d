import '../../entries/index.js';
import { SIM_URL } from '../demo-env.js';
import { clientCredentials } from '../../src/transport/auth.js';

const SIGN_API = `${SIM_URL}/sign/api/v2`;
const log = document.querySelector('#log')!;
const say = (text: string) => (log.textContent = text);
const $ = <T extends Element>(sel: string) => document.querySelector<T>(sel)!;

const bearerToken = clientCredentials({
  tokenUrl: `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`,
  clientId: 'sportello-demo',
  clientSecret: 'demo-secret',
});

for (const name of [
  'sportello-sign-status',
  'sportello-sign-open',
  'sportello-sign-download',
  'sportello-error',
] as const) {
  document.addEventListener(name, (e) => {
    const d = (e as CustomEvent).detail as Record<string, unknown> & {
      error?: Error;
      signer?: { name: string; status: string; previousStatus: string };
    };
    const what = d.error
      ? `${d.operation}: ${d.error.message}`
      : d.signer
        ? `${d.signer.name} ${d.signer.previousStatus} → ${d.signer.status}`
        : d.status
          ? `${d.previousStatus} → ${d.status}`
          : (d.filename ?? d.url ?? '');
    say(`${name}: ${String(what)}`);
  });
}

/** Replaces the viewer with one configured from the controls (a fresh element, as a page would render it). */
function build(linkOnly?: { signingUrl: string; documentSrc: string }): void {
  const old = $<Element>('#viewer');
  const el = document.createElement('sportello-sign-viewer');
  el.id = 'viewer';
  const signer = $<HTMLSelectElement>('#signer').value;
  if (signer) el.setAttribute('signer-email', signer);
  if ($<HTMLInputElement>('#dialog').checked) el.setAttribute('sign-mode', 'dialog');
  if (linkOnly) {
    el.setAttribute('signing-url', linkOnly.signingUrl);
    el.setAttribute('document-src', linkOnly.documentSrc);
  } else {
    el.setAttribute('endpoint', SIGN_API);
    const auth = $<HTMLSelectElement>('#auth').value;
    if (auth === 'bearer') el.tokenProvider = bearerToken;
    else {
      el.setAttribute('sign-token', auth === 'bad' ? 'expired-token' : 'demo-sign-token');
      el.setAttribute('sign-user', auth === 'viewer' ? 'viewer' : 'demo');
    }
    el.setAttribute('id-file', $<HTMLSelectElement>('#practice').value);
  }
  old.replaceWith(el);
}

for (const id of ['#practice', '#auth', '#signer', '#dialog']) $(id).addEventListener('change', () => build());
$('#lang-it').addEventListener('change', (e) => {
  document.documentElement.lang = (e.target as HTMLInputElement).checked ? 'it' : 'en';
  build();
});
$('#reset').addEventListener('click', async () => {
  await fetch(`${SIM_URL}/__sim/reset`, { method: 'POST' });
  say('Simulator reset to its seed.');
  build();
});
$('#link-only').addEventListener('click', async () => {
  const headers = { 'X-SignToken': 'demo-sign-token', 'X-SignUser': 'demo' };
  // The demo asks for the link as a portal would before mailing it; the viewer itself calls no API.
  const link = (await (await fetch(`${SIGN_API}/files/1002/link`, { headers })).json()) as string;
  const docs = (await (await fetch(`${SIGN_API}/files/1002/documents`, { headers })).json()) as Array<{
    idDocument: number;
  }>;
  build({ signingUrl: link, documentSrc: docs.map((d) => `${link}/documents/${d.idDocument}`).join(' ') });
  say(`Link-only: ${link}`);
});

build();
