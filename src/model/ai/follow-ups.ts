/**
 * Suggested follow-ups, as the service gives them. The spec's chat response has no field for them;
 * an agent gives them by function calling (`tools_config`): a `tool_call` of the tool the panel is
 * told about (`follow-up-tool`, default `suggest_follow_ups`) whose `tool_args.questions` are the
 * questions. The panel shows those and nothing else: it never makes a suggestion up.
 */

/** The default name of the follow-up tool. */
export const DEFAULT_FOLLOW_UP_TOOL = 'suggest_follow_ups';
/** At most this many suggestions, each at most this long (a chip, not a paragraph). */
export const MAX_FOLLOW_UPS = 3;
export const MAX_FOLLOW_UP_CHARS = 200;

/**
 * The questions of a tool call, when it is the follow-up tool: the strings of `args.questions`,
 * trimmed, without blanks and repeats, at most {@link MAX_FOLLOW_UPS}. Undefined for any other
 * call (or none configured): that one is a tool card as before.
 */
export function followUpsOf(
  toolName: string | undefined,
  args: unknown,
  tool: string | undefined,
): string[] | undefined {
  if (!tool || toolName !== tool) return undefined;
  const questions = (args as { questions?: unknown } | undefined)?.questions;
  if (!Array.isArray(questions)) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const q of questions) {
    if (typeof q !== 'string') continue;
    const text = q.replace(/\s+/g, ' ').trim();
    if (!text || text.length > MAX_FOLLOW_UP_CHARS || seen.has(text.toLowerCase())) continue;
    seen.add(text.toLowerCase());
    out.push(text);
    if (out.length === MAX_FOLLOW_UPS) break;
  }
  return out;
}
