// Types of the virtual module `/__sportello/env.js` served by the test setup (mapped in tsconfig paths).
/** Base URL of the simulator the test setup started, e.g. `http://127.0.0.1:41234`. */
export declare const SIM_URL: string;
/** Base URL of the transport test server (test/setup/transport-server.mjs). */
export declare const TRANSPORT_URL: string;
/** RabbitMQ Web-STOMP endpoint; import `/__sportello/rabbit.js` to know whether it runs. */
export declare const RABBIT_WS_URL: string;
/** Base URL of the Sportello gateway in front of the simulator (test/setup/gateway-plugin.mjs). */
export declare const GATEWAY_URL: string;
