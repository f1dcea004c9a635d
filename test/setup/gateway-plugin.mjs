// Starts the Sportello gateway in front of the test simulator, so the element tests can run the
// real deployment path: `GATEWAY_URL` in `/__sportello/env.js`, and visitor tokens minted as a
// site's backend would at `/__sportello/visitor-token?user=ada|bruno[&ttl=seconds]`
// (demo/site-backend.ts's accounts, signed with this gateway's secret; `ttl` for a token that
// expires during a test). `POST /__sportello/gateway-clock?ahead=ms` moves the clock the gateway
// checks visitor tokens by (and the one they are minted by) ahead of real time: a test sees a token
// expire without waiting its lifetime out; `ahead=0` puts it back. Must come after the simulator plugin.
import { register } from 'tsx/esm/api';

const SECRET = 'web-test-runner-gateway-visitor-secret-0123456789';

export function gatewayPlugin({ simUrl }) {
  let gateway;
  let mint;
  /** How far the gateway's token clock runs ahead of real time (ms). */
  let clockAhead = 0;
  const now = () => Date.now() + clockAhead;
  return {
    name: 'sportello-gateway',
    /** What the env module adds: the gateway's base URL. */
    get env() {
      return { GATEWAY_URL: gateway?.url };
    },
    async serverStart({ config }) {
      register();
      const { readConfig } = await import('../../gateway/config.ts');
      const { startGateway } = await import('../../gateway/server.ts');
      ({ mintVisitorToken: mint } = await import('../../demo/site-backend.ts'));
      // The embedded configuration (the simulator's seeded credentials), for the test page's origins.
      const settings = readConfig(
        {
          SPORTELLO_GATEWAY_PORT: process.env.SPORTELLO_TEST_GATEWAY_PORT ?? '0',
          SPORTELLO_GATEWAY_VISITOR_SECRET: SECRET,
          SPORTELLO_GATEWAY_ORIGINS: `http://localhost:${config.port},http://127.0.0.1:${config.port}`,
          SPORTELLO_GATEWAY_LOG_LEVEL: 'warn',
          // Every test file shares one gateway: the limits are the hostile node suite's to test.
          SPORTELLO_GATEWAY_RATE_VISITOR: '100000',
          SPORTELLO_GATEWAY_RATE_IP: '100000',
          SPORTELLO_GATEWAY_RATE_AI_CHAT: '100000',
          SPORTELLO_GATEWAY_RATE_AI_CHAT_IP: '100000',
        },
        simUrl(),
      );
      gateway = await startGateway({ config: settings, now });
    },
    async serverStop() {
      await gateway?.close();
    },
    async serve(context) {
      const query = new URL(context.request.href, 'http://x').searchParams;
      if (context.path === '/__sportello/gateway-clock' && context.method === 'POST') {
        clockAhead = Math.max(0, Number(query.get('ahead')) || 0);
        return { body: JSON.stringify({ ahead: clockAhead }), type: 'json' };
      }
      if (context.path !== '/__sportello/visitor-token') return undefined;
      const user = query.get('user') ?? '';
      if (!['ada', 'bruno'].includes(user)) return { body: '{"error":"unknown user"}', type: 'json', status: 400 };
      const ttl = query.get('ttl') ? Number(query.get('ttl')) : undefined;
      return { body: JSON.stringify({ token: await mint(user, SECRET, 'sportello', ttl, now()) }), type: 'json' };
    },
  };
}
