import '../../entries/index.js';
import { clientCredentials } from '../../src/transport/auth.js';
import type { SportelloDeskForm } from '../../components/desk-form/index.js';
import type { SportelloDeskRequests } from '../../components/desk-requests/index.js';
import { SIM_URL } from '../demo-env.js';

const form = document.querySelector<SportelloDeskForm>('#desk')!;
const log = document.querySelector<HTMLOListElement>('#log')!;

// Development only: the secret is in the page. A real portal passes a provider that asks its own backend.
const provider = clientCredentials({
  tokenUrl: `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`,
  clientId: 'sportello-demo',
  clientSecret: 'demo-secret',
});
form.tokenProvider = provider;
form.endpoint = `${SIM_URL}/desk`;
form.catalogSrc = `${SIM_URL}/desk/__catalog.json`;
// Deflection and suggestions go to the simulator's AI service (a development key; through the gateway, none).
form.aiEndpoint = `${SIM_URL}/ai/api/v2`;

const mine = document.querySelector<SportelloDeskRequests>('#mine')!;
mine.tokenProvider = provider;
mine.endpoint = `${SIM_URL}/desk`;

const launcherForm = document.querySelector<SportelloDeskForm>('#desk-launcher')!;
launcherForm.tokenProvider = provider;
launcherForm.endpoint = `${SIM_URL}/desk`;
launcherForm.catalogSrc = `${SIM_URL}/desk/__catalog.json`;
// An anonymous visitor: the service still needs an idUtente (the gateway sets its own for them).
launcherForm.addEventListener('sportello-before-submit', (e) => (e.detail.body['idUtente'] ??= 900));

const params = new URLSearchParams(location.search);
if (params.get('request')) form.requestId = params.get('request')!;
if (params.get('lang')) {
  form.lang = params.get('lang')!;
  document.querySelector<HTMLSelectElement>('#lang')!.value = params.get('lang')!;
}

function note(text: string): void {
  const item = document.createElement('li');
  item.textContent = `${new Date().toLocaleTimeString()} ${text}`;
  log.prepend(item);
}

form.addEventListener('sportello-before-submit', (e) => {
  // Where a portal adds what only it knows (the signed-in user, a CRM id, ...).
  e.detail.body['note'] = [e.detail.body['note'], `Sent from ${location.host}`].filter(Boolean).join('\n');
  note('sportello-before-submit');
});
form.addEventListener('sportello-request-created', (e) =>
  note(`sportello-request-created: ${e.detail.idRichiesta} ${e.detail.protocolloTicket ?? ''}`),
);
form.addEventListener('sportello-deflected', (e) =>
  note(`sportello-deflected: answer ${e.detail.answerId} (${e.detail.title})`),
);
form.addEventListener('sportello-comment-added', (e) => note(`sportello-comment-added on ${e.detail.idRichiesta}`));
form.addEventListener('sportello-error', (e) =>
  note(`sportello-error (${e.detail.operation}): ${e.detail.error.message}`),
);

document.querySelector('#lang')!.addEventListener('change', (e) => {
  form.lang = (e.target as HTMLSelectElement).value;
  form.requestUpdate();
});
document.querySelector('#submit')!.addEventListener('click', () => void form.submit());
document.querySelector('#reset')!.addEventListener('click', () => form.reset());
document.querySelector('#prefill')!.addEventListener('click', () => {
  form.prefill = {
    codServizio: 'IT',
    codAssetRoot: 'RETE',
    codAssetFiglio: 'RETE-WIFI',
    codTipoRichiesta: 'GUASTO',
    codUrgenza: 'ALTA',
    oggetto: 'The Wi-Fi drops every few minutes',
  };
});
document.querySelector('#follow')!.addEventListener('click', () => {
  form.requestId = document.querySelector<HTMLInputElement>('#follow-id')!.value.trim();
});
document.querySelector('#new')!.addEventListener('click', () => {
  form.requestId = undefined;
});

async function fault(body: unknown): Promise<void> {
  await fetch(`${SIM_URL}/__sim/faults`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  note(`fault armed: ${JSON.stringify(body)}`);
}
document.querySelector('#fault-503')!.addEventListener(
  'click',
  () =>
    void fault({
      kind: 'status',
      status: 503,
      match: '/desk/richieste/creazione-richiesta',
      count: 3,
      retryAfter: 0,
    }),
);
document
  .querySelector('#fault-slow')!
  .addEventListener(
    'click',
    () => void fault({ kind: 'delay', delayMs: 3000, match: '/desk/richieste/creazione-richiesta' }),
  );
document
  .querySelector('#fault-401')!
  .addEventListener('click', () => void fault({ kind: 'status', status: 401, match: '/desk/' }));
