/**
 * HTML text for the documentation site's build, escaped by construction: every value put into an
 * `markup` template is text unless it is an `Html` made by `markup` itself (or `raw`, for the README's
 * markdown rendered by marked from our own file). `undefined` in an attribute drops the attribute.
 */
const RAW = Symbol('html');

export interface Raw {
  readonly [RAW]: string;
}
export type Html = Raw | string | ReadonlyArray<Html>;

export const raw = (text: string): Raw => ({ [RAW]: text });

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function text(value: Html | undefined): string {
  if (value === undefined) return '';
  if (typeof value === 'string') return escape(value);
  if (Array.isArray(value)) return value.map((v: Html) => text(v)).join('');
  return (value as Raw)[RAW];
}

/** An attribute written `name=${value}`: quoted, or left out when the value is undefined. */
export function markup(strings: TemplateStringsArray, ...values: Array<Html | undefined>): Raw {
  let out = strings[0]!;
  values.forEach((value, i) => {
    const attribute = /\s([\w-]+)=$/.exec(out);
    if (attribute && !(value !== undefined && typeof value === 'object' && RAW in value))
      out =
        value === undefined
          ? out.slice(0, -attribute[0].length)
          : `${out}"${escape(typeof value === 'string' ? value : text(value))}"`;
    else out += text(value);
    out += strings[i + 1]!;
  });
  return raw(out);
}

/** The policy of the README's "Content Security Policy", with the simulator the examples talk to. */
export function strictPolicy(sim: string): string {
  const ws = sim.replace(/^http/, 'ws');
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self'",
    `connect-src 'self' ${sim} ${ws}`,
    `img-src 'self' data: blob: ${sim}`,
    "font-src 'self'",
    "worker-src 'self' blob:",
    `frame-src ${sim}`,
    "require-trusted-types-for 'script'",
    'trusted-types lit-html sportello',
  ].join('; ');
}

/** A whole page of the site: its policy, the simulator's URL for the live example, its script if it has one. */
export function page(o: { title: string; nav: Html; main: Html; sim: string; script?: boolean }): string {
  return `<!doctype html>\n${text(markup`<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta http-equiv="Content-Security-Policy" content=${strictPolicy(o.sim)} />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="sportello-simulator" content=${o.sim} />
    <link rel="icon" href="data:," />
    <title>${o.title}</title>
    <link rel="stylesheet" href="./docs.css" />
    ${o.script ? markup`<script type="module" src="./assets/live.js"></script>` : ''}
  </head>
  <body>
    <a class="skip" href="#main">Skip to the content</a>
    <header class="site-header">
      <a class="brand" href="./index.html">Sportello</a>
      ${o.nav}
    </header>
    <main id="main">${o.main}</main>
  </body>
</html>`)}\n`;
}
