/**
 * The live example on each reference page: the element configured against the simulator as the
 * demo pages do (development keys in the page: a real site points `endpoint` at its gateway).
 */
import { clientCredentials } from '../../src/transport/auth.js';
import { SIM_URL } from '../demo-env.js';

type Setup = () => HTMLElement;

function element(tag: string, attributes: Record<string, string>): HTMLElement {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

function deskForm(tag: string, attributes: Record<string, string>): HTMLElement {
  const el = element(tag, { endpoint: `${SIM_URL}/desk`, ...attributes }) as HTMLElement & { tokenProvider?: unknown };
  el.tokenProvider = clientCredentials({
    tokenUrl: `${SIM_URL}/auth/realms/sportello/protocol/openid-connect/token`,
    clientId: 'sportello-demo',
    clientSecret: 'demo-secret',
  });
  return el;
}

export const LIVE_EXAMPLES: Record<string, { markup: string; setup: Setup }> = {
  'sportello-live-chat': {
    markup: '<sportello-live-chat widget-key="demo" mode="inline" endpoint="…/chat"></sportello-live-chat>',
    setup: () =>
      element('sportello-live-chat', {
        'widget-key': 'demo',
        mode: 'inline',
        endpoint: `${SIM_URL}/chat`,
        'report-navigation': 'false',
      }),
  },
  'sportello-ai-chat': {
    markup: '<sportello-ai-chat agent-id="1" api-key="spk_demo" endpoint="…/ai/api/v2"></sportello-ai-chat>',
    setup: () =>
      element('sportello-ai-chat', { 'agent-id': '1', 'api-key': 'spk_demo', endpoint: `${SIM_URL}/ai/api/v2` }),
  },
  'sportello-sign-viewer': {
    markup:
      '<sportello-sign-viewer id-file="1002" sign-token="demo-sign-token" sign-user="demo" endpoint="…/sign/api/v2"></sportello-sign-viewer>',
    setup: () =>
      element('sportello-sign-viewer', {
        'id-file': '1002',
        'sign-token': 'demo-sign-token',
        'sign-user': 'demo',
        endpoint: `${SIM_URL}/sign/api/v2`,
      }),
  },
  'sportello-desk-form': {
    markup:
      '<sportello-desk-form user-id="501" endpoint="…/desk" catalog-src="…/desk/__catalog.json"></sportello-desk-form>',
    setup: () =>
      deskForm('sportello-desk-form', {
        'user-id': '501',
        'catalog-src': `${SIM_URL}/desk/__catalog.json`,
        'no-draft': '',
      }),
  },
  'sportello-desk-requests': {
    markup: '<sportello-desk-requests user-id="501" endpoint="…/desk"></sportello-desk-requests>',
    setup: () => deskForm('sportello-desk-requests', { 'user-id': '501' }),
  },
  'sportello-desk-request': {
    markup: '<sportello-desk-request request-id="7001" endpoint="…/desk"></sportello-desk-request>',
    setup: () => deskForm('sportello-desk-request', { 'request-id': '7001' }),
  },
};
