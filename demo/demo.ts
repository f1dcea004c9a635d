import '../src/index.js';
import { SIM_URL } from './demo-env.js';

// Each element's demo section registers itself in demo/sections/ as the elements land.
const main = document.querySelector('#demo-main')!;
main.setAttribute('data-sim', SIM_URL);
