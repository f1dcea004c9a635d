#!/usr/bin/env node
/**
 * `sportello-gateway`, the installed package's command: the Sportello gateway in front of the
 * services named by SPORTELLO_GATEWAY_UPSTREAM (or one variable per service). It refuses to start on
 * a bad or incomplete configuration, printing one line per problem. The demo's embedded simulator is
 * not part of the gateway: a clone of the repository runs the two together (`npm start`, or
 * `SPORTELLO_GATEWAY_SIMULATOR=1 npm run gateway`, demo/server/gateway.ts).
 */
import './v8-settings.js';
import { refuseToStart, runGateway } from './run.js';

if (['1', 'true', 'yes'].includes((process.env.SPORTELLO_GATEWAY_SIMULATOR ?? '').toLowerCase()))
  refuseToStart([
    "SPORTELLO_GATEWAY_SIMULATOR: the demo simulator is not part of the installed gateway (it is in the repository's demo: `npm start` in a clone); name the services with SPORTELLO_GATEWAY_UPSTREAM",
  ]);
await runGateway(process.env);
