import { expect } from '@open-wc/testing';
import { Lexer, marked, type Token } from 'marked';
import { examples } from '/__sportello/commonmark-spec.js';
import { MarkdownView, renderMarkdown, splitBlocks } from './index.js';
import { normaliseHtml, normaliseRendering } from '../../test/browser/helpers/commonmark-compare.js';

/**
 * The renderer against the CommonMark spec's examples (`commonmark-spec`), normalised as the spec's
 * own runner does (commonmark-compare.ts). Measured: the examples without raw HTML (shown as text
 * here, by design) and without relative image URLs (dropped here, by design: an answer's image
 * must be an absolute http(s) URL). Streamed and one-shot renders are compared on all of them.
 */
type Example = (typeof examples)[number];

const MARKDOWN_TAGS = new Set(['p', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'pre', 'code', 'blockquote', 'ul', 'ol', 'li']);
const INLINE_TAGS = new Set(['em', 'strong', 'a', 'img', 'hr', 'br']);
const tagsOf = (html: string) =>
  [...html.matchAll(/<\/?([a-zA-Z][a-zA-Z0-9-]*)(?=[\s/>])/g)].map((m) => m[1]!.toLowerCase());

/** The spec's raw HTML examples, and those whose expected output holds HTML the markdown typed. */
function hasRawHtml(example: Example): boolean {
  if (example.section === 'HTML blocks' || example.section === 'Raw HTML') return true;
  if (example.markdown.includes('<!--') && example.html.includes('<!--')) return true;
  const typed = new Set(tagsOf(example.markdown));
  return tagsOf(example.html).some((tag) => typed.has(tag) || !(MARKDOWN_TAGS.has(tag) || INLINE_TAGS.has(tag)));
}

function hasRelativeImage(example: Example): boolean {
  return [...example.html.matchAll(/<img src="([^"]*)"/g)].some((m) => !/^https?:\/\//i.test(m[1]!));
}

const MEASURED = examples.filter((example) => !hasRawHtml(example) && !hasRelativeImage(example));

/** Where we differ from the spec on purpose, and why. */
const DELIBERATE = new Map<number, string>([
  [
    25,
    'Named character references outside the table of common ones (entities.ts) stay as typed: the full HTML table is 2,125 names, more than the rest of the renderer, for names answers do not use (&HilbertSpace;).',
  ],
  [484, 'A link with no words (`[](url)`) is left out: nothing to click, no name to announce (WCAG 2.4.4).'],
  [487, 'The same for `[]()`.'],
  [596, 'Links keep to http(s), mailto and tel (safe-url.ts): `irc:` stays text.'],
  [598, 'The same for the made-up scheme `a+b+c:`.'],
  [599, 'The same for `made-up-scheme:`.'],
  [601, 'The same for `localhost:` read as a scheme.'],
  [602, 'GFM autolinks: a bare URL is a link (answers write URLs bare); the spec is CommonMark without GFM.'],
  [608, 'The same: `< https://foo.bar >` holds a bare URL.'],
  [611, 'The same: a bare URL.'],
  [612, 'The same: a bare e-mail address.'],
]);

/** Where marked's parser reads the text otherwise than the spec, and marked's own output fails too. */
const AS_MARKED = new Map<number, string>([
  [2, 'A tab after spaces before indented code is not expanded to its tab stop.'],
  [6, 'Nor is a tab after a quote marker.'],
  [318, 'Blank lines at the end of a fenced code block in a list item are dropped.'],
  [526, 'An autolink does not take precedence over the link brackets around it.'],
  [538, 'The same, with a reference link.'],
]);

function rendered(markdown: string): Element {
  const div = document.createElement('div');
  div.append(renderMarkdown(markdown));
  return div;
}

/** A view whose frames the test runs after every chunk. */
function streamed(markdown: string, size: number, onFrame?: (root: HTMLElement, shownLength: number) => void) {
  const frames: Array<() => void> = [];
  const view = new MarkdownView({ schedule: (callback) => frames.push(callback) });
  for (let pos = 0; pos < markdown.length; pos += size) {
    view.append(markdown.slice(pos, pos + size));
    frames.splice(0).forEach((callback) => callback());
    onFrame?.(view.root, Math.min(markdown.length, pos + size));
  }
  view.finish();
  return view.root;
}

const sections = [...new Set(examples.map((example) => example.section))];

describe('markdown renderer: the CommonMark spec', () => {
  it(`renders the ${MEASURED.length} examples without raw HTML as the spec does, but for the listed differences, and at least as many as marked`, () => {
    const failing: number[] = [];
    let markedPasses = 0;
    for (const example of MEASURED) {
      const expected = normaliseHtml(example.html);
      if (normaliseRendering(rendered(example.markdown)) !== expected) failing.push(example.number);
      if (normaliseHtml(marked.parse(example.markdown, { async: false })) === expected) markedPasses++;
    }
    expect(failing).to.deep.equal([...DELIBERATE.keys(), ...AS_MARKED.keys()].sort((a, b) => a - b));
    expect(MEASURED.length - failing.length).to.be.at.least(markedPasses);
  });

  describe('streamed in chunks of 1 to 40 characters, every example ends in the DOM of its one-shot render', () => {
    for (const section of sections) {
      it(section, () => {
        for (const example of examples.filter((e) => e.section === section)) {
          const expected = rendered(example.markdown).innerHTML;
          for (let size = 1; size <= 40; size++) {
            expect(streamed(example.markdown, size).innerHTML, `example ${example.number}, chunks of ${size}`).to.equal(
              expected,
            );
          }
        }
      });
    }
  });

  /**
   * Raw syntax flashing while streaming: at every frame, the text shown must be a subsequence of the
   * finished answer's (whitespace aside): nothing shows that the answer does not (a `**`, a `[`, a
   * definition's label), though words may show plainly before their formatting arrives. A reference
   * whose definition arrives later shows its brackets until then: for a frame, definitions not yet
   * settled are left out of the finished answer it is compared with.
   */
  describe('streamed in chunks of 1 to 40 characters, no frame shows syntax the finished answer does not show', () => {
    /** Known exceptions: the end of the text cannot tell. */
    const FLASHES = new Map<number, string>([
      [349, '`` `foo``bar`` ``: the open code span is closed at the end, though a later run of two closes it.'],
      [526, '`[foo<https://…](uri)>`: a link until the autolink around it is complete.'],
    ]);
    const squeezed = (text: string) => text.replace(/\s+/g, '');
    const within = (shown: string, whole: string) => {
      let at = 0;
      for (const char of shown) {
        at = whole.indexOf(char, at) + 1;
        if (!at) return false;
      }
      return true;
    };
    /** The text with the definitions that are not in its first `settled` characters left out. */
    const withoutLaterDefinitions = (markdown: string, settled: number): string => {
      const definitions: string[] = [];
      const walk = (tokens: readonly Token[]): void => {
        for (const token of tokens) {
          if (token.type === 'def') definitions.push(token.raw.trimEnd());
          if ('tokens' in token && token.tokens) walk(token.tokens);
          if (token.type === 'list') for (const item of token.items) walk(item.tokens);
        }
      };
      walk(new Lexer().lex(markdown));
      let out = markdown;
      let from = 0;
      for (const raw of definitions) {
        const at = out.indexOf(raw, from);
        if (at < 0) continue;
        if (at + raw.length > settled) out = out.slice(0, at) + out.slice(at + raw.length);
        else from = at + raw.length;
      }
      // Of two definitions of one label, marked reports the first: the second is found next time.
      return out === markdown ? out : withoutLaterDefinitions(out, settled);
    };
    for (const section of sections) {
      const measured = MEASURED.filter((e) => e.section === section && !FLASHES.has(e.number));
      if (!measured.length) continue;
      it(section, () => {
        for (const example of measured) {
          const whole = squeezed(rendered(example.markdown).textContent!);
          for (let size = 1; size <= 40; size++) {
            streamed(example.markdown, size, (root, length) => {
              const shown = squeezed(root.textContent!);
              if (within(shown, whole)) return;
              const prefix = example.markdown.slice(0, length);
              const settled = prefix.length - (splitBlocks(prefix).at(-1) ?? '').length;
              const before = squeezed(rendered(withoutLaterDefinitions(example.markdown, settled)).textContent!);
              expect(
                within(shown, before),
                `example ${example.number} after ${JSON.stringify(prefix)} shows ${JSON.stringify(root.textContent)}`,
              ).to.equal(true);
            });
          }
        }
      });
    }
    it('the known exceptions still flash (else they leave the list)', () => {
      for (const number of FLASHES.keys()) {
        const example = examples.find((e) => e.number === number)!;
        const whole = squeezed(rendered(example.markdown).textContent!);
        let flashed = false;
        for (let size = 1; size <= 40 && !flashed; size++)
          streamed(example.markdown, size, (root) => {
            flashed ||= !within(squeezed(root.textContent!), whole);
          });
        expect(flashed, `example ${number}`).to.equal(true);
      }
    });
  });
});
