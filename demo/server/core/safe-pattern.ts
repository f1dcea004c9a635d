/**
 * Patterns an integrator configures (a widget's pre-chat field `pattern`) run on what visitors type.
 * JavaScript's RegExp backtracks: `^(a+)+$` against forty `a` and a `!` keeps the one thread of the
 * simulator — and of a gateway that embeds it — busy for hours. Here they run on RE2JS (RE2's
 * linear-time engine in plain JavaScript, no native build): the time grows with the value's
 * length, never exponentially, and the value is capped besides. RE2 has no lookaround and no
 * backreferences; such a pattern is refused when it is configured, with the reason.
 */
import { RE2JS } from 're2js';

/** Longest pattern accepted (RE2 compiles a program per pattern; a page of regex is a mistake). */
export const MAX_PATTERN_CHARS = 500;
/** Longest value a pattern is run on, whatever a field's own `maxLength` says. */
export const MAX_PATTERN_VALUE_CHARS = 1000;

const compiled = new Map<string, RE2JS>();

/** Why `source` cannot be used as a pattern, or undefined when it can. */
export function patternProblem(source: string): string | undefined {
  if (source.length > MAX_PATTERN_CHARS) return `longer than ${MAX_PATTERN_CHARS} characters`;
  try {
    compile(source);
    return undefined;
  } catch (error) {
    return `not a pattern this service runs (RE2 syntax: no lookaround, no backreferences): ${(error as Error).message}`;
  }
}

function compile(source: string): RE2JS {
  let pattern = compiled.get(source);
  if (!pattern) {
    pattern = RE2JS.compile(source);
    if (compiled.size >= 200) compiled.clear();
    compiled.set(source, pattern);
  }
  return pattern;
}

/**
 * Whether the whole `value` matches `source` (as an HTML `pattern` attribute does): `too-long` past
 * the value cap, `unusable` for a pattern RE2 cannot run (one stored before it was checked).
 */
export function matchesWhole(source: string, value: string): boolean | 'too-long' | 'unusable' {
  if (value.length > MAX_PATTERN_VALUE_CHARS) return 'too-long';
  if (patternProblem(source)) return 'unusable';
  return compile(source).matches(value);
}
