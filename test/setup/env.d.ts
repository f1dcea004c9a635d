declare module '/__sportello/env.js' {
  /** Base URL of the simulator the test setup started, e.g. `http://127.0.0.1:41234`. */
  export const SIM_URL: string;
}
