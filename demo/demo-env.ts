/** Where the demo finds the simulator: `?sim=` on the page URL, else port 8790 on the same host. */
export const SIM_URL =
  new URLSearchParams(location.search).get('sim') ??
  `http://${location.hostname === 'localhost' ? '127.0.0.1' : location.hostname}:8790`;
