import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import fc from 'fast-check';
import {
  MarkdownView,
  renderMarkdown,
  splitBlocks,
  blockEnds,
  BlockScanner,
  safeLinkUrl,
  safeImageUrl,
  encodeUrl,
  decodeEntities,
  plainText,
} from './index.js';
import { appendMarkdownBlock } from './dom-builder.js';

/** The text lexed as one piece, with no block splitting at all: what the splits must not change. */
function unsplitHtml(markdown: string): string {
  const div = document.createElement('div');
  appendMarkdownBlock(div, markdown);
  return div.innerHTML;
}

function html(markdown: string, groupSize = 0): string {
  const div = document.createElement('div');
  div.append(renderMarkdown(markdown, { groupSize }));
  return div.innerHTML;
}

/** A view whose frames the test runs by hand. */
function manualView(options: ConstructorParameters<typeof MarkdownView>[0] = {}) {
  const frames: Array<() => void> = [];
  const view = new MarkdownView({ ...options, schedule: (cb) => frames.push(cb) });
  return { view, frames, runFrames: () => frames.splice(0).forEach((cb) => cb()) };
}

describe('markdown renderer', () => {
  it('renders the common constructs as DOM', () => {
    const out = html(
      '# Title\n\nSome **bold**, *em*, ~~del~~ and `code`.\n\n- a\n- [x] done\n\n1. one\n2. two\n\n> quote\n\n| a | b |\n|:-|-:|\n| 1 | 2 |\n\n---\n\n```ts\nconst x = 1 < 2;\n```',
    );
    expect(out).to.contain('<h3 class="md-h1">Title</h3>');
    expect(out).to.contain('<strong>bold</strong>');
    expect(out).to.contain('<em>em</em>');
    expect(out).to.contain('<del>del</del>');
    expect(out).to.contain('<code>code</code>');
    expect(out).to.contain('<li class="md-task"><span class="md-check">☑ </span>done</li>');
    expect(out).to.contain('<ol><li>one</li><li>two</li></ol>');
    expect(out).to.contain('<blockquote><p>quote</p></blockquote>');
    expect(out).to.contain('<th class="md-align-left" scope="col">a</th>');
    expect(out).to.contain('<td class="md-align-right">2</td>');
    expect(out).to.contain('<hr>');
    expect(out).to.contain('<pre tabindex="0"><code class="language-ts">const x = 1 &lt; 2;</code></pre>');
  });

  it('links get the allow-list, target and rel', () => {
    const out = html(
      '[site](https://example.com/a?b=1) [mail](mailto:a@example.com) [tel](tel:+39061234) [bad](javascript:alert(1)) <https://auto.example.com>',
    );
    const div = document.createElement('div');
    div.innerHTML = out; // test-only read-back of our own output
    const links = Array.from(div.querySelectorAll('a'));
    expect(links.map((a) => a.getAttribute('href'))).to.deep.equal([
      'https://example.com/a?b=1',
      'mailto:a@example.com',
      'tel:+39061234',
      'https://auto.example.com/',
    ]);
    for (const a of links) {
      expect(a.rel).to.equal('noopener noreferrer');
      expect(a.target).to.equal('_blank');
    }
    expect(div.textContent).to.contain('bad');
  });

  it('shows raw HTML as text and decodes entities in text only', () => {
    const div = document.createElement('div');
    div.append(renderMarkdown('a <b>bold</b> &amp; &copy; &#x41; &unknown; `&amp;`\n\n<div>block</div>'));
    expect(div.querySelector('b')).to.equal(null);
    expect(div.textContent).to.contain('a <b>bold</b> & © A &unknown; &amp;');
    expect(div.querySelector('p.md-raw')!.textContent).to.equal('<div>block</div>');
  });

  it('keeps an unclosed fence as an open code block and an incomplete link as text', () => {
    const { view, runFrames } = manualView();
    view.append('Intro\n\n```js\nlet a = 1;\n\nlet b');
    runFrames();
    expect(view.root.querySelector('pre code')!.textContent).to.equal('let a = 1;\n\nlet b');
    view.append('\n```\n\nSee [the docs](https://exa');
    runFrames();
    expect(view.root.querySelector('a')).to.equal(null);
    // The link's words show while its target arrives; its syntax does not (completeOpenTail).
    expect(view.root.textContent).to.contain('See the docs');
    expect(view.root.textContent).not.to.contain('](');
    view.append('mple.com)');
    runFrames();
    expect(view.root.querySelector('a')!.getAttribute('href')).to.equal('https://example.com/');
  });

  it('a heading whose words have not arrived is not shown as an empty heading', () => {
    const { view, runFrames } = manualView();
    view.append('Intro.\n\n## ');
    runFrames();
    expect(view.root.querySelector('h3')).to.equal(null);
    view.append('Steps');
    runFrames();
    expect(view.root.querySelector('h3')!.textContent).to.equal('Steps');
    // A finished text keeps what the text says, as a one-shot render does.
    const empty = manualView();
    empty.view.append('Intro.\n\n## ');
    empty.view.finish();
    expect(empty.view.root.innerHTML).to.equal(html('Intro.\n\n## '));
  });

  it('never touches a settled block again and renders at most once per frame', () => {
    const { view, frames, runFrames } = manualView();
    view.append('First paragraph.\n\nSecond');
    view.append(' grows');
    expect(frames.length).to.equal(1);
    runFrames();
    const first = view.root.firstElementChild!;
    expect(first.textContent).to.equal('First paragraph.');
    const mutations: MutationRecord[] = [];
    const observer = new MutationObserver((records) => mutations.push(...records));
    observer.observe(first, { subtree: true, childList: true, characterData: true, attributes: true });
    for (const chunk of [' more', ' and more.\n\nThird', ' one.']) {
      view.append(chunk);
      runFrames();
    }
    view.finish();
    mutations.push(...observer.takeRecords());
    observer.disconnect();
    expect(view.root.firstElementChild).to.equal(first);
    expect(mutations).to.have.length(0);
    expect(view.root.children.length).to.equal(3);
  });

  it('splits blocks only outside fences and not inside list continuations', () => {
    expect(splitBlocks('a\n\nb')).to.deep.equal(['a\n\n', 'b']);
    expect(splitBlocks('```\na\n\nb\n```\n\nc')).to.deep.equal(['```\na\n\nb\n```\n\n', 'c']);
    expect(splitBlocks('- a\n\n- b\n\n  more\n\nafter')).to.deep.equal(['- a\n\n- b\n\n  more\n\n', 'after']);
    // A boundary waits for the first character of the next line.
    expect(blockEnds('a\n\n', 0, false)).to.deep.equal([]);
    expect(blockEnds('- a\n\n1', 0, false)).to.deep.equal([]);
    expect(blockEnds('- a\n\nx', 0, false)).to.deep.equal([5]);
  });

  it('keeps a loose list one list, wherever in its block the list starts', () => {
    for (const text of [
      '- a\n\n- b',
      'Intro:\n- a\n\n- b\n\n- c',
      '# Steps\n1. one\n\n2. two\n\n3. three',
      '## H\n- a\n\n  more\n\n- b\n\nafter',
    ]) {
      const out = html(text);
      expect(out, text).to.equal(unsplitHtml(text));
      expect(out.match(/<(ul|ol)>/g), text).to.have.length(1);
    }
    expect(splitBlocks('Intro:\n- a\n\n- b\n\nafter')).to.deep.equal(['Intro:\n- a\n\n- b\n\n', 'after']);
    // Streamed: the blank line between two items must not settle the first item as its own list.
    const { view, runFrames } = manualView();
    for (const chunk of ['# Steps\n1. o', 'ne\n', '\n', '2', '. two\n\n', '3. three']) {
      view.append(chunk);
      runFrames();
    }
    view.finish();
    expect(view.root.querySelectorAll('ol').length).to.equal(1);
    expect(view.root.querySelectorAll('ol > li').length).to.equal(3);
  });

  it('resolves a reference whose definition comes blocks later, streamed as in one piece', () => {
    const text =
      'See [the guide][g] and [the FAQ].\n\nMore words.\n\n[g]: https://example.com/guide "Guide"\n[the faq]: https://example.com/faq';
    const expected = html(text);
    expect(expected).to.contain(
      '<a href="https://example.com/guide" target="_blank" rel="noopener noreferrer" title="Guide">the guide</a>',
    );
    expect(expected).to.contain(
      '<a href="https://example.com/faq" target="_blank" rel="noopener noreferrer">the FAQ</a>',
    );
    expect(expected).not.to.contain('[');
    for (const size of [1, 3, 7, 40]) {
      const { view, runFrames } = manualView();
      for (let pos = 0; pos < text.length; pos += size) {
        view.append(text.slice(pos, pos + size));
        runFrames();
      }
      view.finish();
      expect(view.root.innerHTML, `chunks of ${size}`).to.equal(expected);
    }
    // The block that used it is built again as soon as the definition settles, not at the end only.
    const { view, runFrames } = manualView();
    view.append('See [the guide][g].\n\n[g]: https://example.com/guide\n\nAnd more');
    runFrames();
    expect(view.root.querySelector('a')?.getAttribute('href')).to.equal('https://example.com/guide');
    // The first definition of a label wins, wherever the second one stands.
    expect(html('[a]\n\n[a]: https://one.example/\n\n[a]: https://two.example/')).to.contain('https://one.example/');
  });

  it('keeps the paragraphs of a loose list item apart', () => {
    const out = html('1. **Open the sign-in page**\n\n   Choose *Forgot password*.\n\n2. Check your mail');
    expect(out).to.equal(
      '<ol><li><p><strong>Open the sign-in page</strong></p><p>Choose <em>Forgot password</em>.</p></li><li><p>Check your mail</p></li></ol>',
    );
    // A tight item keeps its lines in one run of text.
    expect(html('- one\n  two')).to.equal('<ul><li>one\ntwo</li></ul>');
  });

  it('never nests a link in a link: the outer one is text, as CommonMark says', () => {
    const out = html('[see [the docs](https://a.example/) here](/b)');
    expect(out).to.equal(
      '<p>[see <a href="https://a.example/" target="_blank" rel="noopener noreferrer">the docs</a> here](/b)</p>',
    );
  });

  it('plain text of a rendering keeps rows, items and blocks apart', () => {
    const div = document.createElement('div');
    div.append(
      renderMarkdown('# Hours\n\n| Day | Open |\n|---|---|\n| Mon | 9-18 |\n\n3. three\n4. four\n\nSee **this**.'),
    );
    expect(plainText(div)).to.equal('Hours\nDay | Open\nMon | 9-18\n3. three\n4. four\nSee this.');
    // Reads blocks only until it has the characters asked for.
    expect(plainText(div, 5)).to.equal('Hours');
    expect(plainText(div, 6)).to.equal('Hours\nDay | Open\nMon | 9-18');
  });

  it('puts settled blocks in groups of groupSize; the tail stays outside until it settles; plain text reads through groups', () => {
    const text = 'one\n\ntwo\n\nthree\n\n- four\n- five\n\nsix';
    const { view, runFrames } = manualView({ groupSize: 2 });
    view.append(text);
    runFrames();
    const groups = Array.from(view.root.children).filter((c) => c.classList.contains('md-group'));
    expect(groups.map((g) => g.children.length)).to.deep.equal([2, 2]);
    // The open tail ("six") is a direct child after the groups.
    expect(view.root.lastElementChild!.outerHTML).to.equal('<p>six</p>');
    view.finish();
    expect(view.root.children.length).to.equal(3);
    expect(view.root.lastElementChild!.outerHTML).to.equal('<div class="md-group"><p>six</p></div>');
    expect(view.root.innerHTML).to.equal(html(text, 2));
    expect(plainText(view.root)).to.equal('one\ntwo\nthree\n- four\n- five\nsix');
    expect(plainText(view.root, 4)).to.equal('one\ntwo');
  });

  it('renders a backlog of settled blocks over several frames, within the frame budget', async () => {
    const text = Array.from({ length: 6 }, (_, i) => `Paragraph ${i}`).join('\n\n');
    const { view, frames, runFrames } = manualView({ frameBudgetMs: 0 });
    view.append(text);
    runFrames();
    // Budget 0: one settled block per frame, and the tail waits behind the backlog.
    expect(view.root.children.length).to.equal(1);
    expect(frames.length).to.equal(1);
    const done = view.complete();
    let guard = 0;
    while (!view.isFinished && guard++ < 20) runFrames();
    await done;
    expect(view.root.innerHTML).to.equal(html(text));
    expect(guard).to.be.greaterThan(3);
  });

  it('builds settled blocks as their text arrives, but puts them on the page only at the next frame, with the tail', () => {
    const { view, frames, runFrames } = manualView({ groupSize: 2, appendBudgetMs: Infinity, appendScanChars: 0 });
    view.append('one\n\ntw');
    runFrames();
    expect(view.root.innerHTML).to.equal('<div class="md-group"><p>one</p></div><p>tw</p>');
    view.append('o\n\nthree\n\nfour\n\nfi');
    // Built, not shown: the page keeps what the last frame rendered until the next one.
    expect(view.root.innerHTML).to.equal('<div class="md-group"><p>one</p></div><p>tw</p>');
    expect(frames.length).to.equal(1);
    runFrames();
    expect(view.root.innerHTML).to.equal(
      '<div class="md-group"><p>one</p><p>two</p></div><div class="md-group"><p>three</p><p>four</p></div><p>fi</p>',
    );
    view.append('ve');
    view.finish();
    expect(view.root.innerHTML).to.equal(html('one\n\ntwo\n\nthree\n\nfour\n\nfive', 2));
  });

  it('builds a backlog between frames, a budget per task; the frame after it puts everything in', async () => {
    const text = Array.from({ length: 8 }, (_, i) => `Paragraph ${i}`).join('\n\n');
    const frames: Array<() => void> = [];
    const tasks: Array<() => void> = [];
    const view = new MarkdownView({
      frameBudgetMs: 0,
      appendBudgetMs: 0,
      schedule: (cb) => frames.push(cb),
      scheduleTask: (cb) => tasks.push(cb),
    });
    view.append(text);
    frames.splice(0).forEach((cb) => cb());
    // Budget 0: one block in the frame, the rest waits for tasks (not frames), the tail too.
    expect(view.root.children.length).to.equal(1);
    expect([frames.length, tasks.length]).to.deep.equal([0, 1]);
    let taskRuns = 0;
    while (tasks.length) {
      tasks.splice(0).forEach((cb) => cb());
      taskRuns++;
    }
    expect(taskRuns).to.equal(6);
    expect(view.root.children.length).to.equal(1); // built, not on the page yet
    expect(frames.length).to.equal(1);
    const done = view.complete();
    frames.splice(0).forEach((cb) => cb());
    await done;
    expect(view.root.innerHTML).to.equal(html(text));
  });

  it('finds blocks in the text not built yet, never in the whole answer again', () => {
    // A text grown by += is copied into one string each time it is read: scanning the whole
    // answer for every 2 KB that arrived copied a 100 KB answer about fifty times.
    const text = Array.from(
      { length: 300 },
      (_, i) => `Paragraph ${i} with **some** words, a [link](https://example.com/${i}) and \`code\`.`,
    ).join('\n\n');
    const expected = html(text);
    const scanned: number[] = [];
    const scan = BlockScanner.prototype.scan;
    BlockScanner.prototype.scan = function (this: BlockScanner, source: string, final?: boolean) {
      scanned.push(source.length);
      return scan.call(this, source, final);
    };
    try {
      const { view, runFrames } = manualView({ appendBudgetMs: Infinity });
      for (let pos = 0; pos < text.length; pos += 20) {
        view.append(text.slice(pos, pos + 20));
        if (pos % 4000 === 0) runFrames();
      }
      view.finish();
      expect(view.root.innerHTML).to.equal(expected);
    } finally {
      BlockScanner.prototype.scan = scan;
    }
    expect(text.length).to.be.greaterThan(20_000);
    expect(scanned.length).to.be.greaterThan(5);
    // At most what arrived since the last look (2 KB) and the open block before it.
    expect(Math.max(...scanned)).to.be.lessThan(2048 + 200);
  });

  it('the end of a text waiting for render-interval is rendered at the next frame, and the wait asks for no frame after', async () => {
    // The renderer's clock and timers are the test's: the interval passes when the test says so.
    const clock = sinon.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    try {
      const { view, frames, runFrames } = manualView({ minIntervalMs: 20 });
      view.append('First block.\n\nSecond');
      runFrames();
      view.append(' block.\n\nThird');
      // Within the interval: the render waits for a timer, no frame is asked for yet.
      expect(frames.length).to.equal(0);
      const done = view.complete();
      expect(frames.length).to.equal(1);
      runFrames();
      await done;
      expect(view.root.innerHTML).to.equal(html('First block.\n\nSecond block.\n\nThird'));
      // The cancelled wait does not come back as a frame with nothing to show.
      clock.tick(40);
      expect(frames.length).to.equal(0);

      const other = manualView({ minIntervalMs: 20 });
      other.view.append('a\n\nb');
      other.runFrames();
      other.view.append('c');
      other.view.flush();
      clock.tick(40);
      expect(other.frames.length).to.equal(0);
    } finally {
      clock.uninstall();
    }
  });

  it('finish() during complete() renders the rest at once', async () => {
    const text = 'a\n\nb\n\nc\n\nd';
    const { view } = manualView({ frameBudgetMs: 0 });
    view.append(text);
    const done = view.complete();
    view.finish();
    await done;
    expect(view.root.innerHTML).to.equal(html(text));
  });

  it('writes a destination into a URL as CommonMark does: references decoded, the rest percent-encoded', () => {
    // CommonMark's Links examples: a space, a backslash, brackets and non-ASCII are encoded, escapes kept.
    expect(encodeUrl('/my uri')).to.equal('/my%20uri');
    expect(encodeUrl('foo\\bar')).to.equal('foo%5Cbar');
    expect(encodeUrl('https://example.com/\\[\\')).to.equal('https://example.com/%5C%5B%5C');
    expect(encodeUrl('/f&ouml;&ouml;')).to.equal('/f%C3%B6%C3%B6');
    expect(encodeUrl('/url?q=%20&x=%zz')).to.equal('/url?q=%20&x=%25zz');
    expect(encodeUrl('😀\ud800')).to.equal('%F0%9F%98%80%EF%BF%BD');
    // What the URL parser drops is dropped before the allow-list looks.
    expect(encodeUrl(' java\tscript:x ')).to.equal('javascript:x');
    expect(safeLinkUrl('https://example.com/a b')).to.equal('https://example.com/a%20b');
    expect(safeLinkUrl('foo\\bar')).to.equal(new URL('foo%5Cbar', document.baseURI).href);
  });

  it('URL allow-list', () => {
    expect(safeLinkUrl('https://a.example/x')).to.equal('https://a.example/x');
    expect(safeLinkUrl('/relative')).to.equal(new URL('/relative', document.baseURI).href);
    expect(safeLinkUrl('javascript:alert(1)')).to.equal(null);
    expect(safeLinkUrl('jav&#x09;ascript:alert(1)')).to.equal(null);
    expect(safeLinkUrl('data:text/html,x')).to.equal(null);
    expect(safeImageUrl('https://a.example/i.png')).to.equal('https://a.example/i.png');
    expect(safeImageUrl('/i.png')).to.equal(null);
    expect(safeImageUrl('//a.example/i.png')).to.equal(null);
    expect(decodeEntities('&lt;&#0;&#x1F600;&nope;')).to.equal('<\ufffd😀&nope;');
  });

  it('resolves a link as the page would, whether or not it needs the page address', () => {
    // Absolute links skip the page's address (a speed-up); what they resolve to must not change:
    // the reference is the resolution of the encoded destination against the page, for links with
    // and without a scheme.
    const reference = (raw: string): string | null => {
      const cleaned = encodeUrl(raw);
      if (!cleaned) return null;
      try {
        const url = new URL(cleaned, document.baseURI);
        return ['http:', 'https:', 'mailto:', 'tel:'].includes(url.protocol) ? url.href : null;
      } catch {
        return null;
      }
    };
    const prefix = fc.constantFrom(
      'https://',
      'HTTP://',
      'http:',
      'https:',
      'https:\\',
      'mailto:',
      'tel:',
      '//',
      '/',
      '',
      'ftp://',
    );
    const rest = fc.stringMatching(/^[\w.:/?#@%\\ -]{0,24}$/);
    fc.assert(
      fc.property(prefix, rest, (p, r) => safeLinkUrl(p + r) === reference(p + r)),
      { numRuns: 500 },
    );
    for (const raw of ['https:relative', 'http:x', 'HTTPS://Help.Example.COM/a/../b', 'https://a.example']) {
      expect(safeLinkUrl(raw), raw).to.equal(reference(raw));
    }
  });

  it('sanitises html answers into DOM with safe links', () => {
    const view = new MarkdownView({ format: 'html' });
    view.append(
      '<p onclick="x()">Hi <a href="https://example.com">there</a> <a href="javascript:x()">bad</a><script>x()</script></p>',
    );
    view.finish();
    const p = view.root.querySelector('p')!;
    expect(p.hasAttribute('onclick')).to.equal(false);
    expect(view.root.querySelector('script')).to.equal(null);
    expect(view.root.querySelectorAll('a').length).to.equal(1);
    expect(view.root.querySelector('a')!.rel).to.equal('noopener noreferrer');
    expect(view.root.textContent).to.contain('bad');
  });
});

/** Markdown made of the pieces answers contain, joined in random order. */
const piece = fc.constantFrom(
  '# Heading',
  '## Sub *heading*',
  'plain words',
  'a **bold** and *em* and `code`',
  '[link](https://example.com/x)',
  '![img](https://example.com/i.png)',
  '- item one\n- item two',
  '1. first\n2. second',
  '- [ ] task\n- [x] done',
  '> quoted\n> text',
  '| a | b |\n|---|:-:|\n| 1 | 2 |\n| 3 | 4 |',
  '```js\nconst a = 1;\n\nconst b = 2;\n```',
  '~~~\nraw ~~~ text\n~~~',
  '---',
  'line with  \nhard break',
  '<b>raw</b> &amp; &copy;',
  '    indented code',
  '- a\n\n  continued',
  'text with trailing [incomplete](http',
  '```\nunclosed fence',
  // Loose lists: blank lines between items, a list right under a heading or a paragraph.
  '- loose one\n\n- loose two\n\n- loose three',
  '1. step\n\n2. step\n\n   detail',
  '## Steps\n- a\n\n- b',
  'Intro:\n- x\n\n- y',
);
const markdownDoc = fc
  .array(fc.tuple(piece, fc.constantFrom('\n', '\n\n', '\n\n\n', ' ')), { minLength: 1, maxLength: 12 })
  .map((parts) => parts.map(([p, sep]) => p + sep).join(''));

describe('markdown renderer: decorating settled blocks', () => {
  it('hands each settled block to decorate once, and never the open tail', () => {
    const seen: string[] = [];
    const { view, runFrames } = manualView({
      decorate: (nodes) => nodes.forEach((n) => seen.push((n as Element).localName)),
    });
    view.append('Intro\n\n```js\nlet a');
    runFrames();
    // The fence is still open: it is the tail, shown but not decorated.
    expect(view.root.querySelector('pre')).to.exist;
    expect(seen).to.deep.equal(['p']);
    view.append(' = 1;\n```\n\nAfter');
    runFrames();
    runFrames();
    expect(seen).to.deep.equal(['p', 'pre']);
    view.finish();
    expect(seen).to.deep.equal(['p', 'pre', 'p']);
  });
});

describe('markdown renderer: the open end while streaming', () => {
  const shownAfter = (chunks: string[]) => {
    const { view, runFrames } = manualView();
    return chunks.map((chunk) => {
      view.append(chunk);
      runFrames();
      return view.root.innerHTML;
    });
  };

  it('closes emphasis and inline code left open, and shows a link by its words until its target ends', () => {
    const [bold, code, link, image] = shownAfter([
      'We open **Monday ',
      'to `Fri',
      'day`. See [the opening',
      ' hours](https://exa ![map](https://ex',
    ]);
    expect(bold).to.equal('<p>We open <strong>Monday</strong></p>');
    expect(code).to.equal('<p>We open <strong>Monday to <code>Fri</code></strong></p>');
    expect(link).to.contain('See the opening</strong></p>');
    expect(image).not.to.contain('map');
    expect(image).not.to.match(/\[|\]\(/);
  });

  it('holds a table back until its delimiter row is complete, and a row until its line is', () => {
    const shown = shownAfter(['Hours:\n\n| Day | Morning', ' |\n', '| --- | -', '-- |\n| Mon | 9', '-13 |\n']);
    for (const html of shown.slice(0, 3)) {
      expect(html).to.equal('<p>Hours:</p>');
    }
    expect(shown[3]).to.contain('<th scope="col">Day</th>');
    expect(shown[3]).not.to.contain('Mon');
    expect(shown[4]).to.contain('<td>9-13</td>');
  });

  it('does not show a fence being typed', () => {
    const [opening, closing] = shownAfter(['Code:\n\n``', '`js\nlet a = 1;\n``']);
    expect(opening).to.equal('<p>Code:</p>');
    expect(closing).to.contain('<code class="language-js">let a = 1;</code>');
  });

  it('shows no syntax of a fence under a paragraph, brackets in inline code or a link around an image while they arrive', () => {
    const squeezed = (text: string) => text.replace(/\s+/g, '');
    const within = (shown: string, whole: string) => {
      let at = 0;
      for (const char of shown) if (!(at = whole.indexOf(char, at) + 1)) return false;
      return true;
    };
    for (const text of [
      'Run this:\n```sh\nnpm start\n```\nThen open the page.',
      'Read `items[0]` and `links[a](b)` first.',
      'See [![the logo](https://example.com/logo.png) our site](https://example.com/) today.',
    ]) {
      const div = document.createElement('div');
      div.append(renderMarkdown(text));
      const whole = squeezed(div.textContent!);
      for (let size = 1; size <= 12; size++) {
        const { view, runFrames } = manualView();
        for (let pos = 0; pos < text.length; pos += size) {
          view.append(text.slice(pos, pos + size));
          runFrames();
          const shown = view.root.textContent!;
          expect(
            within(squeezed(shown), whole),
            `${JSON.stringify(text.slice(0, pos + size))} shows ${JSON.stringify(shown)}`,
          ).to.equal(true);
        }
        view.finish();
        expect(view.root.innerHTML).to.equal(div.innerHTML);
      }
    }
  });

  it('never shows markdown syntax of words and tables while they arrive, at any cut (property)', () => {
    const word = fc.constantFrom('Monday', 'opening', 'hours', 'nine', 'closed');
    const inline = fc.oneof(
      word,
      word.map((w) => `**${w}**`),
      word.map((w) => `*${w}*`),
      word.map((w) => `\`${w}\``),
      fc.tuple(word, word).map(([a, b]) => `[${a} ${b}](https://example.com/${a})`),
    );
    const paragraph = fc.array(inline, { minLength: 1, maxLength: 8 }).map((ws) => ws.join(' '));
    const table = fc
      .array(fc.tuple(word, word), { minLength: 1, maxLength: 3 })
      .map((rows) => `| Day | Hours |\n| --- | --- |\n${rows.map(([a, b]) => `| ${a} | ${b} |`).join('\n')}`);
    const doc = fc
      .array(fc.oneof(paragraph, table), { minLength: 1, maxLength: 4 })
      .map((blocks) => blocks.join('\n\n'));
    fc.assert(
      fc.property(doc, fc.array(fc.integer({ min: 1, max: 12 }), { minLength: 1, maxLength: 40 }), (text, sizes) => {
        const { view, runFrames } = manualView();
        for (let pos = 0, i = 0; pos < text.length; i++) {
          const size = sizes[i % sizes.length]!;
          view.append(text.slice(pos, pos + size));
          pos += size;
          runFrames();
          const shown = view.root.textContent!;
          expect(shown, `after ${JSON.stringify(text.slice(0, pos))}`).not.to.match(/\*|`|\[|\]\(|\|/);
        }
        view.finish();
        expect(view.root.innerHTML).to.equal(html(text));
      }),
      { numRuns: 300 },
    );
  });
});

describe('markdown renderer: property', () => {
  it('random chunking (with frames at random points) ends in the same DOM as rendering the whole text', () => {
    fc.assert(
      fc.property(
        markdownDoc,
        fc.array(fc.integer({ min: 1, max: 40 }), { minLength: 1, maxLength: 200 }),
        fc.array(fc.boolean(), { minLength: 1, maxLength: 50 }),
        fc.boolean(),
        fc.boolean(),
        fc.constantFrom(0, 1, 2, 3),
        fc.constantFrom(undefined, 0, Infinity),
        fc.constantFrom(0, 1, 30),
        (text, sizes, frameAfter, tinyBudget, viaComplete, groupSize, appendBudgetMs, appendScanChars) => {
          const expected = html(text, groupSize);
          // A zero budget renders one settled block per frame: the backlog path. The append budget
          // builds blocks as text arrives (Infinity: all of them, 0: none, left to the frames).
          const { view, runFrames } = manualView({
            groupSize,
            ...(tinyBudget ? { frameBudgetMs: 0 } : {}),
            ...(appendBudgetMs !== undefined ? { appendBudgetMs, appendScanChars: appendScanChars } : {}),
          });
          let pos = 0;
          let i = 0;
          while (pos < text.length) {
            const size = sizes[i % sizes.length]!;
            view.append(text.slice(pos, pos + size));
            if (frameAfter[i % frameAfter.length]) runFrames();
            pos += size;
            i++;
          }
          if (viaComplete) {
            // The end of a stream: the rest is rendered frame by frame until the view finishes itself.
            void view.complete();
            for (let guard = 0; !view.isFinished && guard < 1000; guard++) runFrames();
            expect(view.isFinished).to.equal(true);
          } else {
            view.finish();
          }
          expect(view.root.innerHTML).to.equal(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('splitting into blocks never changes the DOM: the same as lexing the whole text at once', () => {
    fc.assert(
      fc.property(markdownDoc, (text) => {
        expect(html(text), JSON.stringify(text)).to.equal(unsplitHtml(text));
      }),
      { numRuns: 500 },
    );
  });

  it('a boundary found in a prefix is also a boundary of the whole text', () => {
    fc.assert(
      fc.property(markdownDoc, fc.nat(), (text, cut) => {
        const prefix = text.slice(0, cut % (text.length + 1));
        const whole = new Set(blockEnds(text, 0, true));
        for (const end of blockEnds(prefix, 0, false))
          expect(whole.has(end), `end ${end} of ${JSON.stringify(prefix)}`).to.equal(true);
      }),
      { numRuns: 500 },
    );
  });
});
