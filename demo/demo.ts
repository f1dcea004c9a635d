import '../src/index.js';
import { clientCredentials } from '../src/transport/auth.js';
import { SIM_URL } from './demo-env.js';

// Development only: keys and a client secret in a page. A real site points `endpoint` at its own
// backend proxy, which adds the credentials server-side.
const desk = document.querySelector('sportello-desk-form')!;
desk.tokenProvider = clientCredentials({
  tokenUrl: `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`,
  clientId: 'sportello-demo',
  clientSecret: 'demo-secret',
});
desk.endpoint = `${SIM_URL}/desk`;
desk.catalogSrc = `${SIM_URL}/desk/__catalog.json`;

const sign = document.querySelector('sportello-sign-viewer')!;
sign.setAttribute('endpoint', `${SIM_URL}/sign/api/v2`);
sign.setAttribute('sign-token', 'demo-sign-token');
sign.setAttribute('sign-user', 'demo');

const chat = document.querySelector('sportello-live-chat')!;
chat.setAttribute('endpoint', `${SIM_URL}/chat`);

const ai = document.querySelector('sportello-ai-chat')!;
ai.setAttribute('endpoint', `${SIM_URL}/ai/api/v2`);
ai.setAttribute('api-key', 'spk_demo');
ai.suggestions = ['What are your opening hours?', 'How do I sign a contract online?', 'I want to talk to a person'];
