/**
 * An integrator's own language: Arabic, which the kit does not ship. This is what a site gives
 * `configure({ strings: { ar } })`, one module per namespace under `demo/strings-ar/`. The demo
 * uses it for the right-to-left screenshots (`?lang=ar&dir=rtl`).
 *
 * This catalogue is complete: every namespace is typed `Catalogue[N]`, so a key added to English
 * fails the type check here, and test/node/demo-strings-ar.test.ts walks the key sets, the
 * placeholders and Arabic's six plural forms. An integrator's catalogue may well be partial
 * (`CatalogueStrings`): keys it leaves out still fall back to the configured language
 * (`configure({ lang })`).
 */
import type { CatalogueStrings } from '../src/i18n/catalogue-types.js';
import { ai } from './strings-ar/ai.js';
import { chat } from './strings-ar/chat.js';
import { desk } from './strings-ar/desk.js';
import { errors } from './strings-ar/errors.js';
import { fields } from './strings-ar/fields.js';
import { launcher } from './strings-ar/launcher.js';
import { list } from './strings-ar/list.js';
import { sign } from './strings-ar/sign.js';

export const ar: CatalogueStrings = { launcher, errors, fields, list, ai, chat, desk, sign };
