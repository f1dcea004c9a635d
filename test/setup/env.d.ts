declare module '/__sportello/env.js' {
  /** Base URL of the simulator the test setup started, e.g. `http://127.0.0.1:41234`. */
  export const SIM_URL: string;
  /** Base URL of the transport test server (test/setup/transport-server.mjs). */
  export const TRANSPORT_URL: string;
  /** RabbitMQ Web-STOMP endpoint; import `/__sportello/rabbit.js` to know whether it runs. */
  export const RABBIT_WS_URL: string;
}

declare module '/__sportello/rabbit.js' {
  /** Importing this module starts RabbitMQ (if needed) and waits for it. */
  export const RABBIT: { ok: boolean; wsUrl: string; reason?: string; required: boolean };
}
