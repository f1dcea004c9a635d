/**
 * The live example on each element's page of the documentation site: the element configured
 * against the service simulator with its seeded development credentials (a real site points
 * `endpoint` at its gateway instead). `LIVE_MARKUP` is what the page shows as code (read by the
 * site's build in Node); `liveExample()` builds the element in the page.
 */
import { clientCredentials } from '../src/transport/auth.js';

interface Example {
  /** The example as a page would write it (`…` for the service's address). */
  markup: string;
  /** The element's attributes, given the simulator's URL. */
  attributes: (sim: string) => Record<string, string>;
  /** The desk elements take a token from the simulator's identity provider, as a portal would. */
  bearer?: boolean;
}

const EXAMPLES: Record<string, Example> = {
  'sportello-live-chat': {
    markup: '<sportello-live-chat widget-key="demo" mode="inline" endpoint="…/chat"></sportello-live-chat>',
    attributes: (sim) => ({
      'widget-key': 'demo',
      mode: 'inline',
      endpoint: `${sim}/chat`,
      'report-navigation': 'false',
    }),
  },
  'sportello-ai-chat': {
    markup: '<sportello-ai-chat agent-id="1" api-key="spk_demo" endpoint="…/ai/api/v2"></sportello-ai-chat>',
    attributes: (sim) => ({ 'agent-id': '1', 'api-key': 'spk_demo', endpoint: `${sim}/ai/api/v2` }),
  },
  'sportello-sign-viewer': {
    markup:
      '<sportello-sign-viewer id-file="1002" sign-token="demo-sign-token" sign-user="demo" endpoint="…/sign/api/v2"></sportello-sign-viewer>',
    attributes: (sim) => ({
      'id-file': '1002',
      'sign-token': 'demo-sign-token',
      'sign-user': 'demo',
      endpoint: `${sim}/sign/api/v2`,
    }),
  },
  'sportello-sign-composer': {
    markup:
      '<sportello-sign-composer sign-token="demo-sign-token" sign-user="demo" endpoint="…/sign/api/v2"></sportello-sign-composer>',
    attributes: (sim) => ({ 'sign-token': 'demo-sign-token', 'sign-user': 'demo', endpoint: `${sim}/sign/api/v2` }),
  },
  'sportello-desk-form': {
    markup:
      '<sportello-desk-form user-id="501" endpoint="…/desk" catalog-src="…/desk/__catalog.json"></sportello-desk-form>',
    attributes: (sim) => ({
      'user-id': '501',
      endpoint: `${sim}/desk`,
      'catalog-src': `${sim}/desk/__catalog.json`,
      'no-draft': '',
    }),
    bearer: true,
  },
  'sportello-desk-requests': {
    markup: '<sportello-desk-requests user-id="501" endpoint="…/desk"></sportello-desk-requests>',
    attributes: (sim) => ({ 'user-id': '501', endpoint: `${sim}/desk` }),
    bearer: true,
  },
  'sportello-desk-request': {
    markup: '<sportello-desk-request request-id="7001" endpoint="…/desk"></sportello-desk-request>',
    attributes: (sim) => ({ 'request-id': '7001', endpoint: `${sim}/desk` }),
    bearer: true,
  },
};

/** Each element's example as code, by tag. */
export const LIVE_MARKUP: Record<string, string> = Object.fromEntries(
  Object.entries(EXAMPLES).map(([tag, example]) => [tag, example.markup]),
);

/** The element of `tag`'s example against the simulator at `sim`; undefined for a tag without one. */
export function liveExample(tag: string, sim: string): HTMLElement | undefined {
  const example = EXAMPLES[tag];
  if (!example) return undefined;
  const el = document.createElement(tag) as HTMLElement & { tokenProvider?: unknown };
  for (const [name, value] of Object.entries(example.attributes(sim))) el.setAttribute(name, value);
  if (example.bearer)
    el.tokenProvider = clientCredentials({
      tokenUrl: `${sim}/auth/realms/sportello/protocol/openid-connect/token`,
      clientId: 'sportello-demo',
      clientSecret: 'demo-secret',
    });
  return el;
}
