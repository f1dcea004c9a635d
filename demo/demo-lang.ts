/**
 * `?lang=de` (or fr, es, it, en, qps…) and `?dir=rtl` on any demo page: the page's language and
 * direction, which every element follows. `?lang=ar` also brings the integrator's Arabic catalogue
 * (demo/strings-ar.ts), the way a site adds a language the kit does not ship.
 */
import { configure } from '../src/config.js';
import { ar } from './strings-ar.js';

const params = new URLSearchParams(location.search);
const lang = params.get('lang');
const dir = params.get('dir');
if (lang) document.documentElement.lang = lang;
if (dir === 'rtl' || dir === 'ltr') document.documentElement.dir = dir;
if (lang?.startsWith('ar')) configure({ lang: 'en', strings: { ar } });
