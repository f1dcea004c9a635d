import './demo-lang.js';
const host = location.hostname === 'localhost' ? '127.0.0.1' : location.hostname;
const params = new URLSearchParams(location.search);

/** Where the demo finds the simulator: `?sim=` on the page URL, else what `npm start` says, else port 8790. */
export const SIM_URL = params.get('sim') ?? import.meta.env.VITE_SPORTELLO_SIM_URL ?? `http://${host}:8790`;

/** Where the demo finds the Sportello gateway: `?gateway=`, else what `npm start` says, else port 8791. */
export const GATEWAY_URL = params.get('gateway') ?? import.meta.env.VITE_SPORTELLO_GATEWAY_URL ?? `http://${host}:8791`;
