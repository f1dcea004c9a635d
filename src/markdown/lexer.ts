import { Lexer, Tokenizer, type Links, type Token, type Tokens, type TokensList, type MarkedOptions } from 'marked';

/**
 * marked's lexer as the renderer uses it: CommonMark's fenced-code unindenting and nested link
 * brackets, and one block lexed at a time with the reference definitions of the blocks before it.
 * Tokens only: dom-builder.ts turns them into nodes.
 */

/**
 * marked's tokenizer, with a fenced code block's content unindented as CommonMark says: a fence
 * indented N spaces takes up to N spaces off each content line (marked leaves a line with fewer
 * spaces as it is, and unindents nothing under an indented `~~~`).
 */
class FenceTokenizer extends Tokenizer {
  override fences(src: string): Tokens.Code | undefined {
    const token = super.fences(src);
    const indent = token ? /^ */.exec(token.raw)![0].length : 0;
    if (!token || !indent) return token;
    const content = this.rules.block.fences.exec(src)?.[3];
    if (content !== undefined) token.text = content.replace(new RegExp(`^ {1,${indent}}`, 'gm'), '');
    return token;
  }
}

/**
 * marked's link text allows one level of brackets inside (`[a [b] c](url)`); CommonMark allows any
 * balanced nesting. Its rules are widened to four levels, built from the level it has: if a new
 * marked writes that level differently, its own rules stay (and the CommonMark test says so).
 */
const BRACKETS = String.raw`\[(?:\\[\s\S]|[^\[\]\\])*\]`;
const DEEPER_BRACKETS = [1, 2, 3].reduce((inner) => String.raw`\[(?:\\[\s\S]|${inner}|[^\[\]\\])*\]`, BRACKETS);
type Rules = Tokenizer['rules'];
/** marked's rules (one object per option set, made once) and their widened copy, made once too. */
const widened = new WeakMap<object, Rules>();

function withNestedBrackets(rules: Rules): Rules {
  let wide = widened.get(rules.inline);
  if (!wide) {
    const inline = { ...rules.inline };
    for (const name of ['link', 'reflink', 'reflinkSearch'] as const) {
      const rule = rules.inline[name];
      inline[name] = new RegExp(
        rule.source.replace(BRACKETS, () => DEEPER_BRACKETS),
        rule.flags,
      );
    }
    wide = { ...rules, inline };
    widened.set(rules.inline, wide);
  }
  return wide;
}

const TOKENIZER = new FenceTokenizer();
const RESTRICTED_TOKENIZER = new FenceTokenizer();
const LEXER_OPTIONS: MarkedOptions = { gfm: true, breaks: false, pedantic: false, tokenizer: TOKENIZER };

const RESTRICTED_LEXER_OPTIONS: MarkedOptions = { ...LEXER_OPTIONS, breaks: true, tokenizer: RESTRICTED_TOKENIZER };

/** A link reference definition: `[label]: href "title"`. */
export type Definition = Links[string];
/** Definitions by the key their label matches by (see `labelKey`). */
export type Definitions = ReadonlyMap<string, Definition>;

/**
 * The key a reference label matches by: CommonMark compares labels case-folded with their inner
 * whitespace collapsed (marked lower-cases them only, so `[ẞ]` would miss `[SS]`: `ß` upper-cases to `SS`).
 */
function labelKey(label: string): string {
  return label.replace(/\s+/g, ' ').toLowerCase().toUpperCase().toLowerCase();
}

export interface LexedBlock {
  tokens: TokensList;
  /** Definitions this block made that `definitions` did not have (the first of a label wins). */
  defined: Map<string, Definition>;
  /** Labels this block used as references that no definition answered: a later one changes the block. */
  unresolved: Set<string>;
  /** Lexes inline text as part of this block (same definitions). */
  inline: (text: string) => Token[];
}

/**
 * Lexes one block with the definitions made before it in the text (or anywhere, once known):
 * marked keeps the definitions of the text it lexes, so each block alone would only see its own.
 */
export function lexBlock(markdown: string, restricted = false, definitions: Definitions = new Map()): LexedBlock {
  const lexer = new Lexer(restricted ? RESTRICTED_LEXER_OPTIONS : LEXER_OPTIONS);
  // The lexer gives its tokenizer its rules: they are widened here, before anything is lexed.
  const tokenizer = restricted ? RESTRICTED_TOKENIZER : TOKENIZER;
  tokenizer.rules = withNestedBrackets(tokenizer.rules);
  const links: Links = Object.create(null);
  for (const [key, definition] of definitions) links[key] = definition;
  const asked = new Set<string>();
  const defined = new Map<string, Definition>();
  lexer.tokens.links = new Proxy(links, {
    get(target, label) {
      if (typeof label !== 'string') return undefined;
      const key = labelKey(label);
      if (!(key in target)) asked.add(key);
      return target[key];
    },
    set(target, label, definition: Definition) {
      if (typeof label !== 'string') return false;
      const key = labelKey(label);
      if (!(key in target)) {
        target[key] = definition;
        defined.set(key, definition);
      }
      return true;
    },
  });
  const tokens = lexer.lex(markdown);
  const unresolved = new Set<string>();
  for (const key of asked) if (!(key in links)) unresolved.add(key);
  return { tokens, defined, unresolved, inline: (text) => lexer.inlineTokens(text) };
}
